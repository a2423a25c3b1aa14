// The large blocks the program's allocator handed out, as the runtime saw
// them pass through malloc/calloc/realloc/aligned allocation and free
// (svm_interpose.cpp). Shared virtual memory (svm_visibility.cpp) asks it
// what a captured pointer points into: an allocator may give a large block
// a mapping of its own and unmap it when the block is freed, without a
// munmap() call the runtime could see (glibc does so from 128 KiB), so
// such a block must be registered on its own and released when it is
// freed. Knowing the blocks from their allocation, the runtime never reads
// an allocator's private data (chunk headers) to find them, and works the
// same over any allocator that comes after libhc_runtime in the search
// order.
//
// Blocks smaller than `tracked_block_bytes` are not recorded: they live in
// the allocator's shared heaps, whose mappings are registered whole.
// Allocators that come before libhc_runtime (LD_PRELOAD, a sanitizer's,
// one linked into the program) are not seen at all; their memory is then
// registered by mapping and released on munmap() (docs/svm.md).
#ifndef HC_RUNTIME_CORE_SVM_LARGE_BLOCKS_HPP
#define HC_RUNTIME_CORE_SVM_LARGE_BLOCKS_HPP

#include <atomic>
#include <cstddef>
#include <cstdint>

namespace hc {
namespace detail {
namespace rt {
namespace svm {

// glibc's default mmap threshold: from this size a block may have a mapping
// of its own.
constexpr std::size_t tracked_block_bytes = 128 * 1024;

struct large_block {
  std::uintptr_t begin = 0, end = 0; // the bytes the program asked for
};

namespace table_filter {
#define HC_HIDDEN __attribute__((visibility("hidden")))
// How many blocks are tracked, and how many start in a page of each hash
// bucket: free() of a small block (the common case) is told "not tracked"
// by a load or two, inlined into it, without a call or the lock.
constexpr std::size_t bucket_count = 4096;
extern HC_HIDDEN std::atomic<std::size_t> tracked_blocks;
extern HC_HIDDEN std::atomic<std::uint32_t> starts_in_bucket[bucket_count];
#undef HC_HIDDEN

inline std::atomic<std::uint32_t> &bucket_of(std::uintptr_t begin) {
  return starts_in_bucket[(begin >> 12) % bucket_count];
}
} // namespace table_filter

// False when no tracked block can start at `p`. Relaxed loads suffice: a
// block is noted by the thread that allocated it before the pointer can
// reach a thread that frees it, and that hand-over orders the two.
inline bool may_be_tracked(const void *p) noexcept {
  auto begin = reinterpret_cast<std::uintptr_t>(p);
  return table_filter::tracked_blocks.load(std::memory_order_relaxed) &&
         table_filter::bucket_of(begin).load(std::memory_order_relaxed);
}

// Records a block of `bytes` at `p` when it is large enough to be tracked.
// Safe to call from inside malloc: allocates only through the allocator
// the runtime forwards to, never re-entering the table's lock.
void note_allocated_block(const void *p, std::size_t bytes) noexcept;

// Removes the block that starts at `p` from the table; true with its
// extent in `out` when it was there. Call only where may_be_tracked(p).
bool forget_block(const void *p, large_block &out) noexcept;

// The tracked block that holds `addr`; false when none does.
bool find_block(std::uintptr_t addr, large_block &out) noexcept;

} // namespace svm
} // namespace rt
} // namespace detail
} // namespace hc

#endif
