// How long the CPU backend's threads poll before they sleep
// (core/spin_wait.hpp).
#ifndef HC_RUNTIME_CPU_SPIN_HPP
#define HC_RUNTIME_CPU_SPIN_HPP

#include <chrono>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

// HCC_CPU_SPIN_US (default 100, 0: never poll), read once.
std::chrono::microseconds spin_budget();

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
