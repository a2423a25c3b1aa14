// async_state: completion of one enqueued command, plus the runtime clock.
#include "hc/detail/runtime.hpp"

#include "core/callback_executor.hpp"
#include "core/environment.hpp"
#include "core/profiler.hpp"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <vector>

namespace hc {
namespace detail {

async_state::async_state() = default;
async_state::~async_state() = default;

namespace {

// HCC_PROFILE=2: a host wait as a trace event on its thread's track.
void record_wait(std::uint64_t begin, std::uint64_t end) noexcept {
  try {
    static std::atomic<int> threads{0};
    thread_local int thread_number = ++threads;
    rt::profile::event e;
    e.what = rt::profile::kind::wait;
    e.track = "host thread " + std::to_string(thread_number);
    e.begin_ns = begin;
    e.end_ns = end;
    rt::profile::record(std::move(e));
  } catch (...) {
  }
}

} // namespace

void async_state::wait() {
  if (!is_ready() && rt::profile::level() >= 2) {
    std::uint64_t begin = current_tick();
    wait_until_ready();
    record_wait(begin, current_tick());
  } else if (!is_ready()) {
    wait_until_ready();
  }
  std::exception_ptr error = this->error();
  if (error)
    std::rethrow_exception(error);
}

void async_state::wait_until_ready() {
  // Let the backend block in its own API first (cheaper than a condition
  // variable hand-off); it returns once the command has finished.
  backend_wait();
  // Seen finished: return without the lock, which the completing thread
  // may still hold while it notifies (taking it would make this thread
  // sleep and that one wake it). The completing thread holds a reference
  // until set_error() returns, so the state outlives its notification.
  if (is_ready())
    return;
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [this] { return is_ready(); });
}

void async_state::wait_quietly() noexcept {
  try {
    wait_until_ready();
  } catch (...) {
  }
}

bool async_state::wait_for(std::chrono::nanoseconds timeout) {
  if (is_ready())
    return true;
  std::unique_lock<std::mutex> lock(mutex_);
  // steady_clock::now() + a huge duration would overflow: treat anything
  // beyond a year as "forever".
  if (timeout > std::chrono::hours(24 * 365)) {
    finished_.wait(lock, [this] { return is_ready(); });
    return true;
  }
  return finished_.wait_for(lock, timeout, [this] { return is_ready(); });
}

void async_state::then(std::function<void()> callback) {
  if (!callback)
    return;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!is_ready()) {
      callbacks_.push_back(std::move(callback));
      return;
    }
  }
  callback(); // already finished: run at once, in the caller's thread
}

void async_state::set_ready() { set_error(nullptr); }

void async_state::keep_until_done(std::shared_ptr<void> owner) {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!is_ready())
    keep_alive_ = std::move(owner);
  // else `owner` is released on return, after the lock.
}

void async_state::set_error(std::exception_ptr error) {
  // What the command kept alive goes first, outside the lock (destructors
  // of captured objects may take locks or wait): whoever sees the command
  // finished sees them released. Most commands keep nothing: they finish
  // in the one critical section (a waiter polling done_ sees the lock's
  // cache line change hands as rarely as can be).
  std::vector<std::function<void()>> callbacks;
  std::unique_lock<std::mutex> lock(mutex_);
  if (keep_alive_) {
    std::shared_ptr<void> kept = std::move(keep_alive_);
    lock.unlock();
    try {
      kept.reset();
    } catch (...) {
    }
    lock.lock();
  }
  if (is_ready())
    return; // finished already; a second completion is ignored
  error_ = error;
  callbacks.swap(callbacks_);
  done_.store(true, std::memory_order_release);
  // Notified under the lock: a waiter that sees done_ may destroy the
  // state right after, so nothing of it may be touched once unlocked.
  // (The completing backend holds a reference until this returns.)
  finished_.notify_all();
  lock.unlock();
  if (!callbacks.empty()) {
    // Run them in registration order on a runtime thread, never in the
    // backend thread that completed the command (see callback_executor.hpp).
    rt::post_callback([callbacks = std::move(callbacks)]() mutable {
      for (auto &callback : callbacks) {
        try {
          callback();
        } catch (const std::exception &e) {
          rt::warn(std::string("exception in a completion callback: ") +
                   e.what());
        } catch (...) {
          rt::warn("unknown exception in a completion callback");
        }
      }
    });
  }
}

std::exception_ptr async_state::error() const {
  // Written once, before done_ is released: no lock needed once ready.
  if (is_ready())
    return error_;
  std::lock_guard<std::mutex> lock(mutex_);
  return error_;
}

std::shared_ptr<async_state> async_state::make_ready() {
  auto state = std::make_shared<async_state>();
  state->set_ready();
  return state;
}

std::uint64_t tick_frequency() { return 1000000000ull; }

std::uint64_t current_tick() {
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
}

} // namespace detail
} // namespace hc
