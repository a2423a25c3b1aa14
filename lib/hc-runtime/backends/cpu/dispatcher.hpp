// The per-queue command thread of the CPU backend (see cpu_queue.hpp).
#ifndef HC_RUNTIME_CPU_DISPATCHER_HPP
#define HC_RUNTIME_CPU_DISPATCHER_HPP

#include "backends/cpu/cpu_command.hpp"
#include "hc/detail/runtime.hpp"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class dispatcher : public std::enable_shared_from_this<dispatcher> {
public:
  // Appends the command `state` carries; it becomes the queue's last.
  void enqueue(std::shared_ptr<cpu_state> state);
  // Runs the command of `state` in the calling thread, if no thread took it
  // yet and every command enqueued before it has finished; false when it
  // did not (cpu_command.hpp).
  bool run_if_next(cpu_state &state);
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
  // Runs the command of `state`, which the caller claimed, and completes
  // it; leaves it empty (its arguments released).
  void run(cpu_state &state);
  void execute(command &c);
  // Gives a thread that waits for `state` a moment to claim it first.
  void offer_to_waiter(const cpu_state &state);
  // Until no waiting thread runs a command of this queue.
  void wait_for_commands_run_elsewhere();

  mutable std::mutex mutex_;
  std::condition_variable work_;
  // Enqueued commands the thread has not taken yet. It takes them all at
  // once, swapping this vector with its own emptied one: both keep their
  // capacity, so that a command costs no allocation here (a deque's
  // blocks were allocated by the launching thread and freed by this one).
  std::vector<std::shared_ptr<cpu_state>> commands_;
  // commands_.size(), read without the lock while the thread polls for
  // work before it sleeps; `sleeping_`: enqueue() must wake it.
  std::atomic<std::size_t> queued_{0};
  bool sleeping_ = false;
  std::atomic<std::size_t> pending_{0}; // enqueued, not completed
  // Waiting threads inside run_if_next(); the dispatcher waits for none to
  // be left before it runs the command after one they took. It keeps no
  // reference to such a command meanwhile, so that the waiter frees it (an
  // allocator frees to the allocating thread's arena under a lock that the
  // launching thread takes for its next command).
  std::atomic<int> running_elsewhere_{0};
  std::atomic<bool> awaiting_elsewhere_{false}; // asleep until it is 0
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
