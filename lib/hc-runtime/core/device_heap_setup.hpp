// The device heap on every GPU backend (docs/device-heap.md).
//
// A module whose kernels allocate has the device variable __hcc_device_heap
// (include/hc/detail/device_heap.hpp: the heap pointer and the program's
// __HIP_* macros). device_heap_attach() points it, once per module, at the
// device's heap: one device allocation (control block, page metadata,
// pages) created with the first such module and kept until the program
// ends, so blocks outlive kernels and any later kernel of any module may
// use or free them. Its status block, where kernels record the first error
// (operator new out of memory, and in check mode a double free or a foreign
// pointer), is pinned host memory the runtime reads when a command finishes
// (device_heap_after_command). Programs whose kernels never allocate have
// no heap and pay one relaxed atomic load per finished command.
#ifndef HC_RUNTIME_CORE_DEVICE_HEAP_SETUP_HPP
#define HC_RUNTIME_CORE_DEVICE_HEAP_SETUP_HPP

#include "core/loaded_module.hpp"

#include <atomic>
#include <exception>

namespace hc {
namespace detail {
namespace rt {

// True once any module with a heap pointer was loaded.
extern std::atomic<bool> device_heap_in_use;

// If `module` (just loaded on `dev`) allocates, gives it the device's heap,
// creating the heap first. Throws Kalmar::runtime_exception when the heap
// cannot be created or set.
void device_heap_attach(device_impl &dev, loaded_module &module);

// The error a kernel of `dev` recorded in the heap's status block since the
// last call, as a runtime_exception naming `kernel`; null if none. Clears
// the status block.
std::exception_ptr device_heap_take_error(device_impl &dev,
                                          const char *kernel) noexcept;

inline std::exception_ptr
device_heap_after_command(device_impl &dev, const char *kernel) noexcept {
  if (!device_heap_in_use.load(std::memory_order_acquire))
    return nullptr;
  return device_heap_take_error(dev, kernel);
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
