// Variables of a loaded module that the runtime fills in: the printf buffer
// pointer, the device heap pointer, the host-global slots. Each is looked up
// by name once per module and written with a synchronous copy on the legacy
// stream, which the backend's non-blocking streams do not wait for.
#ifndef HC_RUNTIME_BACKENDS_CUDA_CUDA_MODULE_GLOBALS_HPP
#define HC_RUNTIME_BACKENDS_CUDA_CUDA_MODULE_GLOBALS_HPP

#include "backends/cuda/cuda_driver.hpp"

#include <cstddef>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

class cuda_device;

struct module_global {
  CUdeviceptr address = 0;
  std::size_t size = 0;
};

// `symbol` of `module`; false when the module has none (or the driver
// cannot tell, which only an old driver without cuModuleGetGlobal does).
bool find_module_global(const driver_api &api, CUmodule module,
                        const char *symbol, module_global &out);

// Synchronous copies; dev.fail() (an exception) names `what` on error.
void copy_to_device_now(cuda_device &dev, CUdeviceptr to, const void *from,
                        std::size_t bytes, const char *what);
void copy_from_device_now(cuda_device &dev, void *to, CUdeviceptr from,
                          std::size_t bytes, const char *what);

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
