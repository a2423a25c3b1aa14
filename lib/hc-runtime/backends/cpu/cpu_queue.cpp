#include "backends/cpu/cpu_queue.hpp"

#include "backends/cpu/dispatcher.hpp"
#include "backends/cpu/kernel_executor.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

namespace {

bool all_ready(const std::vector<async_ptr> &deps) {
  for (const async_ptr &d : deps)
    if (d && !d->is_ready())
      return false;
  return true;
}

std::vector<async_ptr> non_null(const std::vector<async_ptr> &deps) {
  std::vector<async_ptr> out;
  out.reserve(deps.size());
  for (const async_ptr &d : deps)
    if (d && !d->is_ready())
      out.push_back(d);
  return out;
}

} // namespace

cpu_queue::cpu_queue(device &dev, execute_order order,
                     queue_priority priority)
    : device_(dev), order_(order),
      dispatcher_(std::make_shared<dispatcher>()) {
  // The thread pool runs every queue's kernels alike; the priority is kept
  // for accelerator_view::get_queue_priority().
  priority_ = priority;
}

cpu_queue::~cpu_queue() { dispatcher_->shut_down(); }

async_ptr cpu_queue::launch(const kernel_launch &kernel,
                            const std::vector<async_ptr> &deps) {
  validate_launch(kernel, device_.info());
  std::size_t total = 1;
  for (int d = 0; d < kernel.geometry.rank; ++d)
    total *= kernel.geometry.global[d];
  if (total == 0 && dispatcher_->pending() == 0 && all_ready(deps))
    return async_state::make_ready(); // nothing to run, nothing to wait for
  command c;
  c.what = command::kind::kernel;
  c.kernel = kernel;
  c.deps = non_null(deps);
  c.state = std::make_shared<async_state>();
  async_ptr state = c.state;
  dispatcher_->enqueue(std::move(c));
  return state;
}

async_ptr cpu_queue::copy(void *dst, const void *src, std::size_t bytes,
                          copy_direction, const std::vector<async_ptr> &deps) {
  // Every direction is host memory to host memory on this device.
  command c;
  c.what = command::kind::copy;
  c.dst = dst;
  c.src = src;
  c.bytes = bytes;
  c.deps = non_null(deps);
  c.state = std::make_shared<async_state>();
  async_ptr state = c.state;
  dispatcher_->enqueue(std::move(c));
  return state;
}

async_ptr cpu_queue::marker(const std::vector<async_ptr> &deps,
                            memory_scope) {
  // Host memory is coherent: a marker only orders.
  command c;
  c.what = command::kind::marker;
  c.deps = non_null(deps);
  c.state = std::make_shared<async_state>();
  c.state->set_marker(true);
  async_ptr state = c.state;
  dispatcher_->enqueue(std::move(c));
  return state;
}

void cpu_queue::wait() {
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

std::size_t cpu_queue::pending_count() const { return dispatcher_->pending(); }

async_ptr cpu_queue::last_command() const {
  async_ptr last = dispatcher_->last();
  return last ? last : async_state::make_ready();
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
