// Registers the CPU backend (listed in core/backend_list.cpp).
#include "backends/cpu/cpu_device.hpp"
#include "core/backend.hpp"

namespace hc {
namespace detail {
namespace rt {

namespace {

class cpu_backend final : public backend {
public:
  const char *name() const override { return "cpu"; }
  std::vector<device *> discover() override {
    // Always the CPU accelerator and C++ AMP's kernel executor (the
    // registry lists the second in C++ AMP programs only).
    return {keep_for_program(std::make_unique<cpu::cpu_device>(
                /*amp_kernel_executor=*/false)),
            keep_for_program(std::make_unique<cpu::cpu_device>(
                /*amp_kernel_executor=*/true))};
  }
};

} // namespace

std::unique_ptr<backend> make_cpu_backend() {
  return std::make_unique<cpu_backend>();
}

} // namespace rt
} // namespace detail
} // namespace hc
