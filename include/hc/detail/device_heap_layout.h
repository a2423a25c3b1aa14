// The device heap (docs/device-heap.md): what the runtime and the device
// allocator (device_heap.hpp) share: the control block, the status block
// the host reads after kernels, and where each piece lies in the heap's one
// device allocation.
//
// Compiled three ways: by the device pass (the allocator), by the runtime
// (g++: the CUDA backend creates the heap) and by the unit tests.
//
// One device allocation holds, in this order:
//
//   control       the control block below (class slots, partial lists)
//   page_info     u32 per page: 0 free, c+1 small class c, large head/tail
//   page_count    u32 per page: chunks claimed on a small-class page
//   page_next     u32 per page: next page (+1) on its class's partial list
//   page_listed   u32 per page: 1 while on a partial list
//   page_taken    1 bit per page: the page belongs to a class or a run
//   page_bitmap   words_per_page u32 per page: 1 bit per chunk
//   arena         num_pages pages of page_size bytes, page aligned
//
// Everything before the arena starts zeroed; the arena is not touched.
#ifndef HC_DETAIL_DEVICE_HEAP_LAYOUT_H
#define HC_DETAIL_DEVICE_HEAP_LAYOUT_H

#if defined(__CUDA__) || defined(__HIP__)
#define HC_HEAP_HD __attribute__((host, device))
#else
#define HC_HEAP_HD
#endif

namespace hc {
namespace detail {
namespace device_heap {

using u32 = unsigned int;
using u64 = unsigned long long;

// Small blocks come in power-of-two size classes from 16 bytes up to 4 KiB
// (fewer when pages are small: a class needs at least 8 chunks a page).
constexpr u32 min_chunk_shift = 4;
constexpr u32 max_classes = 9; // 16 B .. 4 KiB
// Pages of one class being filled; work-groups pick one by their id, so
// concurrent work-groups rarely touch the same page.
constexpr u32 slots_per_class = 64;

// Page sizes the heap accepts: powers of two in [4 KiB, 16 MiB].
constexpr u32 min_page_shift = 12;
constexpr u32 max_page_shift = 24;
constexpr u64 default_page_size = u64(64) << 10;
constexpr u64 default_heap_bytes = u64(512) << 20;

// page_info values besides 0 (free) and c+1 (small class c).
constexpr u32 info_large_head = 0x80000000u; // | number of pages
constexpr u32 info_large_tail = 0x40000000u;

// What a kernel did wrong, first one wins (status::error).
enum error_code : u32 {
  error_none = 0,
  error_exhausted = 1,   // operator new found no memory: the item ended
  error_double_free = 2, // (check mode) a free block freed again
  error_foreign = 3,     // (check mode) not a block of this heap
};

// In pinned host memory mapped into the GPU: the host reads it with a plain
// load when a command finishes and clears it after reporting.
struct status {
  u32 error;   // error_code, claimed with a compare-and-swap
  u32 unused;
  u64 address; // the pointer freed, or 0
  u64 size;    // the size requested, or 0
  u64 reserved;
};
static_assert(sizeof(status) == 32, "status is 32 bytes");

struct control {
  u64 arena;       // device address of page 0
  u64 status;      // device address of the status block, or 0
  u64 page_info;   // device addresses of the metadata arrays
  u64 page_count;
  u64 page_next;
  u64 page_listed;
  u64 page_taken;
  u64 page_bitmap;
  u32 page_shift;
  u32 num_pages;
  u32 num_classes;    // small classes this page size allows
  u32 words_per_page; // bitmap words per page (for 16-byte chunks)
  u32 check;          // HCC_DEVICE_HEAP_CHECK: report misuse
  u32 page_hint;      // where the next page search starts
  u64 partial[max_classes];               // (tag << 32) | (page + 1)
  u32 slots[max_classes][slots_per_class]; // page + 1, or 0
};

// The device variable __hcc_device_heap of a module that allocates: the
// runtime reads the program's macros from it and writes `heap` at load.
struct module_heap {
  control *heap;        // set by the runtime
  u64 page_size_macro;  // __HIP_SIZE_OF_PAGE, or 0
  u64 num_pages_macro;  // __HIP_NUM_PAGES, or 0
};
static_assert(sizeof(module_heap) == 24, "what the runtime expects");

struct layout {
  u64 page_info, page_count, page_next, page_listed, page_taken,
      page_bitmap;  // byte offsets from the allocation's start
  u64 metadata;     // bytes to zero: everything before the arena
  u64 arena;        // offset of the arena (from a page-aligned start)
  u64 total;        // bytes to allocate, page-aligned start assumed
};

HC_HEAP_HD inline u64 align_up(u64 x, u64 a) { return (x + a - 1) / a * a; }

HC_HEAP_HD inline u32 words_per_page(u32 page_shift) {
  return (u32(1) << (page_shift - min_chunk_shift)) / 32;
}

HC_HEAP_HD inline u32 classes_for(u32 page_shift) {
  // The largest class has 8 chunks a page.
  u32 n = page_shift - 3 - min_chunk_shift + 1;
  return n < max_classes ? n : max_classes;
}

HC_HEAP_HD inline layout layout_for(u32 page_shift, u32 num_pages) {
  layout l{};
  u64 at = align_up(sizeof(control), 256);
  l.page_info = at;
  at += align_up(u64(num_pages) * 4, 256);
  l.page_count = at;
  at += align_up(u64(num_pages) * 4, 256);
  l.page_next = at;
  at += align_up(u64(num_pages) * 4, 256);
  l.page_listed = at;
  at += align_up(u64(num_pages) * 4, 256);
  l.page_taken = at;
  at += align_up((u64(num_pages) + 31) / 32 * 4, 256);
  l.page_bitmap = at;
  at += align_up(u64(num_pages) * words_per_page(page_shift) * 4, 256);
  l.metadata = at;
  l.arena = align_up(at, u64(1) << page_shift);
  l.total = l.arena + (u64(num_pages) << page_shift);
  return l;
}

} // namespace device_heap
} // namespace detail
} // namespace hc

#undef HC_HEAP_HD

#endif // HC_DETAIL_DEVICE_HEAP_LAYOUT_H
