#include "backends/cpu/dispatcher.hpp"

#include "backends/cpu/cpu_spin.hpp"
#include "backends/cpu/kernel_executor.hpp"
#include "backends/cpu/thread_pool.hpp"
#include "core/device_impl.hpp"
#include "core/environment.hpp"
#include "core/profiler.hpp"
#include "core/spin_wait.hpp"
#include "core/wait_util.hpp"

#include "hc/detail/exceptions.hpp"

#include <algorithm>
#include <cstring>
#include <new>
#include <string>
#include <system_error>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

void dispatcher::enqueue(std::shared_ptr<cpu_state> state) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!started_) {
    // The thread keeps the dispatcher alive (not the queue): a queue that is
    // dropped with commands pending lets them finish without blocking.
    try {
      std::thread(&dispatcher::loop, shared_from_this()).detach();
    } catch (const std::system_error &e) {
      throw Kalmar::runtime_exception(
          std::string("hc runtime: cannot start a CPU queue thread: ") +
              e.what(),
          Kalmar::E_FAIL_CODE);
    }
    started_ = true;
  }
  state->offered = pending_.fetch_add(1, std::memory_order_relaxed) == 0;
  commands_.push_back(std::move(state));
  last_ = commands_.back();
  const std::size_t queued = commands_.size();
  const bool wake = sleeping_;
  lock.unlock();
  // Published after the unlock: the polling thread takes the lock as soon
  // as it sees the command, and would otherwise find it still held and
  // sleep in the kernel until this thread's unlock woke it.
  queued_.store(queued, std::memory_order_release);
  if (wake)
    work_.notify_one();
}

void dispatcher::shut_down() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_.notify_one();
}

std::size_t dispatcher::pending() const {
  return pending_.load(std::memory_order_acquire);
}

async_ptr dispatcher::last() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return last_;
}

std::exception_ptr dispatcher::take_error() {
  std::lock_guard<std::mutex> lock(mutex_);
  std::exception_ptr error = unreported_;
  unreported_ = nullptr;
  return error;
}

void dispatcher::execute(command &c) {
  switch (c.what) {
  case command::kind::kernel:
    try {
      execute_kernel(c.kernel, thread_pool::global());
    } catch (const std::bad_alloc &) {
      // operator new in a kernel (the process heap is the CPU backend's
      // device heap) fails as on a GPU: docs/device-heap.md.
      throw Kalmar::runtime_exception(
          "hc runtime: cpu: kernel " +
              std::string(c.kernel.device_name ? c.kernel.device_name
                                               : "(unnamed)") +
              ": device heap exhausted: operator new threw std::bad_alloc",
          Kalmar::E_FAIL_CODE);
    }
    break;
  case command::kind::copy:
    // CPU "device" memory is host memory; memmove tolerates views that
    // alias the same user memory.
    if (c.bytes)
      std::memmove(c.dst, c.src, c.bytes);
    break;
  case command::kind::marker:
    break;
  }
}

void dispatcher::record_profile(const command &c, std::uint64_t begin,
                                std::uint64_t end) const noexcept {
  profile::command_record r;
  switch (c.what) {
  case command::kind::kernel:
    r.what = profile::kind::kernel;
    r.name = c.kernel.device_name;
    break;
  case command::kind::copy:
    r.what = profile::kind::copy;
    r.name = describe(copy_direction::host_to_host);
    r.bytes = c.bytes;
    break;
  case command::kind::marker:
    r.what = profile::kind::marker;
    break;
  }
  profile::record_command(r, "cpu view", this, begin, end);
}

bool dispatcher::run_if_next(cpu_state &state) {
  // The caller saw the command unfinished, so it is pending: when it is
  // the only one, everything before it has finished (and is visible).
  if (pending_.load(std::memory_order_acquire) != 1)
    return false;
  // Counted before the claim: a dispatcher that finds the command claimed
  // sees the count.
  running_elsewhere_.fetch_add(1, std::memory_order_seq_cst);
  const bool claimed = state.claim();
  if (claimed)
    run(state);
  // This dispatcher is still alive: `state` (which the caller holds)
  // refers to it.
  running_elsewhere_.fetch_sub(1, std::memory_order_seq_cst);
  if (awaiting_elsewhere_.load(std::memory_order_seq_cst)) {
    std::lock_guard<std::mutex> lock(mutex_);
    work_.notify_one();
  }
  return claimed;
}

void dispatcher::offer_to_waiter(const cpu_state &state) {
  // Most programs wait for a kernel right after launching it (wait(),
  // array_view::synchronize()): the launching thread reaches the wait
  // well within this, and running the command there saves both thread
  // hand-offs. A command nobody waits for starts this much later.
  const auto until =
      std::chrono::steady_clock::now() + std::chrono::microseconds(2);
  while (!state.claimed() && std::chrono::steady_clock::now() < until)
    cpu_relax();
}

void dispatcher::wait_for_commands_run_elsewhere() {
  auto none = [this] {
    return running_elsewhere_.load(std::memory_order_seq_cst) == 0;
  };
  // Briefly: while a waiter runs a long kernel, this thread would take a
  // core from the kernel's threads; waking it afterwards costs that kernel
  // little.
  if (spin_until(none, std::min(spin_budget(), std::chrono::microseconds(10))))
    return;
  std::unique_lock<std::mutex> lock(mutex_);
  awaiting_elsewhere_.store(true, std::memory_order_seq_cst);
  work_.wait(lock, none);
  awaiting_elsewhere_.store(false, std::memory_order_relaxed);
}

void dispatcher::loop() {
  std::vector<std::shared_ptr<cpu_state>> taken; // in order
  for (;;) {
    // The next command often follows at once (launch after launch, or
    // after the host waited for this one): poll before sleeping, without
    // the lock, which the launching thread is about to take.
    spin_until([this] { return queued_.load(std::memory_order_acquire) != 0; },
               spin_budget());
    {
      std::unique_lock<std::mutex> lock(mutex_);
      if (commands_.empty() && !stopping_) {
        sleeping_ = true;
        work_.wait(lock, [this] { return stopping_ || !commands_.empty(); });
        sleeping_ = false;
      }
      if (commands_.empty()) {
        // Stopping, and everything done. The last state refers to this
        // dispatcher: let both go.
        last_.reset();
        return;
      }
      taken.swap(commands_);
      queued_.store(0, std::memory_order_relaxed);
    }
    for (std::shared_ptr<cpu_state> &state : taken) {
      if (state->offered)
        offer_to_waiter(*state);
      const bool mine = state->claim();
      if (mine)
        run(*state);
      state.reset();
      if (!mine) // a waiting thread runs it: the next command waits for it
        wait_for_commands_run_elsewhere();
    }
    taken.clear();
  }
}

void dispatcher::run(cpu_state &state) {
  command &c = state.work;
  wait_quietly(c.deps);
  c.deps.clear();
  std::uint64_t begin = current_tick();
  std::exception_ptr error;
  try {
    execute(c);
  } catch (...) {
    error = std::current_exception();
  }
  std::uint64_t end = current_tick();
  if (profile::level() && !error)
    record_profile(c, begin, end);
  try {
    // Release the argument block before reporting completion, so that a
    // waiter sees the kernel's captured objects already gone.
    c = command();
  } catch (...) {
    warn("exception while releasing a kernel's arguments");
  }
  state.set_ticks(begin, end);

  if (error) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!unreported_)
      unreported_ = error;
  }
  // Counted down before the command completes: a thread that saw it
  // complete sees it no longer pending.
  pending_.fetch_sub(1, std::memory_order_release);
  if (error)
    state.set_error(error);
  else
    state.set_ready();
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
