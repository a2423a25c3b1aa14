// <hc_am.hpp>: hcc's accelerator memory API. Raw allocations on an
// accelerator (device memory, or pinned host memory mapped into every GPU),
// copies between them, and a tracker that maps any address inside an
// allocation to what it is. docs/host-memory.md explains the flags,
// coherence and how copies from unpinned memory are done.
//
// Names, signatures and flag values follow hcc's include/hc_am.hpp
// (amHostNonCoherent is amHostPinned, as there).
#ifndef HC_AM_HPP
#define HC_AM_HPP

#include "hc.hpp"
#include "hc/detail/am_runtime.hpp"

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <mutex>
#include <vector>

typedef int am_status_t;
#define AM_SUCCESS 0
#define AM_ERROR_MISC -1 ///< miscellaneous error

// Flags of am_alloc. 0: device memory of the accelerator.
#define amHostPinned 0x1      ///< pinned host memory, mapped into all GPUs
#define amHostNonCoherent 0x1 ///< the same: pinned, the GPUs may cache it
#define amHostCoherent 0x2    ///< pinned host memory the GPUs do not cache
#define amHostUnmapped 0x4    ///< pinned; hcc did not map it into peers
#define amDeviceFinegrained 0x8 ///< device memory, fine-grained on ROCr
// Flag of am_memory_host_lock_with_flag: lock with coarse-grained semantics.
#define amHostLockCoarseGrained 0x1

struct hsa_agent_s;

namespace hc {

class AmPointerInfo {
public:
  void *_hostPointer;    ///< host address; null if the host cannot access it
  void *_devicePointer;  ///< address for kernels
  void *_unalignedDevicePointer; ///< start of the block (am_aligned_alloc)
  std::size_t _sizeBytes;        ///< size of the allocation
  hc::accelerator _acc;  ///< accelerator where the memory physically is
  bool _isInDeviceMem;   ///< on the device (false: host memory)
  bool _isAmManaged;     ///< allocated by am_alloc (am_memtracker_reset frees)
  uint64_t _allocSeqNum; ///< allocation order
  int _appId;                  ///< for the application (HIP: device id)
  unsigned _appAllocationFlags; ///< for the application (HIP: flags)
  void *_appPtr;               ///< for the application

