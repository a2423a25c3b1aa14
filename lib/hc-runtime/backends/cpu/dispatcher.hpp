// The per-queue command thread of the CPU backend (see cpu_queue.hpp).
#ifndef HC_RUNTIME_CPU_DISPATCHER_HPP
#define HC_RUNTIME_CPU_DISPATCHER_HPP

#include "hc/detail/runtime.hpp"

#include <atomic>
#include <condition_variable>
#include <deque>
#include <memory>
#include <mutex>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

struct command {
  enum class kind { kernel, copy, marker } what = kind::marker;
  kernel_launch kernel; // holds the argument block alive until done
  void *dst = nullptr;
  const void *src = nullptr;
  std::size_t bytes = 0;
  std::vector<async_ptr> deps;
  async_ptr state;
};

class dispatcher : public std::enable_shared_from_this<dispatcher> {
public:
  // Appends a command; its state becomes the queue's last command.
  void enqueue(command c);
  // Asks the thread to end once the queue is empty.
  void shut_down();

  std::size_t pending() const;
  async_ptr last() const;
  // The first error since the last call, cleared.
  std::exception_ptr take_error();

private:
  // HCC_PROFILE: the finished command as a profile event.
  void record_profile(const command &c, std::uint64_t begin,
                      std::uint64_t end) const noexcept;
  void loop();
  void execute(command &c);

  mutable std::mutex mutex_;
  std::condition_variable work_;
  std::deque<command> commands_;
  // commands_.size(), read without the lock while the thread polls for
  // work before it sleeps; `sleeping_`: enqueue() must wake it.
  std::atomic<std::size_t> queued_{0};
  bool sleeping_ = false;
  std::size_t pending_ = 0; // enqueued, not completed
  async_ptr last_;
  std::exception_ptr unreported_;
  bool started_ = false;
  bool stopping_ = false;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
