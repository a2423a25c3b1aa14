// Pinned host memory on CUDA (hc::am_alloc with amHostPinned,
// am_memory_host_lock, am_map_to_peers; docs/host-memory.md).
//
// cuMemHostAlloc(PORTABLE | DEVICEMAP): page-locked for every context and
// mapped into every GPU. With unified addressing (every 64-bit platform
// CUDA supports) the device address of such memory is its host address,
// so kernels use the pointer am_alloc returned. The GPU does not cache
// host memory across kernels, so both the coherent and the non-coherent
// flavour of hc_am (amHostCoherent, amHostNonCoherent) are this one
// allocation: non-coherent memory gets stronger guarantees than it needs.
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_util.hpp"

#include <algorithm>
#include <cstdint>
#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// True when the driver maps `ptr` at the same address on the device
// (unified addressing); kernels then use the host pointer as it is.
bool mapped_at_same_address(const driver_api &api, void *ptr) {
  if (!api.cuMemHostGetDevicePointer)
    return true; // an old driver; UVA is the norm since CUDA 4
  CUdeviceptr device = 0;
  return api.cuMemHostGetDevicePointer(&device, ptr, 0) == CUDA_SUCCESS &&
         device == device_ptr(ptr);
}

} // namespace

void *cuda_device::allocate_pinned_host_impl(std::size_t bytes, bool coherent) {
  (void)coherent; // see the file comment
  if (!api_->cuMemHostAlloc || !api_->cuMemFreeHost)
    return nullptr;
  make_current();
  void *ptr = nullptr;
  CUresult r = api_->cuMemHostAlloc(
      &ptr, bytes ? bytes : 1,
      CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP);
  if (r != CUDA_SUCCESS)
    fail("cuMemHostAlloc", r,
         "pinning " + std::to_string(bytes) + " bytes of host memory");
  if (!mapped_at_same_address(*api_, ptr)) {
    // Kernels could not use the pointer we hand out: refuse the memory
    // rather than return something that faults on the device.
    api_->cuMemFreeHost(ptr);
    note(label_ + ": pinned host memory is not mapped at its host address "
                  "(no unified addressing); am_alloc(amHostPinned) fails");
    return nullptr;
  }
  return ptr;
}

void cuda_device::free_pinned_host_impl(void *ptr) noexcept {
  if (!ptr || !api_->cuMemFreeHost)
    return;
  try {
    make_current();
  } catch (...) {
    return; // the driver is gone (program exit)
  }
  CUresult r = api_->cuMemFreeHost(ptr);
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_DEINITIALIZED)
    note(error_message(*api_, "cuMemFreeHost", r, label_));
}

namespace {

// cuMemHostRegister with `flags`, kept only where the memory is mapped at
// its own address (unified addressing: kernels use host pointers as they
// are). False, with the driver's answer noted, when it is not.
bool register_at_same_address(const driver_api &api, void *ptr,
                              std::size_t bytes, unsigned flags,
                              const std::string &label) {
  if (!ptr || !bytes || !api.cuMemHostRegister || !api.cuMemHostUnregister)
    return false;
  CUresult r = api.cuMemHostRegister(ptr, bytes, flags);
  if (r != CUDA_SUCCESS) {
    note(error_message(api, "cuMemHostRegister_v2", r,
                       label + ": locking " + std::to_string(bytes) +
                           " bytes of host memory"));
    return false;
  }
  if (!mapped_at_same_address(api, ptr)) {
    api.cuMemHostUnregister(ptr);
    return false;
  }
  return true;
}

} // namespace

bool cuda_device::register_host_impl(void *ptr, std::size_t bytes) {
  make_current();
  return register_at_same_address(
      *api_, ptr, bytes,
      CU_MEMHOSTREGISTER_PORTABLE | CU_MEMHOSTREGISTER_DEVICEMAP, label_);
}

bool cuda_device::register_host_read_only_impl(void *ptr, std::size_t bytes) {
  make_current();
  return register_at_same_address(*api_, ptr, bytes,
                                  CU_MEMHOSTREGISTER_PORTABLE |
                                      CU_MEMHOSTREGISTER_DEVICEMAP |
                                      CU_MEMHOSTREGISTER_READ_ONLY,
                                  label_);
}

void cuda_device::unregister_host_impl(void *ptr) noexcept {
  if (!ptr || !api_->cuMemHostUnregister)
    return;
  try {
    make_current();
  } catch (...) {
    return;
  }
  CUresult r = api_->cuMemHostUnregister(ptr);
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_DEINITIALIZED)
    note(error_message(*api_, "cuMemHostUnregister", r, label_));
}

bool cuda_device::kernel_can_access_impl(const void *addr) {
  if (!api_->cuPointerGetAttribute)
    return false;
  // Device memory of any context and host memory pinned or registered
  // with DEVICEMAP are known to the driver; other host memory is not.
  unsigned memory_type = 0;
  return api_->cuPointerGetAttribute(&memory_type,
                                     CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                     device_ptr(addr)) == CUDA_SUCCESS;
}

bool cuda_device::owns_device_memory_impl(const void *addr) {
  if (!api_->cuPointerGetAttribute)
    return false;
  unsigned memory_type = 0;
  int ordinal = -1;
  return api_->cuPointerGetAttribute(&memory_type,
                                     CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
                                     device_ptr(addr)) == CUDA_SUCCESS &&
         memory_type == CU_MEMORYTYPE_DEVICE &&
         api_->cuPointerGetAttribute(&ordinal,
                                     CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
                                     device_ptr(addr)) == CUDA_SUCCESS &&
         ordinal == static_cast<int>(handle_);
}

cuda_device *cuda_device::accessible_peer(device &owner) {
  auto *other = dynamic_cast<cuda_device *>(&impl(owner));
  if (!other || other == this || &other->api() != api_.get() ||
      !api_->cuDeviceCanAccessPeer)
    return nullptr;
  int can = 0;
  if (api_->cuDeviceCanAccessPeer(&can, handle_, other->handle()) !=
          CUDA_SUCCESS ||
      !can)
    return nullptr;
  return other;
}

bool cuda_device::is_peer_impl(device &peer) {
  auto *other = dynamic_cast<cuda_device *>(&impl(peer));
  return other && other->accessible_peer(*this) != nullptr;
}

bool cuda_device::enable_access_to_impl(device &owner) {
  if (&owner == this)
    return true;
  cuda_device *other = accessible_peer(owner);
  if (!other || !api_->cuCtxEnablePeerAccess)
    return false;
  std::lock_guard<std::mutex> hold(peers_mutex_);
  if (std::find(peers_enabled_.begin(), peers_enabled_.end(), other) !=
      peers_enabled_.end())
    return true;
  CUcontext peer_context = other->context();
  make_current();
  CUresult r = api_->cuCtxEnablePeerAccess(peer_context, 0);
  bool enabled =
      r == CUDA_SUCCESS || r == CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED;
  if (enabled)
    peers_enabled_.push_back(other);
  return enabled;
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
