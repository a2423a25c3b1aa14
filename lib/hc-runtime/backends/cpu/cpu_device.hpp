// The CPU as an accelerator: kernels run on the host's cores and its
// "device memory" is plain host memory (is_host_memory), so arrays and
// views on it are never copied.
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
  cpu_device();

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
