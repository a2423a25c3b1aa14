// Copies between device memory and host memory the user did not pin
// (docs/host-memory.md). hsa_queue::copy() asks unpinned_strategy() and runs
// the mechanics below:
//
//   staging       staged_to_device / staged_from_device: through the
//                 device's staging_pool (core/unpinned_copy.hpp), whose
//                 buffers come from the system's fine-grained pool and whose
//                 fences are the completion signals of each buffer's last
//                 chunk (hsa_amd_memory_async_copy, one signal per chunk).
//                 To the device the call returns once the last chunk is
//                 enqueued, and that chunk completes the command's signal
//                 after the other chunks; from the device it returns once
//                 the data is in the user's memory.
//   pin_in_place  pin_pages(): the pages are locked for the agent
//                 (hsa_amd_memory_lock) and the copy engine uses them
//                 directly; the returned owner unlocks them, which the
//                 command's cleanup does once it finished.
//
// ROCr's copy engines have no path for pageable memory: there is no
// direct strategy, and the automatic choice stages where CUDA would hand
// small copies to its driver.
#ifndef HC_RUNTIME_HSA_HSA_COPY_ENGINE_HPP
#define HC_RUNTIME_HSA_HSA_COPY_ENGINE_HPP

#include "backends/hsa/hsa_device.hpp"
#include "core/unpinned_copy.hpp"

#include <memory>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

// The strategy for `bytes` of unpinned host memory at `host`.
copy_strategy unpinned_strategy(hsa_device &dev, bool to_device,
                                const void *host, std::size_t bytes);

// False when the device has no staging buffer and cannot get one (no
// fine-grained system pool, or it is exhausted); the caller then locks the
// pages. Allocates the first (smallest) buffer.
bool staging_available(hsa_device &dev);
// Staged copies after the signals `waits`. The CPU must have waited for
// them before staged_to_device reads `src`. To the device, the last chunk
// completes `state`'s signal, and `state` keeps the other chunks' signals
// until it finished. Throw runtime_exception on runtime errors.
void staged_to_device(hsa_device &dev, const std::shared_ptr<hsa_state> &state,
                      const std::vector<hsa_signal_t> &waits, void *dst,
                      const void *src, std::size_t bytes);
void staged_from_device(hsa_device &dev, const std::vector<hsa_signal_t> &waits,
                        void *dst, const void *src, std::size_t bytes);

// Locks the pages holding [host, host + bytes) for the device's agent and
// sets `mapped` to the address the copy engine uses for `host`; the owner
// unlocks them. Null when they cannot be locked (memory ROCr allocated is
// already usable as it is).
std::shared_ptr<void> pin_pages(hsa_device &dev, void *host, std::size_t bytes,
                                void *&mapped);

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
