// The CPU as an accelerator: kernels run on the host's cores and its
// "device memory" is plain host memory (is_host_memory), so arrays and
// views on it are never copied. The backend makes two: the CPU accelerator
// ("cpu") and C++ AMP's kernel executor (direct3d\\warp, see
// use_amp_device_model() in runtime.hpp); they differ only in their
// names.
#ifndef HC_RUNTIME_CPU_CPU_DEVICE_HPP
#define HC_RUNTIME_CPU_CPU_DEVICE_HPP

#include "hc/detail/runtime.hpp"

#include <mutex>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class cpu_device final : public device {
public:
  explicit cpu_device(bool amp_kernel_executor);

  const device_info &info() const override { return info_; }
  std::shared_ptr<queue> default_queue() override;
  std::shared_ptr<queue> create_queue(execute_order order,
                                      queue_priority priority) override;
  void *allocate(std::size_t bytes) override;
  void deallocate(void *ptr) noexcept override;

private:
  device_info info_;
  std::mutex mutex_;
  std::shared_ptr<queue> default_queue_;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
