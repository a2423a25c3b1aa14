// A command of a CPU queue, carried by its completion state.
//
// The queue's dispatcher thread runs its commands in order
// (dispatcher.hpp). A host thread that waits for a command no thread has
// taken yet, with nothing before it on its queue unfinished, runs the
// command itself instead of polling while the dispatcher does: the same
// command in the same order, without the two thread hand-offs of a launch
// and wait (the hand-offs were most of launch + wait of a short kernel;
// docs/runtime.md, "CPU backend"). Whichever thread claims the command
// first runs it; the dispatcher waits for a command a waiter took before
// it runs the next one.
#ifndef HC_RUNTIME_CPU_CPU_COMMAND_HPP
#define HC_RUNTIME_CPU_CPU_COMMAND_HPP

#include "hc/detail/runtime.hpp"

#include <atomic>
#include <memory>
#include <vector>

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
};

class dispatcher;

class cpu_state : public async_state {
public:
  // `owner`: the dispatcher of the queue the command is enqueued on (kept
  // alive for a waiter that may run the command).
  explicit cpu_state(std::shared_ptr<dispatcher> owner)
      : owner_(std::move(owner)) {}

  // What to run; whoever claimed the command owns it.
  command work;

  // True for exactly one caller: the thread that runs the command.
  bool claim() noexcept {
    return !claimed_.load(std::memory_order_relaxed) &&
           !claimed_.exchange(true, std::memory_order_acq_rel);
  }
  bool claimed() const noexcept {
    return claimed_.load(std::memory_order_acquire);
  }

  // Enqueued on an idle queue: the dispatcher leaves it to a waiter for a
  // moment first (dispatcher::offer_to_waiter). Written before the command
  // is published, under the queue's lock.
  bool offered = false;

protected:
  // Runs the command when the waiter may (see above), else polls for
  // spin_budget() (cpu_spin.hpp) before async_state blocks.
  void backend_wait() override;

private:
  std::atomic<bool> claimed_{false};
  std::shared_ptr<dispatcher> owner_;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
