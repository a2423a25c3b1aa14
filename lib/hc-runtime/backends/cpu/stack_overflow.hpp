// Reports a kernel that overflows its stack on the CPU backend.
//
// A work-item of a tiled kernel runs on a fiber stack with a guard page
// below it (fiber_stack_pool.hpp); a work-item of a non-tiled kernel runs
// on its thread's stack, which has one too. Overflowing either faults on
// the guard page, and the process used to die with a bare SIGSEGV. A
// SIGSEGV handler, on a stack of its own, now recognises a fault on one of
// those guard pages while a kernel runs, prints which kernel overflowed
// which stack and how to get a larger one, and lets the process die of the
// same signal. Any other fault goes to the handler that was there before.
#ifndef HC_RUNTIME_CPU_STACK_OVERFLOW_HPP
#define HC_RUNTIME_CPU_STACK_OVERFLOW_HPP

#include <cstddef>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

// While it lives, the calling thread runs kernel `kernel_name` (the
// kernel's mangled device name; may be null) and an overflow of its stacks
// is reported. Arms the report on the thread the first time.
class stack_overflow_watch {
public:
  explicit stack_overflow_watch(const char *kernel_name);
  ~stack_overflow_watch();
  stack_overflow_watch(const stack_overflow_watch &) = delete;
  stack_overflow_watch &operator=(const stack_overflow_watch &) = delete;

private:
  const char *previous_;
};

// The guard pages of the fiber stacks a thread mapped; its
// fiber_stack_pool owns them and has them watched while it lives.
struct fiber_guards {
  std::vector<const char *> pages; // the lowest byte of each guard page
  std::size_t page_bytes = 0;
  std::size_t stack_bytes = 0; // usable bytes of each stack
};
// Faults in `guards` are overflows of the calling thread's fiber stacks,
// until the same `guards` are unwatched.
void watch_fiber_guards(const fiber_guards *guards);
void unwatch_fiber_guards(const fiber_guards *guards);

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
