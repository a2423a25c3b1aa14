// printf in kernels on the CUDA backend (docs/printf.md).
//
// A module whose kernels print has the device variable __hcc_printf_buffer
// (include/hc/detail/printf_device.hpp); printf_attach() points it, once per
// module, at the device's printf buffer: pinned host memory mapped into the
// GPU, allocated with the first such module (HCC_PRINTF_BUFFER_SIZE bytes,
// default 16 MiB). Kernels append records there; the runtime prints them
//   * before any command of the device is reported finished
//     (printf_after_command, called by cuda_state::finish_success), so
//     wait() returns after the kernel's output reached stdout, and
//   * from a drain thread every millisecond while the program runs, so a
//     kernel that prints more than the buffer holds keeps going.
// Programs whose kernels never print pay one relaxed atomic load per
// finished command.
#ifndef HC_RUNTIME_CUDA_CUDA_PRINTF_HPP
#define HC_RUNTIME_CUDA_CUDA_PRINTF_HPP

#include "backends/cuda/cuda_driver.hpp"

#include <atomic>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

class cuda_device;

// True once any module with a printf buffer pointer was loaded.
extern std::atomic<bool> printf_in_use;

// If `module` (just loaded on `dev`, its context current) prints, gives it
// the device's printf buffer. Throws runtime_exception when the buffer
// cannot be allocated or set.
void printf_attach(cuda_device &dev, CUmodule module);

// Prints what kernels of `dev` wrote so far.
void printf_drain(cuda_device &dev) noexcept;

inline void printf_after_command(cuda_device &dev) noexcept {
  if (printf_in_use.load(std::memory_order_acquire))
    printf_drain(dev);
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
