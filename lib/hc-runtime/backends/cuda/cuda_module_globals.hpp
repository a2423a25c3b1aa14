// The CUDA side of setting up loaded modules (core/loaded_module.hpp): a
// module's variables found with cuModuleGetGlobal, and synchronous copies
// on the legacy stream, which the backend's non-blocking streams do not
// wait for.
#ifndef HC_RUNTIME_BACKENDS_CUDA_CUDA_MODULE_GLOBALS_HPP
#define HC_RUNTIME_BACKENDS_CUDA_CUDA_MODULE_GLOBALS_HPP

#include "backends/cuda/cuda_driver.hpp"
#include "core/loaded_module.hpp"

#include <cstddef>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

class cuda_device;

// A PTX module just loaded (its context current).
class cuda_module final : public loaded_module {
public:
  cuda_module(const driver_api &api, CUmodule module, const char *source)
      : loaded_module(source), api_(api), module_(module) {}
  // False when the module has no such variable (or the driver cannot tell,
  // which only an old driver without cuModuleGetGlobal does).
  bool find_global(const char *symbol, module_global &out) override;

private:
  const driver_api &api_;
  CUmodule module_;
};

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
