// How long the CPU backend's threads poll before they sleep
// (core/spin_wait.hpp), and the completion state whose wait() polls.
#ifndef HC_RUNTIME_CPU_SPIN_HPP
#define HC_RUNTIME_CPU_SPIN_HPP

#include "hc/detail/runtime.hpp"

#include <chrono>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

// HCC_CPU_SPIN_US (default 100, 0: never poll), read once.
std::chrono::microseconds spin_budget();

// A CPU-backend command's completion: wait() polls for spin_budget() before
// it blocks, so that launch + wait of a short kernel costs no wake-up.
class cpu_state : public async_state {
protected:
  void backend_wait() override;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
