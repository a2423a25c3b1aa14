// An accelerator_view of the CPU device.
//
// Commands run in order on the queue's own dispatcher thread, started with
// the first command: it waits for the command's dependencies, runs it
// (kernels spread over the shared thread pool, the dispatcher helping),
// then completes its async_state. launch() and copy() return at once, so
// parallel_for_each is asynchronous on the CPU as on a GPU.
#ifndef HC_RUNTIME_CPU_CPU_QUEUE_HPP
#define HC_RUNTIME_CPU_CPU_QUEUE_HPP

#include "hc/detail/runtime.hpp"

#include <memory>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class dispatcher;

class cpu_queue final : public queue {
public:
  cpu_queue(device &dev, execute_order order,
            queue_priority priority = queue_priority::normal);
  ~cpu_queue() override; // lets enqueued commands finish, does not block

  device &get_device() override { return device_; }
  execute_order order() const override { return order_; }

  async_ptr launch(const kernel_launch &kernel,
                   const std::vector<async_ptr> &deps) override;
  async_ptr copy(void *dst, const void *src, std::size_t bytes,
                 copy_direction direction,
                 const std::vector<async_ptr> &deps) override;
  async_ptr marker(const std::vector<async_ptr> &deps,
                   memory_scope scope) override;

  // Waits for every command enqueued so far, then rethrows the first error
  // of a command that failed since the previous wait(), if any.
  void wait() override;
  std::size_t pending_count() const override;
  async_ptr last_command() const override;

private:
  device &device_;
  execute_order order_;
  std::shared_ptr<dispatcher> dispatcher_;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
