// For unit tests of the CUDA backend's glue code (device heap, printf): a
// fake driver in which device memory and mapped host memory are host
// memory, so copies are memcpy and a device pointer of pinned memory is the
// host pointer. A test adds the entry points it checks (module globals,
// allocations) to make_api()'s table and builds its device with
// make_device().
#ifndef HCC_UNITTESTS_FAKE_MAPPED_CUDA_HPP
#define HCC_UNITTESTS_FAKE_MAPPED_CUDA_HPP

#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_driver.hpp"

#include <cstring>
#include <memory>
#include <string>

namespace fake_mapped_cuda {

using namespace hc::detail;
using namespace hc::detail::rt::cuda;

inline CUresult mem_host_get_device_pointer(CUdeviceptr *d, void *p,
                                            unsigned) {
  *d = reinterpret_cast<CUdeviceptr>(p);
  return CUDA_SUCCESS;
}
inline CUresult memcpy_htod(CUdeviceptr dst, const void *src, std::size_t n,
                            CUstream) {
  std::memcpy(reinterpret_cast<void *>(dst), src, n);
  return CUDA_SUCCESS;
}
inline CUresult memcpy_dtoh(void *dst, CUdeviceptr src, std::size_t n,
                            CUstream) {
  std::memcpy(dst, reinterpret_cast<const void *>(src), n);
  return CUDA_SUCCESS;
}
inline CUresult stream_synchronize(CUstream) { return CUDA_SUCCESS; }
// One context, made current by the device before it allocates or copies.
inline CUresult primary_context_retain(CUcontext *c, CUdevice) {
  static int context;
  *c = reinterpret_cast<CUcontext>(&context);
  return CUDA_SUCCESS;
}
inline CUresult context_set_current(CUcontext) { return CUDA_SUCCESS; }
// Pinned host memory is the tests' to allocate (they count it); the
// runtime frees none of what these tests make it allocate.
inline CUresult mem_free_host(void *) { return CUDA_SUCCESS; }

// The entry points above; everything else null.
inline std::shared_ptr<driver_api> make_api() {
  auto api = std::make_shared<driver_api>();
  api->cuMemHostGetDevicePointer = &mem_host_get_device_pointer;
  api->cuMemcpyHtoDAsync = &memcpy_htod;
  api->cuMemcpyDtoHAsync = &memcpy_dtoh;
  api->cuStreamSynchronize = &stream_synchronize;
  api->cuDevicePrimaryCtxRetain = &primary_context_retain;
  api->cuCtxSetCurrent = &context_set_current;
  api->cuMemFreeHost = &mem_free_host;
  api->library = "(test)";
  return api;
}

// Device `cuda:<ordinal>` (compute capability 9.0) over `api`. Never
// destroyed: the backend's registries keep it until the program ends.
inline cuda_device *make_device(std::shared_ptr<driver_api> api,
                                int ordinal) {
  device_info info;
  info.device_path = L"cuda:" + std::to_wstring(ordinal);
  info.description = L"fake";
  return new cuda_device(std::move(api), ordinal, ordinal, info, 90);
}

} // namespace fake_mapped_cuda

#endif
