// The device heap's allocator (docs/device-heap.md): the algorithm, free
// of any particular target. device_heap.hpp compiles it into every device
// pass (NVPTX, AMDGPU) and defines the entry points the device pass calls;
// the unit tests compile it for the host (unittests/
// device_heap_allocator_test.cpp), with threads for work-items and
// HC_HEAP_HOST_GROUP_ID() / HC_HEAP_HOST_ITEM_ID() saying which.
//
// In short:
//  * blocks up to the largest size class (4 KiB with 64 KiB pages) come
//    from pages owned by their power-of-two class; a page has a claim
//    counter and a bitmap. A work-item reserves a chunk with one fetch-add
//    on the counter and takes a bit of the bitmap with one fetch-or;
//    freeing clears the bit and decrements the counter. Work-groups fill
//    different pages (64 slots a class), work-items start at different
//    bitmap words, so tens of thousands of them rarely meet on a word;
//  * a page that was full and gets a free chunk goes on its class's
//    lock-free (tagged) partial list, where a slot needing a page looks
//    first;
//  * larger blocks are runs of whole pages, claimed bit by bit in a page
//    bitmap (rolled back when another work-item took one first).
// No locks anywhere; a work-item only ever retries after another one made
// progress.
//
// The parts, included below in this order: device_heap_allocator_target.hpp
// (atomics, who is calling, error reports), device_heap_allocator_pages.hpp
// (the page pool), device_heap_allocator_small.hpp (small blocks); this
// file holds the entry points' common parts.
#ifndef HC_DETAIL_DEVICE_HEAP_ALLOCATOR_HPP
#define HC_DETAIL_DEVICE_HEAP_ALLOCATOR_HPP

#include "device_heap_layout.h"

#include <stddef.h>

// A GPU device pass (NVPTX, AMDGPU), or a host build (unit tests).
#if defined(__NVPTX__) || defined(__AMDGPU__)
#define HC_HEAP_GPU 1
#else
#define HC_HEAP_GPU 0
#endif

#if HC_HEAP_GPU
#define HC_HEAP_FN __attribute__((device)) static inline
#else
#define HC_HEAP_FN static inline
#endif

#include "device_heap_allocator_target.hpp"
#include "device_heap_allocator_pages.hpp"
#include "device_heap_allocator_small.hpp"

namespace hc {
namespace detail {
namespace device_heap {

// --- the entry points' common parts ------------------------------------------

HC_HEAP_FN void *allocate(control *h, u64 size) {
  if (!h)
    return nullptr;
  if (size == 0)
    size = 1;
  if (size <= (u64(1) << (h->num_classes - 1 + min_chunk_shift)))
    return alloc_small(h, class_of(size));
  // (Compared before rounding up, which could wrap around.)
  if (size > (u64(h->num_pages) << h->page_shift))
    return nullptr;
  u64 pages = (size + (u64(1) << h->page_shift) - 1) >> h->page_shift;
  u32 first = claim_run(h, u32(pages));
  if (first == ~0u)
    return nullptr;
  u32 *info = at<u32>(h->page_info);
  for (u32 p = 1; p < pages; ++p)
    store(&info[first + p], info_large_tail);
  store(&info[first], info_large_head | u32(pages));
  return at<char>(h->arena) + (u64(first) << h->page_shift);
}

// Alignments up to a page: small chunks are aligned to their size, runs to
// the page size.
HC_HEAP_FN void *allocate_aligned(control *h, u64 size, u64 align) {
  if (!h || align == 0 || (align & (align - 1)) ||
      align > (u64(1) << h->page_shift))
    return nullptr;
  return allocate(h, size < align ? align : size);
}

// Usable size of a block of this heap, 0 for anything else.
HC_HEAP_FN u64 usable_size(control *h, const void *p) {
  char *arena = at<char>(h->arena);
  const char *q = static_cast<const char *>(p);
  if (q < arena || q >= arena + (u64(h->num_pages) << h->page_shift))
    return 0;
  u32 page = u32(u64(q - arena) >> h->page_shift);
  u32 info = load(&at<u32>(h->page_info)[page]);
  if (info & info_large_head)
    return u64(info & ~info_large_head) << h->page_shift;
  if (info && info <= h->num_classes)
    return u64(1) << (info - 1 + min_chunk_shift);
  return 0;
}

HC_HEAP_FN void deallocate(control *h, void *p) {
  if (!p || !h)
    return;
  char *arena = at<char>(h->arena);
  char *q = static_cast<char *>(p);
  if (q < arena || q >= arena + (u64(h->num_pages) << h->page_shift)) {
    if (h->check)
      report(h, error_foreign, p, 0);
    return;
  }
  u64 offset = u64(q - arena);
  u32 page = u32(offset >> h->page_shift);
  u64 in_page = offset & ((u64(1) << h->page_shift) - 1);
  u32 *info = at<u32>(h->page_info);
  u32 kind = load(&info[page]);
  if (kind && kind <= h->num_classes) {
    u32 c = kind - 1;
    u32 shift = c + min_chunk_shift;
    if (in_page & ((u64(1) << shift) - 1)) {
      if (h->check)
        report(h, error_foreign, p, 0);
      return;
    }
    u32 chunk = u32(in_page >> shift);
    u32 bit = 1u << (chunk % 32);
    u32 prior = fetch_and(&bitmap_of(h, page)[chunk / 32], ~bit);
    if (!(prior & bit)) {
      // Not allocated: freed twice. The counter is left alone.
      if (h->check)
        report(h, error_double_free, p, 0);
      return;
    }
    if (fetch_sub(&at<u32>(h->page_count)[page], 1) == capacity_of(h, c))
      list_partial(h, c, page); // was full: has room again
    return;
  }
  if ((kind & info_large_head) && in_page == 0) {
    u32 pages = kind & ~info_large_head;
    if (!cas(&info[page], kind, 0)) {
      if (h->check)
        report(h, error_double_free, p, 0);
      return;
    }
    for (u32 t = 1; t < pages; ++t)
      store(&info[page + t], 0);
    release_pages(h, page, pages);
    return;
  }
  // A free page (freed twice) or inside a block, not its start.
  if (h->check)
    report(h, kind ? error_foreign : error_double_free, p, 0);
}


// calloc: zeroed, null on overflow of count * size.
HC_HEAP_FN void *allocate_zeroed(control *h, u64 count, u64 size) {
  u64 bytes;
  if (__builtin_mul_overflow(count, size, &bytes))
    return nullptr;
  void *p = allocate(h, bytes);
  if (p)
    __builtin_memset(p, 0, bytes);
  return p;
}

// realloc: the same block while it is large enough, else a new one with the
// contents; null (the old block kept) when out of memory or `p` is not a
// block of this heap (check mode reports that).
HC_HEAP_FN void *reallocate(control *h, void *p, u64 size) {
  if (!p)
    return allocate(h, size);
  if (size == 0) {
    deallocate(h, p);
    return nullptr;
  }
  u64 old = h ? usable_size(h, p) : 0;
  if (old == 0) {
    if (h && h->check)
      report(h, error_foreign, p, size);
    return nullptr;
  }
  if (size <= old)
    return p;
  void *q = allocate(h, size);
  if (!q)
    return nullptr;
  __builtin_memcpy(q, p, old);
  deallocate(h, p);
  return q;
}

#undef HC_HEAP_FN
#undef HC_HEAP_GPU

} // namespace device_heap
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_DEVICE_HEAP_ALLOCATOR_HPP
