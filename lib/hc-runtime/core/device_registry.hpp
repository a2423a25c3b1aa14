// Internal side of the device registry (the public side is in runtime.hpp).
#ifndef HC_RUNTIME_CORE_DEVICE_REGISTRY_HPP
#define HC_RUNTIME_CORE_DEVICE_REGISTRY_HPP

#include "hc/detail/runtime.hpp"

#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// Picks the default device among `devices` (GPUs first, CPU present) for a
// value of HCC_DEFAULT_ACCELERATOR: "" → first GPU else the CPU; one of
// `backend_names` ("cpu", "cuda", "hsa", any case) → that backend's first
// device; else
// a device path ("cuda:1"). A backend without devices or an unknown value
// prints a one-line warning and falls back (to the CPU, resp. the normal
// default). Separate from the registry so it can be tested with any list.
device *select_default_device(const std::vector<device *> &devices,
                              const std::vector<std::string> &backend_names,
                              const std::string &setting);

// Called when the first kernel is submitted: from then on
// set_default_device() refuses to change the default.
void note_kernel_submitted() noexcept;

} // namespace rt
} // namespace detail
} // namespace hc

#endif
