#include "backends/cpu/cpu_device.hpp"

#include "backends/cpu/cpu_queue.hpp"
#include "backends/cpu/thread_pool.hpp"
#include "core/host_memory.hpp"

#include <unistd.h>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

namespace {

std::size_t physical_memory_kb() {
  long pages = sysconf(_SC_PHYS_PAGES);
  long page_size = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || page_size <= 0)
    return 0;
  return static_cast<std::size_t>(pages) / 1024 *
         static_cast<std::size_t>(page_size);
}

} // namespace

cpu_device::cpu_device(bool amp_kernel_executor) : device_impl({}) {
  info_.description = amp_kernel_executor ? L"CPU (C++ AMP kernels)" : L"CPU";
  info_.device_path = amp_kernel_executor ? L"direct3d\\warp" : L"cpu";
  info_.amp_kernel_executor = amp_kernel_executor;
  info_.backend = "cpu";
  info_.is_cpu = true;
  info_.dedicated_memory_kb = physical_memory_kb();
  info_.version = 1u << 16;
  info_.compute_units = thread_pool::configured_concurrency();
  info_.max_tile_size = 1024;
  info_.max_tile_static_bytes = 64 * 1024;
  info_.wavefront_size = 1;
  info_.is_emulated = true; // as hcc reported its CPU accelerator
  info_.has_display = false;
  info_.supports_double_precision = true;
  info_.supports_limited_double_precision = true;
  info_.supports_cpu_shared_memory = true;
  info_.is_host_memory = true;
  info_.reads_host_memory = true;
}

std::shared_ptr<queue> cpu_device::create_queue_impl(execute_order order,
                                                     queue_priority priority) {
  return std::make_shared<cpu_queue>(*this, order, priority);
}

bool cpu_device::runs_kernels_impl() const {
  return info_.amp_kernel_executor || !amp_device_model();
}

void *cpu_device::allocate_impl(std::size_t bytes) {
  return allocate_host(bytes);
}

void cpu_device::deallocate_impl(void *ptr) noexcept { free_host(ptr); }

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
