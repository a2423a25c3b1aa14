#include "backends/cpu/cpu_spin.hpp"

#include "core/environment.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

std::chrono::microseconds spin_budget() {
  // 100 us: longer than a launch and wait of an empty kernel (a few
  // microseconds) and than the gap between back-to-back commands; short
  // enough that idle threads give their cores back at once for practical
  // purposes. Capped at one second.
  static const std::chrono::microseconds budget(
      env_integer(settings::cpu_spin_us));
  return budget;
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
