// Executes one kernel_launch on the CPU: splits the work over the thread
// pool, runs tiles through tile_runner, and provides the per-thread kernel
// context (in_cpu_kernel, dynamic group segment) that the headers query.
#ifndef HC_RUNTIME_CPU_KERNEL_EXECUTOR_HPP
#define HC_RUNTIME_CPU_KERNEL_EXECUTOR_HPP

#include "hc/detail/runtime.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class thread_pool;

// Throws Kalmar::invalid_compute_domain (or runtime_exception) for a launch
// the CPU cannot run; called before the launch is enqueued so the error
// reaches parallel_for_each directly.
void validate_launch(const kernel_launch &kernel, const device_info &info);

// Runs the kernel to completion on `pool`, the calling thread helping.
// Rethrows the first exception a work-item threw.
void execute_kernel(const kernel_launch &kernel, thread_pool &pool);

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
