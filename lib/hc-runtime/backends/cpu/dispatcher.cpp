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

#include <cstring>
#include <new>
#include <string>
#include <system_error>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

void dispatcher::enqueue(command c) {
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
  last_ = c.state;
  ++pending_;
  commands_.push_back(std::move(c));
  queued_.store(commands_.size(), std::memory_order_release);
  const bool wake = sleeping_;
  lock.unlock();
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
  std::lock_guard<std::mutex> lock(mutex_);
  return pending_;
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

void dispatcher::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    if (commands_.empty() && !stopping_) {
      // The next command often follows at once (launch after launch, or
      // after the host waited for this one): poll before sleeping.
      lock.unlock();
      spin_until(
          [this] { return queued_.load(std::memory_order_acquire) != 0; },
          spin_budget());
      lock.lock();
      sleeping_ = true;
      work_.wait(lock, [this] { return stopping_ || !commands_.empty(); });
      sleeping_ = false;
    }
    if (commands_.empty())
      return; // stopping, and everything done
    command c = std::move(commands_.front());
    commands_.pop_front();
    queued_.store(commands_.size(), std::memory_order_relaxed);
    lock.unlock();

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
    async_ptr state = std::move(c.state);
    try {
      // Release the argument block before reporting completion, so that a
      // waiter sees the kernel's captured objects already gone.
      c = command();
    } catch (...) {
      warn("exception while releasing a kernel's arguments");
    }
    state->set_ticks(begin, end);

    lock.lock();
    --pending_;
    if (error && !unreported_)
      unreported_ = error;
    lock.unlock();
    if (error)
      state->set_error(error);
    else
      state->set_ready();
    lock.lock();
  }
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
