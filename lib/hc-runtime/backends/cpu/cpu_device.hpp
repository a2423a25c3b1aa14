// The CPU as an accelerator: kernels run on the host's cores and its
// "device memory" is plain host memory (is_host_memory), so arrays and
// views on it are never copied. The backend makes two: the CPU accelerator
// ("cpu") and C++ AMP's kernel executor (direct3d\\warp, see
// use_amp_device_model() in runtime.hpp); they differ only in their
// names.
#ifndef HC_RUNTIME_CPU_CPU_DEVICE_HPP
#define HC_RUNTIME_CPU_CPU_DEVICE_HPP

#include "core/device_impl.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class cpu_device final : public device_impl {
public:
  explicit cpu_device(bool amp_kernel_executor);

  std::shared_ptr<queue> create_queue_impl(execute_order order,
                                           queue_priority priority) override;
  // In C++ AMP's device model only the kernel executor runs kernels.
  bool runs_kernels_impl() const override;
  void *allocate_impl(std::size_t bytes) override;
  void deallocate_impl(void *ptr) noexcept override;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
