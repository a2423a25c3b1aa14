#include "backends/cuda/cuda_module_globals.hpp"

#include "backends/cuda/cuda_device.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

bool cuda_module::find_global(const char *symbol, module_global &out) {
  if (!api_.cuModuleGetGlobal)
    return false;
  CUdeviceptr address = 0;
  std::size_t size = 0;
  CUresult r = api_.cuModuleGetGlobal(&address, &size, module_, symbol);
  // Only "no such symbol" means the module does without: any other error
  // left a printing kernel without its buffer, to fault on the GPU.
  if (r == CUDA_ERROR_NOT_FOUND)
    return false;
  if (r != CUDA_SUCCESS)
    throw_error(api_, "cuModuleGetGlobal_v2", r,
                std::string("looking up ") + symbol + " of " + source());
  out.address = address;
  out.size = size;
  return true;
}

void cuda_device::write_device_now_impl(std::uint64_t address, const void *from,
                                        std::size_t bytes, const char *what) {
  make_current();
  copy_to_device_now(*this, address, from, bytes, what);
}

void cuda_device::read_device_now_impl(void *to, std::uint64_t address,
                                       std::size_t bytes, const char *what) {
  make_current();
  copy_from_device_now(*this, to, address, bytes, what);
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
