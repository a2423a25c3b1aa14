#include "backends/cpu/tile_runner.hpp"

#include <memory>
#include <utility>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

namespace ctx = boost::context;

namespace {
thread_local tile_runner *running = nullptr; // runner inside run(), if any
} // namespace

tile_runner &tile_runner::for_this_thread() {
  thread_local tile_runner runner(fiber_stack_pool::for_this_thread());
  return runner;
}

// Switching. Fibers switch directly to one another (one context switch per
// barrier arrival); run() only starts the first fiber, gets control back
// when no work-item can run, and cleans up. Whoever switches sets handoff_
// to say what its own continuation is, and the fiber that gains control
// files it (accept): the scheduler's continuation is kept in scheduler_, a
// waiting work-item's goes to waiting_. A fiber that ends hands over an
// empty continuation.

ctx::fiber tile_runner::new_fiber() {
  return ctx::fiber(std::allocator_arg, pooled_stack_allocator(stacks_),
                    [this](ctx::fiber &&from) {
                      return fiber_main(std::move(from));
                    });
}

void tile_runner::accept(ctx::fiber &&from) {
  if (!from)
    return;
  if (handoff_ == handoff::scheduler)
    scheduler_ = std::move(from);
  else
    file(std::move(from));
}

void tile_runner::file(ctx::fiber &&suspended) {
  if (handoff_ == handoff::yielding)
    runnable_.push_back(std::move(suspended));
  else
    waiting_.push_back(std::move(suspended));
}

void tile_runner::run(std::size_t items, item_fn item, void *context) {
  if (items == 0)
    return;
  items_ = items;
  item_ = item;
  context_ = context;
  next_ = finished_ = arrived_ = 0;
  error_ = nullptr;
  tile_runner *outer = running;
  running = this;

  while (finished_ < items_ && !error_) {
    ctx::fiber next;
    if (!runnable_.empty()) {
      next = std::move(runnable_.front());
      runnable_.pop_front();
    } else if (next_ < items_) {
      next = new_fiber();
    } else {
      // Cannot happen (the last arrival releases the barrier), but never
      // hang: let the waiting work-items go.
      release_waiting();
      continue;
    }
    handoff_ = handoff::scheduler;
    ctx::fiber back = std::move(next).resume();
    // Back here from a work-item that waits (its continuation) or from a
    // fiber that ended (empty).
    if (back)
      file(std::move(back));
  }

  running = outer;
  if (error_) {
    // Destroying a suspended fiber unwinds its stack (destructors of the
    // work-item's locals run), then its stack returns to the pool.
    waiting_.clear();
    runnable_.clear();
    std::exception_ptr error = std::move(error_);
    error_ = nullptr;
    std::rethrow_exception(error);
  }
}

ctx::fiber tile_runner::fiber_main(ctx::fiber &&from) {
  accept(std::move(from));
  // Work-items run one after another on this fiber until one of them waits
  // at a barrier; the next one then starts on a new fiber.
  while (next_ < items_ && !error_) {
    std::size_t i = next_++;
    try {
      item_(context_, i);
    } catch (const ctx::detail::forced_unwind &) {
      throw; // the scheduler is unwinding this fiber: let it
    } catch (...) {
      if (!error_)
        error_ = std::current_exception();
    }
    ++finished_;
    // A work-item that returns no longer counts for the barrier: if the
    // others were waiting only for it, they may go on.
    if (everyone_arrived())
      release_waiting();
  }
  // Done: continue with a released work-item, else back to run().
  if (!error_ && !runnable_.empty()) {
    ctx::fiber next = std::move(runnable_.front());
    runnable_.pop_front();
    return next;
  }
  return std::move(scheduler_);
}

void tile_runner::release_waiting() {
  arrived_ = 0;
  while (!waiting_.empty()) {
    runnable_.push_back(std::move(waiting_.front()));
    waiting_.pop_front();
  }
}

void tile_runner::arrive() {
  ++arrived_;
  if (everyone_arrived()) {
    // Last to arrive: wake the others and go on without switching.
    release_waiting();
    return;
  }
  // Wait: switch to a released work-item, else start the next one, else
  // (cannot happen: someone must still arrive) return to run().
  ctx::fiber target;
  if (!runnable_.empty()) {
    target = std::move(runnable_.front());
    runnable_.pop_front();
  } else if (next_ < items_) {
    target = new_fiber();
  } else {
    target = std::move(scheduler_);
  }
  handoff_ = handoff::waiting;
  ctx::fiber from = std::move(target).resume();
  accept(std::move(from));
}

void tile_runner::yield_current() {
  // Unstarted work-items first: the one this work-item waits for may not
  // have started, and two that yield to each other would never start it.
  ctx::fiber target;
  if (next_ < items_) {
    target = new_fiber();
  } else if (!runnable_.empty()) {
    target = std::move(runnable_.front());
    runnable_.pop_front();
  } else {
    return; // everyone else waits at a barrier or has finished
  }
  handoff_ = handoff::yielding;
  ctx::fiber from = std::move(target).resume();
  accept(std::move(from));
}

void tile_runner::yield() {
  if (running)
    running->yield_current();
}

void tile_runner::barrier() {
  if (running)
    running->arrive();
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
