// An accelerator_view of the CPU device.
//
// Commands run in order on the queue's own dispatcher thread, started with
// the first command: it waits for the command's dependencies, runs it
// (kernels spread over the shared thread pool, the dispatcher helping),
// then completes its async_state. launch() and copy() return at once, so
// parallel_for_each is asynchronous on the CPU as on a GPU.
#ifndef HC_RUNTIME_CPU_CPU_QUEUE_HPP
#define HC_RUNTIME_CPU_CPU_QUEUE_HPP

#include "core/device_impl.hpp"

#include <memory>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class dispatcher;

class cpu_queue final : public queue_impl {
public:
  cpu_queue(device_impl &dev, execute_order order,
            queue_priority priority = queue_priority::normal);
  ~cpu_queue() override; // lets enqueued commands finish, does not block

  async_ptr launch_impl(const kernel_launch &kernel,
                        const std::vector<async_ptr> &deps) override;
  async_ptr copy_impl(void *dst, const void *src, std::size_t bytes,
                      copy_direction direction,
                      const std::vector<async_ptr> &deps) override;
  async_ptr marker_impl(const std::vector<async_ptr> &deps,
                        memory_scope scope) override;
  void wait_impl() override;
  // The dispatcher releases the command's copy of the launch before it
  // completes the command (dispatcher::run).
  bool keeps_arguments_impl() const override { return true; }
  std::size_t pending_count_impl() const override;
  async_ptr last_command_impl() const override;
  // The dispatcher thread waits for any command, of any backend.
  bool orders_after_impl(const async_state &) const override { return true; }

private:
  std::shared_ptr<dispatcher> dispatcher_;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
