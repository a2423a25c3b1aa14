// Copies between device memory and host memory the user did not pin
// (docs/host-memory.md). cuda_queue::copy() asks unpinned_strategy() and
// runs the mechanics below inside its submit(), so the copy is ordered on
// the stream like any command:
//
//   direct        cuMemcpy{HtoD,DtoH}Async with the pageable pointer: the
//                 driver's own path (it stages internally).
//   staging       staged_to_device / staged_from_device: through the
//                 device's staging_pool (core/unpinned_copy.hpp), whose
//                 buffers are cuMemHostAlloc'ed and whose fences are
//                 events recorded on the copy's stream after each chunk.
//   pin_in_place  pin_pages(): the pages are registered
//                 (cuMemHostRegister) and the DMA uses them directly; the
//                 returned owner unregisters them once the command has
//                 finished (the completion worker drops it), so the copy
//                 stays asynchronous.
#ifndef HC_RUNTIME_CUDA_CUDA_COPY_ENGINE_HPP
#define HC_RUNTIME_CUDA_CUDA_COPY_ENGINE_HPP

#include "backends/cuda/cuda_device.hpp"
#include "core/unpinned_copy.hpp"

#include <memory>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

// The strategy for `bytes` of unpinned host memory at `host`
// (HCC_UNPINNED_COPY_MODE and the thresholds; what this driver offers).
// Staging when shared virtual memory page-locked the range only in part:
// the driver would take it as pinned and reject it.
copy_strategy unpinned_strategy(cuda_device &dev, bool to_device,
                                const void *host, std::size_t bytes);

// False when the device has no staging buffer and cannot get one (no
// cuMemHostAlloc, or pinned memory exhausted); the caller then copies
// directly. Allocates the first (smallest) buffer.
bool staging_available(cuda_device &dev);
// Enqueue on `stream` (caller: inside cuda_queue::submit). Throw
// runtime_exception on driver errors.
void staged_to_device(cuda_device &dev, CUstream stream, CUdeviceptr dst,
                      const void *src, std::size_t bytes);
void staged_from_device(cuda_device &dev, CUstream stream, void *dst,
                        CUdeviceptr src, std::size_t bytes);

// Page-locks the pages holding [ptr, ptr + bytes); the owner unlocks them.
// Null when they cannot be locked (e.g. a page is already registered by
// another copy); the caller then stages.
std::shared_ptr<void> pin_pages(cuda_device &dev, const void *ptr,
                                std::size_t bytes);

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