  AmPointerInfo()
      : _hostPointer(nullptr), _devicePointer(nullptr),
        _unalignedDevicePointer(nullptr), _sizeBytes(0),
        _isInDeviceMem(false), _isAmManaged(false), _allocSeqNum(0),
        _appId(-1), _appAllocationFlags(0), _appPtr(nullptr) {}
  AmPointerInfo(void *hostPointer, void *devicePointer,
                void *unalignedDevicePointer, std::size_t sizeBytes,
                hc::accelerator &acc, bool isInDeviceMem = false,
                bool isAmManaged = false)
      : _hostPointer(hostPointer), _devicePointer(devicePointer),
        _unalignedDevicePointer(unalignedDevicePointer),
        _sizeBytes(sizeBytes), _acc(acc), _isInDeviceMem(isInDeviceMem),
        _isAmManaged(isAmManaged), _allocSeqNum(0), _appId(-1),
        _appAllocationFlags(0), _appPtr(nullptr) {}
  // hcc's earlier form, without the unaligned pointer.
  AmPointerInfo(void *hostPointer, void *devicePointer, std::size_t sizeBytes,
                hc::accelerator &acc, bool isInDeviceMem = false,
                bool isAmManaged = false)
      : AmPointerInfo(hostPointer, devicePointer, devicePointer, sizeBytes,
                      acc, isInDeviceMem, isAmManaged) {}
  AmPointerInfo(const AmPointerInfo &) = default;
  AmPointerInfo &operator=(const AmPointerInfo &) = default;
};

namespace am_detail {

inline detail::am_record to_record(const AmPointerInfo &info) {
  detail::am_record r;
  r.host_pointer = info._hostPointer;
  r.device_pointer = info._devicePointer;
  r.bytes = info._sizeBytes;
  r.dev = &info._acc.device();
  r.in_device_memory = info._isInDeviceMem;
  r.am_managed = false; // only am_alloc makes managed entries
  r.app_id = info._appId;
  r.app_flags = info._appAllocationFlags;
  r.app_pointer = info._appPtr;
  return r;
}

inline void to_info(const detail::am_record &r, AmPointerInfo &info) {
  info._hostPointer = r.host_pointer;
  info._devicePointer = r.device_pointer;
  info._unalignedDevicePointer =
      r.unaligned_pointer ? r.unaligned_pointer : r.device_pointer;
  info._sizeBytes = r.bytes;
  info._acc = hc::accelerator(r.dev);
  info._isInDeviceMem = r.in_device_memory;
  info._isAmManaged = r.am_managed;
  info._allocSeqNum = r.sequence;
  info._appId = r.app_id;
  info._appAllocationFlags = r.app_flags;
  info._appPtr = r.app_pointer;
}

} // namespace am_detail

/// `size` bytes on `acc` whose address is a multiple of `alignment` (0:
/// the allocator's alignment): device memory (flags 0 or
/// amDeviceFinegrained), or pinned host memory mapped into every GPU
/// (amHostPinned, amHostCoherent), usable by kernels through the returned
/// pointer. Null for size 0 or when memory is exhausted. Throws
/// hc::runtime_exception for unknown flag bits or an alignment that is not
/// a power of two. am_free takes the returned pointer.
inline auto_voidp am_aligned_alloc(std::size_t size, hc::accelerator &acc,
                                   unsigned flags, std::size_t alignment = 0) {
  return detail::am_allocate(size, acc.device(), flags, alignment);
}

/// am_aligned_alloc with the allocator's alignment.
inline auto_voidp am_alloc(std::size_t size, hc::accelerator &acc,
                           unsigned flags) {
  return detail::am_allocate(size, acc.device(), flags);
}

/// Frees a block of am_alloc. AM_ERROR_MISC if `ptr` is not one.
inline am_status_t am_free(void *ptr) {
  if (!ptr)
    return AM_SUCCESS;
  return detail::am_release(ptr) ? AM_SUCCESS : AM_ERROR_MISC;
}

/// Copies `size` bytes between host memory and tracked device memory (any
/// direction) and waits for the copy. The ranges must not overlap.
inline am_status_t am_copy(void *dst, const void *src, size_t size) {
  return detail::am_copy_bytes(dst, src, size) ? AM_SUCCESS : AM_ERROR_MISC;
}

/// Information about the tracked allocation containing `ptr`. With a null
/// `info` only the status tells whether it is tracked.
inline am_status_t am_memtracker_getinfo(hc::AmPointerInfo *info,
                                         const void *ptr) {
  detail::am_record r;
  if (!detail::am_find(ptr, &r))
    return AM_ERROR_MISC;
  if (info)
    am_detail::to_info(r, *info);
  return AM_SUCCESS;
}

/// Tracks user memory [ptr, ptr + info._sizeBytes). AM_ERROR_MISC for a
/// null pointer, 0 bytes or a range overlapping a tracked one.
inline am_status_t am_memtracker_add(void *ptr, hc::AmPointerInfo &info) {
  return detail::am_track(ptr, am_detail::to_record(info)) ? AM_SUCCESS
                                                           : AM_ERROR_MISC;
}

/// The older form of am_memtracker_add.
inline am_status_t am_memtracker_add(void *ptr, size_t sizeBytes,
                                     hc::accelerator &acc,
                                     bool isDeviceMem = false) {
  AmPointerInfo info(isDeviceMem ? nullptr : ptr, ptr, ptr, sizeBytes, acc,
                     isDeviceMem, false);
  return am_memtracker_add(ptr, info);
}

/// Sets the application fields of the allocation containing `ptr`.
inline am_status_t am_memtracker_update(const void *ptr, int appId,
                                        unsigned allocationFlags,
                                        void *appPtr = nullptr) {
  return detail::am_update(ptr, appId, allocationFlags, appPtr)
             ? AM_SUCCESS
             : AM_ERROR_MISC;
}

/// Stops tracking the allocation containing `ptr` (does not free it).
inline am_status_t am_memtracker_remove(void *ptr) {
  return detail::am_untrack(ptr) ? AM_SUCCESS : AM_ERROR_MISC;
}

/// Untracks every allocation of `acc`, freeing those am_alloc made.
/// Returns how many there were.
inline size_t am_memtracker_reset(const hc::accelerator &acc) {
  return detail::am_reset(acc.device());
}

/// Prints the tracker on stderr; with `targetAddress`, the allocation that
/// holds it or the closest ones.
inline void am_memtracker_print(void *targetAddress = nullptr) {
  detail::am_print(targetAddress);
}

/// Bytes of device memory, am_alloc'ed host memory and user memory
/// (am_memtracker_add, am_memory_host_lock) tracked for `acc`.
inline void am_memtracker_sizeinfo(const hc::accelerator &acc,
                                   size_t *deviceMemSize, size_t *hostMemSize,
                                   size_t *userMemSize) {
  detail::am_sizes(acc.device(), deviceMemSize, hostMemSize, userMemSize);
}

/// Makes the am_alloc block `ptr` accessible from `peers`. AM_ERROR_MISC
/// for a null pointer, no peers, an untracked or user pointer, or a peer
/// that cannot access it.
inline am_status_t am_map_to_peers(void *ptr, size_t num_peer,
                                   const hc::accelerator *peers) {
  if (!ptr || !num_peer || !peers)
    return AM_ERROR_MISC;
  std::vector<detail::device *> devices;
  for (size_t i = 0; i < num_peer; ++i)
    devices.push_back(&peers[i].device());
  return detail::am_map_peers(ptr, devices.size(), devices.data())
             ? AM_SUCCESS
             : AM_ERROR_MISC;
}

/// Page-locks user memory [hostPtr, hostPtr + size) so copies from and to
/// it need no staging (and it is tracked as pinned user memory). The
/// memory is mapped into every GPU of `ac`'s backend; `visibleAc` is
/// checked to be reachable. AM_ERROR_MISC when it cannot be locked.
inline am_status_t am_memory_host_lock(hc::accelerator &ac, void *hostPtr,
                                       size_t size, hc::accelerator *visibleAc,
                                       size_t numVisibleAc) {
  for (size_t i = 0; i < numVisibleAc; ++i)
    if (visibleAc[i].device().info().backend != ac.device().info().backend &&
        !visibleAc[i].device().info().is_host_memory)
      return AM_ERROR_MISC;
  return detail::am_host_lock(ac.device(), hostPtr, size) ? AM_SUCCESS
                                                         : AM_ERROR_MISC;
}

/// am_memory_host_lock with ROCr's choice of coarse-grained
/// (amHostLockCoarseGrained) or fine-grained (0) locking. Locked host
/// memory is the same either way on the other backends.
inline am_status_t am_memory_host_lock_with_flag(hc::accelerator &ac,
                                                 void *hostPtr, size_t size,
                                                 hc::accelerator *visibleAc,
                                                 size_t numVisibleAc,
                                                 unsigned flags = 0) {
  (void)flags;
  return am_memory_host_lock(ac, hostPtr, size, visibleAc, numVisibleAc);
}

/// Makes every am_alloc block of `acc` accessible from the accelerators
/// whose HSA agents are `agents[0..peerCnt)` (HIP calls it after enabling
/// peer access). Agents name ROCr devices only: other accelerators are not
/// among them.
inline void am_memtracker_update_peers(const hc::accelerator &acc,
                                       int peerCnt, hsa_agent_s *agents) {
  if (peerCnt <= 0 || !agents)
    return;
  // hsa_agent_t is one 64-bit handle; hsa_agent_s is incomplete here.
  const auto *handles = reinterpret_cast<const std::uint64_t *>(agents);
  std::vector<detail::device *> peers;
  for (detail::device *d : detail::all_devices())
    if (const void *agent = d->native_handle(hc::detail::native_object::agent))
      for (int i = 0; i < peerCnt; ++i)
        if (*static_cast<const std::uint64_t *>(agent) == handles[i])
          peers.push_back(d);
  detail::am_map_peers_of(acc.device(), peers.size(), peers.data());
}

/// Undoes am_memory_host_lock.
inline am_status_t am_memory_host_unlock(hc::accelerator &ac, void *hostPtr) {
  return detail::am_host_unlock(ac.device(), hostPtr) ? AM_SUCCESS
                                                      : AM_ERROR_MISC;
}

} // namespace hc

#endif // HC_AM_HPP
