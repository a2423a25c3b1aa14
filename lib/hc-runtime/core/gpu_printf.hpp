// printf in kernels on every GPU backend (docs/printf.md).
//
// A module whose kernels print has the device variable __hcc_printf_buffer
// (include/hc/detail/printf_device.hpp); printf_attach() points it, once per
// module, at the device's printf buffer: pinned host memory, which every
// GPU backend maps into the device at its host address, allocated with the
// first such module (HCC_PRINTF_BUFFER_SIZE bytes, default 16 MiB) and
// never freed (kernels may print until the program ends). Kernels append
// records there; the runtime prints them
//   * before any command of the device is reported finished
//     (printf_after_command, called by the backends' completion), so
//     wait() returns after the kernel's output reached stdout, and
//   * from a drain thread every millisecond while the program runs, so a
//     kernel that prints more than the buffer holds keeps going.
// Programs whose kernels never print pay one relaxed atomic load per
// finished command.
#ifndef HC_RUNTIME_CORE_GPU_PRINTF_HPP
#define HC_RUNTIME_CORE_GPU_PRINTF_HPP

#include "core/loaded_module.hpp"

#include <atomic>

namespace hc {
namespace detail {
namespace rt {

// True once any module with a printf buffer pointer was loaded.
extern std::atomic<bool> printf_in_use;

// If `module` (just loaded on `dev`) prints, gives it the device's printf
// buffer. Throws Kalmar::runtime_exception when the buffer cannot be
// allocated or set.
void printf_attach(device_impl &dev, loaded_module &module);

// Prints what kernels of `dev` wrote so far.
void printf_drain(device_impl &dev) noexcept;

inline void printf_after_command(device_impl &dev) noexcept {
  if (printf_in_use.load(std::memory_order_acquire))
    printf_drain(dev);
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
