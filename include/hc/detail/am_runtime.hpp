// The runtime side of <hc_am.hpp> (accelerator memory): allocation, the
// pointer tracker and copies, in terms of the runtime's devices. The hc::
// functions of hc_am.hpp are thin inline wrappers over these; the library
// implements them in lib/hc-runtime/core/am_*.cpp (docs/host-memory.md).
#ifndef HC_DETAIL_AM_RUNTIME_HPP
#define HC_DETAIL_AM_RUNTIME_HPP

#include "hc/detail/runtime.hpp"

#include <cstddef>
#include <cstdint>

namespace hc {
namespace detail {

// am_alloc flag bits (the values of hc_am.hpp's macros, hcc's values:
// amHostNonCoherent is amHostPinned).
enum : unsigned {
  am_flag_host_pinned = 0x1,
  am_flag_host_coherent = 0x2,
  am_flag_host_unmapped = 0x4,
  am_flag_device_finegrained = 0x8,
  am_flag_all = 0xf
};

// One tracked range. `base`/`bytes` is the range; the pointers are what
// AmPointerInfo reports.
struct am_record {
  void *host_pointer = nullptr;   // null when the host cannot access it
  void *device_pointer = nullptr;
  std::size_t bytes = 0;
  device *dev = nullptr;          // where the memory physically is
  bool in_device_memory = false;
  bool am_managed = false;        // allocated by am_alloc (am_free frees it)
  bool pinned = false;            // page-locked host memory (DMA-able)
  bool coherent = false;          // pinned host memory the GPU does not cache
  std::uint64_t sequence = 0;     // allocation order, from 1
  int app_id = -1;
  unsigned app_flags = 0;
  void *app_pointer = nullptr;
  // am_aligned_alloc: the start of the block the allocator returned, when
  // the range begins later to be aligned; null otherwise.
  void *unaligned_pointer = nullptr;
  // The device that allocated or page-locked it (for pinned host memory of
  // the CPU accelerator: a GPU); null for plain user memory.
  device *owner = nullptr;
};

// Whether pinned host memory allocated with amHostPinned is coherent:
// HIP_HOST_COHERENT unset or not "0".
bool am_default_coherent();

// am_alloc / am_aligned_alloc: `bytes` of memory for `dev`, at an address
// that is a multiple of `alignment` (0: the allocator's own). flags 0 or
// amDeviceFinegrained: device memory (host memory on the CPU device);
// amHostPinned (= amHostNonCoherent) / amHostCoherent: pinned host memory
// mapped into every GPU (amHostUnmapped too: see docs/host-memory.md).
// Null for 0 bytes or when memory is exhausted; runtime_exception for
// unknown flag bits or an alignment that is not a power of two.
void *am_allocate(std::size_t bytes, device &dev, unsigned flags,
                  std::size_t alignment = 0);
// am_free: true when `ptr` (the base of an am_alloc block) was freed.
bool am_release(void *ptr) noexcept;

// The tracker. Lookups find any address inside a tracked range.
bool am_find(const void *ptr, am_record *record);
// Adds [ptr, ptr + record.bytes); false for null or 0 bytes, or a range
// overlapping a tracked one.
bool am_track(void *ptr, const am_record &record);
bool am_update(const void *ptr, int app_id, unsigned app_flags,
               void *app_pointer);
bool am_untrack(const void *ptr);
// Untracks every range of `dev`, freeing those am_alloc made; the count.
std::size_t am_reset(device &dev);
// The table (or, with `target`, the range holding it / the closest ones)
// on stderr.
void am_print(const void *target);
// Bytes tracked for `dev`: device memory, am_alloc'ed host memory, user
// memory added with am_memtracker_add / am_memory_host_lock.
void am_sizes(device &dev, std::size_t *device_bytes, std::size_t *host_bytes,
              std::size_t *user_bytes);

// am_copy: copies `bytes` between any two of host memory and tracked
// device memory, waits for it; false on error (the message is on stderr
// when HCC_VERBOSE is set).
bool am_copy_bytes(void *dst, const void *src, std::size_t bytes);
// True when [ptr, ptr + bytes) lies in one tracked range of page-locked
// host memory (am_alloc'ed or am_memory_host_lock'ed): backends copy it
// with DMA directly, without the unpinned-copy strategies.
bool am_is_pinned_host(const void *ptr, std::size_t bytes) noexcept;
// am_map_to_peers: false when `ptr` is not an am_alloc block or a peer
// cannot reach it.
bool am_map_peers(void *ptr, std::size_t count, device *const *peers);
// am_memtracker_update_peers: am_map_peers for every am_alloc block of
// `dev`; blocks a peer cannot reach are left as they are.
void am_map_peers_of(device &dev, std::size_t count, device *const *peers);
// am_memory_host_lock / unlock: page-locks user memory for `dev`'s backend
// and tracks it as pinned user memory.
bool am_host_lock(device &dev, void *ptr, std::size_t bytes);
bool am_host_unlock(device &dev, void *ptr);

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_AM_RUNTIME_HPP
