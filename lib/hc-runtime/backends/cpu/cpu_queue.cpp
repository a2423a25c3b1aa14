#include "backends/cpu/cpu_queue.hpp"

#include "backends/cpu/cpu_command.hpp"
#include "backends/cpu/dispatcher.hpp"
#include "backends/cpu/kernel_executor.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

cpu_queue::cpu_queue(device_impl &dev, execute_order order,
                     queue_priority priority)
    // The thread pool runs every queue's kernels alike; the priority is
    // kept for accelerator_view::get_queue_priority().
    : queue_impl(dev, order, priority),
      dispatcher_(std::make_shared<dispatcher>()) {}

cpu_queue::~cpu_queue() { dispatcher_->shut_down(); }

async_ptr cpu_queue::launch_impl(const kernel_launch &kernel,
                                 const std::vector<async_ptr> &deps) {
  validate_launch(kernel, owner_.info());
  if (kernel.geometry.total() == 0)
    return ordering_only(deps);
  auto state = std::make_shared<cpu_state>(dispatcher_);
  command &c = state->work;
  c.what = command::kind::kernel;
  c.kernel = kernel;
  c.deps = deps;
  dispatcher_->enqueue(state);
  return state;
}

async_ptr cpu_queue::copy_impl(void *dst, const void *src, std::size_t bytes,
                               copy_direction,
                               const std::vector<async_ptr> &deps) {
  // Every direction is host memory to host memory on this device.
  auto state = std::make_shared<cpu_state>(dispatcher_);
  command &c = state->work;
  c.what = command::kind::copy;
  c.dst = dst;
  c.src = src;
  c.bytes = bytes;
  c.deps = deps;
  dispatcher_->enqueue(state);
  return state;
}

async_ptr cpu_queue::marker_impl(const std::vector<async_ptr> &deps,
                                 memory_scope) {
  // Host memory is coherent: a marker only orders.
  auto state = std::make_shared<cpu_state>(dispatcher_);
  state->work.what = command::kind::marker;
  state->work.deps = deps;
  state->set_marker(true);
  dispatcher_->enqueue(state);
  return state;
}

void cpu_queue::wait_impl() {
  async_ptr last = dispatcher_->last();
  if (last && !last->is_ready()) {
    try {
      last->wait();
    } catch (...) {
      // Reported below, with the first error of the queue.
    }
  }
  if (std::exception_ptr error = dispatcher_->take_error())
    std::rethrow_exception(error);
}

std::size_t cpu_queue::pending_count_impl() const {
  return dispatcher_->pending();
}

async_ptr cpu_queue::last_command_impl() const { return dispatcher_->last(); }

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
