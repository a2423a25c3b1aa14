// The CPU backend's pool of persistent worker threads.
//
// A job is `count` independent items (chunks of work-items or groups of
// tiles). The submitting thread pushes the job, wakes the workers and works
// on it too; items are claimed through an atomic counter, so the only lock
// taken per job is for attaching to and leaving it. Several jobs (kernels
// of several queues) may run at once; workers serve the oldest first.
// Between jobs the workers poll for the next one for a while before they
// sleep (cpu_spin.hpp), and the submitter polls for the workers to leave a
// finished job: back-to-back kernels cost no wake-ups.
#ifndef HC_RUNTIME_CPU_THREAD_POOL_HPP
#define HC_RUNTIME_CPU_THREAD_POOL_HPP

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class thread_pool {
public:
  // A pool with `workers` threads besides the submitting ones (0 is valid:
  // the submitter then runs everything itself).
  explicit thread_pool(unsigned workers);
  ~thread_pool(); // joins the workers; no job may be running
  thread_pool(const thread_pool &) = delete;
  thread_pool &operator=(const thread_pool &) = delete;

  // The pool kernels run on: hardware threads − 1 workers (HCC_CPU_THREADS
  // overrides the total). Never destroyed.
  static thread_pool &global();
  // global().concurrency(), without starting the pool.
  static unsigned configured_concurrency();

  // Threads that work on one job: the workers plus the submitter.
  unsigned concurrency() const { return static_cast<unsigned>(threads_.size()) + 1; }

  // Runs body(i) for every i in [0, count), each exactly once, on the
  // workers and the calling thread; returns when all are done. If a body
  // throws, items not yet started are skipped and the first exception is
  // rethrown here. May be called from a body (nested jobs) and from several
  // threads at once.
  void run(std::size_t count, const std::function<void(std::size_t)> &body);

private:
  struct job;
  void worker_loop();
  static void work_on(job &j);

  std::mutex mutex_;
  std::condition_variable work_available_;
  std::condition_variable job_finished_;
  std::deque<job *> jobs_; // jobs with items left to claim
  // Jobs ever pushed, read without the lock by workers polling for one.
  std::atomic<std::uint64_t> posted_{0};
  unsigned sleeping_workers_ = 0; // waiting on work_available_
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
