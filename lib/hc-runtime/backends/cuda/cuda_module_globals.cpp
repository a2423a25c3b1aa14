#include "backends/cuda/cuda_module_globals.hpp"

#include "backends/cuda/cuda_device.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

bool find_module_global(const driver_api &api, CUmodule module,
                        const char *symbol, module_global &out) {
  if (!api.cuModuleGetGlobal)
    return false;
  return api.cuModuleGetGlobal(&out.address, &out.size, module, symbol) ==
         CUDA_SUCCESS;
}

void copy_to_device_now(cuda_device &dev, CUdeviceptr to, const void *from,
                        std::size_t bytes, const char *what) {
  const driver_api &api = dev.api();
  CUresult r = api.cuMemcpyHtoDAsync(to, from, bytes, nullptr);
  if (r == CUDA_SUCCESS)
    r = api.cuStreamSynchronize(nullptr);
  if (r != CUDA_SUCCESS)
    dev.fail("cuMemcpyHtoDAsync", r, what);
}

void copy_from_device_now(cuda_device &dev, void *to, CUdeviceptr from,
                          std::size_t bytes, const char *what) {
  const driver_api &api = dev.api();
  CUresult r = api.cuMemcpyDtoHAsync(to, from, bytes, nullptr);
  if (r == CUDA_SUCCESS)
    r = api.cuStreamSynchronize(nullptr);
  if (r != CUDA_SUCCESS)
    dev.fail("cuMemcpyDtoHAsync", r, what);
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
