#include "backends/cpu/thread_pool.hpp"

#include "backends/cpu/cpu_spin.hpp"
#include "core/environment.hpp"
#include "core/spin_wait.hpp"
#include "hc/detail/exceptions.hpp"

#include <algorithm>
#include <atomic>
#include <exception>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

struct thread_pool::job {
  const std::function<void(std::size_t)> *body;
  std::size_t count;
  std::atomic<std::size_t> next{0};     // next item to claim
  std::atomic<bool> failed{false};
  std::exception_ptr error; // written by the thread that set `failed`
  // Workers inside work_on(); changed under mutex_, polled without it.
  std::atomic<int> attached{0};

  bool exhausted() const { return next.load(std::memory_order_relaxed) >= count; }
};

thread_pool::thread_pool(unsigned workers) {
  threads_.reserve(workers);
  try {
    for (unsigned i = 0; i < workers; ++i)
      threads_.emplace_back(&thread_pool::worker_loop, this);
  } catch (const std::system_error &) {
    // Fewer threads than asked for still work (the submitter helps).
    if (threads_.empty())
      warn("could not start CPU worker threads; kernels run on one thread");
  }
}

thread_pool::~thread_pool() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  work_available_.notify_all();
  for (std::thread &t : threads_)
    t.join();
}

unsigned thread_pool::configured_concurrency() {
  static const unsigned total = [] {
    unsigned hardware = std::max(1u, std::thread::hardware_concurrency());
    return static_cast<unsigned>(
        env_integer(settings::cpu_threads,
                    std::min<unsigned>(hardware, settings::cpu_threads.max)));
  }();
  return total;
}

thread_pool &thread_pool::global() {
  // Never destroyed: its workers may be busy while static destructors run.
  static thread_pool *pool = new thread_pool(configured_concurrency() - 1);
  return *pool;
}

void thread_pool::work_on(job &j) {
  for (;;) {
    std::size_t i = j.next.fetch_add(1, std::memory_order_relaxed);
    if (i >= j.count)
      return;
    if (!j.failed.load(std::memory_order_relaxed)) {
      try {
        (*j.body)(i);
      } catch (...) {
        if (!j.failed.exchange(true))
          j.error = std::current_exception();
        // Stop handing out items; those already claimed finish normally.
        j.next.store(j.count, std::memory_order_relaxed);
      }
    }
  }
}

void thread_pool::worker_loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    while (!jobs_.empty() && jobs_.front()->exhausted())
      jobs_.pop_front();
    if (jobs_.empty()) {
      if (stopping_)
        return;
      const std::uint64_t seen = posted_.load(std::memory_order_relaxed);
      lock.unlock();
      spin_until(
          [&] { return posted_.load(std::memory_order_acquire) != seen; },
          spin_budget());
      lock.lock();
      if (!jobs_.empty() || stopping_)
        continue;
      ++sleeping_workers_;
      work_available_.wait(lock);
      --sleeping_workers_;
      continue;
    }
    job *j = jobs_.front();
    ++j->attached; // the submitter waits for us before the job dies
    lock.unlock();
    work_on(*j);
    lock.lock();
    --j->attached;
    if (j->attached == 0)
      job_finished_.notify_all();
  }
}

void thread_pool::run(std::size_t count,
                      const std::function<void(std::size_t)> &body) {
  if (count == 0)
    return;
  job j;
  j.body = &body;
  j.count = count;
  // One item, or no workers: the submitter runs it alone.
  const bool posted = count > 1 && !threads_.empty();
  if (posted) {
    unsigned sleeping;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      jobs_.push_back(&j);
      posted_.fetch_add(1, std::memory_order_release);
      sleeping = sleeping_workers_;
    }
    // Polling workers find the job by themselves; a job of two items needs
    // one more thread.
    if (sleeping == 1 || (sleeping > 1 && count == 2))
      work_available_.notify_one();
    else if (sleeping > 1)
      work_available_.notify_all();
  }
  work_on(j);
  if (!posted) {
    // No worker could see the job: nothing to wait for.
    if (j.error)
      std::rethrow_exception(j.error);
    return;
  }
  // Workers still finishing their last items leave in a moment.
  spin_until([&] { return j.attached.load(std::memory_order_acquire) == 0; },
             spin_budget());
  {
    std::unique_lock<std::mutex> lock(mutex_);
    auto it = std::find(jobs_.begin(), jobs_.end(), &j);
    if (it != jobs_.end())
      jobs_.erase(it);
    // Every item is claimed (or skipped after an error) and the job can no
    // longer be attached to; items still running belong to attached
    // workers, which finish them before they leave.
    job_finished_.wait(lock, [&] { return j.attached == 0; });
  }
  if (j.error)
    std::rethrow_exception(j.error);
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
