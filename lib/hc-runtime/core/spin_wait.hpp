// Waiting for another thread by polling, before blocking.
//
// Handing work to a thread that sleeps on a condition variable costs a
// futex wake-up, microseconds on bare metal and tens of microseconds in a
// virtual machine whose idle processor halted. A thread that expects the
// next event soon (a queue thread between back-to-back commands, a waiter
// on a short kernel, the CPU backend's workers between jobs) polls for a
// while first, as OpenMP's threads do (GOMP_SPINCOUNT); the CPU backend's
// polling time is HCC_CPU_SPIN_US (docs/environment.md).
#ifndef HC_RUNTIME_CORE_SPIN_WAIT_HPP
#define HC_RUNTIME_CORE_SPIN_WAIT_HPP

#include <chrono>
#include <thread>

namespace hc {
namespace detail {
namespace rt {

// A hint to the processor that we busy-wait (no system call, unlike
// sched_yield, which a virtualised kernel may make expensive).
inline void cpu_relax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#elif defined(__aarch64__)
  asm volatile("yield");
#else
  std::this_thread::yield();
#endif
}

// Polls `done` for up to `budget`: a few hundred pause instructions, then
// yielding the processor between polls, so that on a machine with fewer
// cores than busy threads the thread being waited for can run. Returns
// done()'s last value.
template <class Done>
bool spin_until(Done &&done, std::chrono::microseconds budget) {
  if (done())
    return true;
  if (budget.count() <= 0)
    return false;
  for (int i = 0; i < 256; ++i) {
    cpu_relax();
    if (done())
      return true;
  }
  const auto until = std::chrono::steady_clock::now() + budget;
  while (std::chrono::steady_clock::now() < until) {
    std::this_thread::yield();
    if (done())
      return true;
  }
  return done();
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
