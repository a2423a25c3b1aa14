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

namespace hc {
namespace detail {
namespace device_heap {

#if HC_HEAP_GPU
#define HC_HEAP_FN __attribute__((device)) static inline
#else
#define HC_HEAP_FN static inline
#endif

// Device-scope atomics on device memory (system scope only for the
// host-mapped status block). Claiming a chunk acquires and freeing it
// releases, so the previous owner's writes to a block come before the next
// owner's; the claim counter is relaxed (the bitmap orders).
//
// Clang 22 drops the scope of __scoped_atomic_* on NVPTX (everything would
// be system scope, whose acquire/release fences are far slower), so on
// sm_70 and later the operations are the PTX instructions with .gpu scope.
#if !HC_HEAP_GPU
// Host builds (unit tests): the C++ memory model's atomics.
HC_HEAP_FN u32 load(u32 *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
HC_HEAP_FN u64 load64(u64 *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
HC_HEAP_FN void store(u32 *p, u32 v) {
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
}
HC_HEAP_FN u32 fetch_add(u32 *p, u32 v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
HC_HEAP_FN u32 fetch_sub(u32 *p, u32 v) {
  return __atomic_fetch_sub(p, v, __ATOMIC_ACQ_REL);
}
HC_HEAP_FN u32 fetch_or(u32 *p, u32 v) {
  return __atomic_fetch_or(p, v, __ATOMIC_ACQ_REL);
}
HC_HEAP_FN u32 fetch_and(u32 *p, u32 v) {
  return __atomic_fetch_and(p, v, __ATOMIC_ACQ_REL);
}
HC_HEAP_FN bool cas(u32 *p, u32 expected, u32 desired) {
  return __atomic_compare_exchange_n(p, &expected, desired, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
HC_HEAP_FN bool cas64(u64 *p, u64 expected, u64 desired) {
  return __atomic_compare_exchange_n(p, &expected, desired, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
#elif defined(__NVPTX__) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
HC_HEAP_FN u32 load(u32 *p) {
  u32 v;
  asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
HC_HEAP_FN u64 load64(u64 *p) {
  u64 v;
  asm volatile("ld.acquire.gpu.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
HC_HEAP_FN void store(u32 *p, u32 v) {
  asm volatile("st.release.gpu.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
HC_HEAP_FN u32 fetch_add(u32 *p, u32 v) {
  u32 r;
  asm volatile("atom.relaxed.gpu.add.u32 %0, [%1], %2;"
               : "=r"(r)
               : "l"(p), "r"(v)
               : "memory");
  return r;
}
HC_HEAP_FN u32 fetch_sub(u32 *p, u32 v) {
  u32 r;
  asm volatile("atom.acq_rel.gpu.add.u32 %0, [%1], %2;"
               : "=r"(r)
               : "l"(p), "r"(0u - v)
               : "memory");
  return r;
}
HC_HEAP_FN u32 fetch_or(u32 *p, u32 v) {
  u32 r;
  asm volatile("atom.acq_rel.gpu.or.b32 %0, [%1], %2;"
               : "=r"(r)
               : "l"(p), "r"(v)
               : "memory");
  return r;
}
HC_HEAP_FN u32 fetch_and(u32 *p, u32 v) {
  u32 r;
  asm volatile("atom.acq_rel.gpu.and.b32 %0, [%1], %2;"
               : "=r"(r)
               : "l"(p), "r"(v)
               : "memory");
  return r;
}
HC_HEAP_FN bool cas(u32 *p, u32 expected, u32 desired) {
  u32 r;
  asm volatile("atom.acq_rel.gpu.cas.b32 %0, [%1], %2, %3;"
               : "=r"(r)
               : "l"(p), "r"(expected), "r"(desired)
               : "memory");
  return r == expected;
}
HC_HEAP_FN bool cas64(u64 *p, u64 expected, u64 desired) {
  u64 r;
  asm volatile("atom.acq_rel.gpu.cas.b64 %0, [%1], %2, %3;"
               : "=l"(r)
               : "l"(p), "l"(expected), "l"(desired)
               : "memory");
  return r == expected;
}
#else
// AMDGPU (Clang maps the device scope to "agent"), and NVPTX before sm_70
// (no PTX memory model: relaxed operations between membar.gl fences).
#if defined(__NVPTX__)
#define HC_HEAP_ORDER(order) __ATOMIC_RELAXED
#define HC_HEAP_FENCE() __nvvm_membar_gl()
#else
#define HC_HEAP_ORDER(order) order
#define HC_HEAP_FENCE() ((void)0)
#endif
HC_HEAP_FN u32 load(u32 *p) {
  u32 v = __scoped_atomic_load_n(p, HC_HEAP_ORDER(__ATOMIC_ACQUIRE),
                                 __MEMORY_SCOPE_DEVICE);
  HC_HEAP_FENCE();
  return v;
}
HC_HEAP_FN u64 load64(u64 *p) {
  u64 v = __scoped_atomic_load_n(p, HC_HEAP_ORDER(__ATOMIC_ACQUIRE),
                                 __MEMORY_SCOPE_DEVICE);
  HC_HEAP_FENCE();
  return v;
}
HC_HEAP_FN void store(u32 *p, u32 v) {
  HC_HEAP_FENCE();
  __scoped_atomic_store_n(p, v, HC_HEAP_ORDER(__ATOMIC_RELEASE),
                          __MEMORY_SCOPE_DEVICE);
}
HC_HEAP_FN u32 fetch_add(u32 *p, u32 v) {
  return __scoped_atomic_fetch_add(p, v, __ATOMIC_RELAXED,
                                   __MEMORY_SCOPE_DEVICE);
}
#define HC_HEAP_RMW(name, builtin)                                             \
  HC_HEAP_FN u32 name(u32 *p, u32 v) {                                         \
    HC_HEAP_FENCE();                                                           \
    u32 r = builtin(p, v, HC_HEAP_ORDER(__ATOMIC_ACQ_REL),                     \
                    __MEMORY_SCOPE_DEVICE);                                    \
    HC_HEAP_FENCE();                                                           \
    return r;                                                                  \
  }
HC_HEAP_RMW(fetch_sub, __scoped_atomic_fetch_sub)
HC_HEAP_RMW(fetch_or, __scoped_atomic_fetch_or)
HC_HEAP_RMW(fetch_and, __scoped_atomic_fetch_and)
#undef HC_HEAP_RMW
template <typename T> HC_HEAP_FN bool cas_any(T *p, T expected, T desired) {
  HC_HEAP_FENCE();
  bool done = __scoped_atomic_compare_exchange_n(
      p, &expected, desired, false, HC_HEAP_ORDER(__ATOMIC_ACQ_REL),
      HC_HEAP_ORDER(__ATOMIC_ACQUIRE), __MEMORY_SCOPE_DEVICE);
  HC_HEAP_FENCE();
  return done;
}
HC_HEAP_FN bool cas(u32 *p, u32 expected, u32 desired) {
  return cas_any(p, expected, desired);
}
HC_HEAP_FN bool cas64(u64 *p, u64 expected, u64 desired) {
  return cas_any(p, expected, desired);
}
#undef HC_HEAP_ORDER
#undef HC_HEAP_FENCE
#endif

template <typename T> HC_HEAP_FN T *at(u64 address) {
  return reinterpret_cast<T *>(static_cast<size_t>(address));
}

// Host builds (unit tests) may define HC_HEAP_HOST_PAUSE() to let other
// threads run where a work-item holds a page out of every list: a few host
// cores then see the interleavings thousands of GPU work-items produce.
#if HC_HEAP_GPU || !defined(HC_HEAP_HOST_PAUSE)
#undef HC_HEAP_HOST_PAUSE
#define HC_HEAP_HOST_PAUSE() ((void)0)
#endif

// Which work-group (slot) and work-item (bitmap start) this is: spreads
// concurrent callers over pages and words.
#if HC_HEAP_GPU
HC_HEAP_FN u32 group_hash() {
  return __gpu_block_id_x() + 977u * __gpu_block_id_y() +
         7919u * __gpu_block_id_z();
}
HC_HEAP_FN u32 item_hash() {
  return __gpu_thread_id_x() + 31u * __gpu_thread_id_y() +
         131u * __gpu_thread_id_z() + 17u * group_hash();
}
#else
// Host builds (unit tests) say who is calling.
HC_HEAP_FN u32 group_hash() { return HC_HEAP_HOST_GROUP_ID(); }
HC_HEAP_FN u32 item_hash() {
  return HC_HEAP_HOST_ITEM_ID() + 17u * group_hash();
}
#endif

HC_HEAP_FN void report(control *h, u32 code, const void *address,
                       u64 size) {
  status *s = at<status>(h->status);
  if (!s)
    return;
  // Relaxed, then a system fence: the host reads it after the kernel.
  u32 expected = error_none;
#if !HC_HEAP_GPU
  if (__atomic_compare_exchange_n(&s->error, &expected, code, false,
                                  __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    s->address = static_cast<u64>(reinterpret_cast<size_t>(address));
    s->size = size;
  }
#else
  if (__scoped_atomic_compare_exchange_n(&s->error, &expected, code, false,
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                         __MEMORY_SCOPE_SYSTEM)) {
    __scoped_atomic_store_n(&s->address,
                            static_cast<u64>(reinterpret_cast<size_t>(address)),
                            __ATOMIC_RELAXED, __MEMORY_SCOPE_SYSTEM);
    __scoped_atomic_store_n(&s->size, size, __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_SYSTEM);
  }
#if defined(__NVPTX__)
  __nvvm_membar_sys();
#else
  __scoped_atomic_thread_fence(__ATOMIC_SEQ_CST, __MEMORY_SCOPE_SYSTEM);
#endif
#endif
}

// --- pages ---------------------------------------------------------------

HC_HEAP_FN u32 *taken_words(control *h) { return at<u32>(h->page_taken); }

// Releases pages [first, first + n) to the page pool.
HC_HEAP_FN void release_pages(control *h, u32 first, u32 n) {
  u32 *taken = taken_words(h);
  for (u32 p = first; p < first + n; ++p)
    fetch_and(&taken[p / 32], ~(1u << (p % 32)));
}

// Claims one free page, or returns ~0u when none is left.
HC_HEAP_FN u32 claim_page(control *h) {
  u32 *taken = taken_words(h);
  u32 words = (h->num_pages + 31) / 32;
  u32 start = load(&h->page_hint) % words;
  for (u32 i = 0; i < words; ++i) {
    u32 w = start + i < words ? start + i : start + i - words;
    u32 value = load(&taken[w]);
    while (value != ~0u) {
      u32 bit = __builtin_ctz(~value);
      u32 page = w * 32 + bit;
      if (page >= h->num_pages)
        break;
      u32 prior = fetch_or(&taken[w], 1u << bit);
      if (!(prior & (1u << bit))) {
        if (w != start)
          store(&h->page_hint, w);
        return page;
      }
      value = prior | (1u << bit);
    }
  }
  return ~0u;
}

// Claims n consecutive free pages (first fit from the hint), or ~0u.
HC_HEAP_FN u32 claim_run(control *h, u32 n) {
  if (n == 1)
    return claim_page(h);
  if (n > h->num_pages)
    return ~0u;
  u32 *taken = taken_words(h);
  u32 pages = h->num_pages;
  u32 first = 0;
  while (first + n <= pages) {
    if (first % 32 == 0 && load(&taken[first / 32]) == ~0u) {
      first += 32; // a word of taken pages
      continue;
    }
    // Length of the free run starting at `first`.
    u32 len = 0;
    while (len < n && !(load(&taken[(first + len) / 32]) &
                        (1u << ((first + len) % 32))))
      ++len;
    if (len < n) {
      first += len + 1;
      continue;
    }
    u32 got = 0;
    for (; got < n; ++got) {
      u32 p = first + got;
      if (fetch_or(&taken[p / 32], 1u << (p % 32)) & (1u << (p % 32)))
        break; // someone else was faster: give back ours, move on
    }
    if (got == n)
      return first;
    release_pages(h, first, got);
    first += got + 1;
  }
  return ~0u;
}

// --- small blocks ----------------------------------------------------------

HC_HEAP_FN u32 class_of(u64 size) {
  u32 c = 0;
  while ((u64(1) << (c + min_chunk_shift)) < size)
    ++c;
  return c;
}

HC_HEAP_FN u32 capacity_of(control *h, u32 c) {
  return u32(1) << (h->page_shift - min_chunk_shift - c);
}

HC_HEAP_FN u32 *bitmap_of(control *h, u32 page) {
  return at<u32>(h->page_bitmap) + u64(page) * h->words_per_page;
}

// A page for class c: a partly free one from the class's list, else a
// fresh one from the pool; ~0u when the heap is exhausted.
HC_HEAP_FN u32 page_for_class(control *h, u32 c, bool &fresh) {
  u32 *count = at<u32>(h->page_count);
  u32 *next = at<u32>(h->page_next);
  u32 *listed = at<u32>(h->page_listed);
  u32 capacity = capacity_of(h, c);
  for (;;) {
    u64 head = load64(&h->partial[c]);
    u32 top = u32(head);
    if (!top)
      break;
    u32 page = top - 1;
    u64 tag = (head >> 32) + 1;
    if (!cas64(&h->partial[c], head, (tag << 32) | load(&next[page])))
      continue;
    HC_HEAP_HOST_PAUSE();
    store(&listed[page], 0);
    if (load(&count[page]) < capacity)
      return page;
    // Full again meanwhile. A free that found it listed did not list it:
    // look once more now that it is not.
    if (load(&count[page]) < capacity && cas(&listed[page], 0, 1)) {
      u64 old;
      do {
        old = load64(&h->partial[c]);
        store(&next[page], u32(old));
      } while (!cas64(&h->partial[c], old,
                      (((old >> 32) + 1) << 32) | (page + 1)));
    }
  }
  u32 page = claim_page(h);
  if (page == ~0u)
    return page;
  fresh = true;
  // A fresh page: its bitmap and counter are zero. Chunks beyond the
  // capacity of a class with fewer than 32 a page are marked taken.
  if (capacity < 32)
    fetch_or(bitmap_of(h, page), ~((1u << capacity) - 1));
  store(&at<u32>(h->page_info)[page], c + 1);
  return page;
}

// Returns an unpublished page of class c to the pool.
HC_HEAP_FN void unclaim_fresh_page(control *h, u32 c, u32 page) {
  if (capacity_of(h, c) < 32)
    fetch_and(bitmap_of(h, page), (1u << capacity_of(h, c)) - 1);
  store(&at<u32>(h->page_info)[page], 0);
  release_pages(h, page, 1);
}

// Lists a page that has free chunks again, unless it is listed already.
HC_HEAP_FN void list_partial(control *h, u32 c, u32 page) {
  u32 *listed = at<u32>(h->page_listed);
  if (!cas(&listed[page], 0, 1))
    return;
  u32 *next = at<u32>(h->page_next);
  u64 old;
  do {
    old = load64(&h->partial[c]);
    store(&next[page], u32(old));
  } while (!cas64(&h->partial[c], old, (((old >> 32) + 1) << 32) | (page + 1)));
}

// Takes a free chunk on `page`, whose counter this work-item has already
// advanced (so one is free or about to be).
HC_HEAP_FN u32 take_chunk(control *h, u32 c, u32 page) {
  u32 *bits = bitmap_of(h, page);
  u32 capacity = capacity_of(h, c);
  u32 words = capacity < 32 ? 1 : capacity / 32;
  u32 hash = item_hash();
  u32 w = (hash * 2654435761u >> 7) % words;
  u32 rotate = hash % 32;
  for (;;) {
    u32 value = load(&bits[w]);
    while (value != ~0u) {
      u32 free_bits = ~value;
      // The first free bit at or after `rotate`, wrapping.
      u32 turned = rotate ? (free_bits >> rotate) | (free_bits << (32 - rotate))
                          : free_bits;
      u32 bit = (__builtin_ctz(turned) + rotate) % 32;
      u32 prior = fetch_or(&bits[w], 1u << bit);
      if (!(prior & (1u << bit)))
        return w * 32 + bit;
      value = prior | (1u << bit);
    }
    w = w + 1 < words ? w + 1 : 0;
  }
}

// A chunk of `page` for this work-item, or null when the page is full
// (then the claim is undone, and the page listed if a free came between).
HC_HEAP_FN void *try_page(control *h, u32 c, u32 page) {
  u32 *count = at<u32>(h->page_count);
  u32 capacity = capacity_of(h, c);
  if (fetch_add(&count[page], 1) < capacity) {
    u32 chunk = take_chunk(h, c, page);
    return at<char>(h->arena) + (u64(page) << h->page_shift) +
           (u64(chunk) << (c + min_chunk_shift));
  }
  HC_HEAP_HOST_PAUSE();
  if (fetch_sub(&count[page], 1) == capacity)
    list_partial(h, c, page); // a chunk was freed in between
  return nullptr;
}

// Like try_page, but reserves only while a chunk is free, with a
// compare-and-swap: it never over-claims, so work-items that are deciding
// whether the class is full do not make pages look full to one another.
HC_HEAP_FN void *try_page_exact(control *h, u32 c, u32 page) {
  u32 *count = at<u32>(h->page_count);
  u32 capacity = capacity_of(h, c);
  for (u32 v = load(&count[page]); v < capacity; v = load(&count[page]))
    if (cas(&count[page], v, v + 1)) {
      u32 chunk = take_chunk(h, c, page);
      return at<char>(h->arena) + (u64(page) << h->page_shift) +
             (u64(chunk) << (c + min_chunk_shift));
    }
  return nullptr;
}

// Every page of class c, from a place that depends on the work-item (so
// the callers spread out), for a chunk: the slow path once no page is listed
// and the pool is empty. A counter above the capacity is an over-claim that
// its work-item is about to undo (and the page may have room after it):
// then the pages are looked at again, a bounded number of times (a
// work-item must not wait for another one, which on GPUs without
// independent thread scheduling may be in its own warp).
HC_HEAP_FN void *scan_class(control *h, u32 c) {
  u32 *info = at<u32>(h->page_info);
  u32 *count = at<u32>(h->page_count);
  u32 capacity = capacity_of(h, c);
  u32 pages = h->num_pages;
  u32 start = (item_hash() * 2654435761u >> 7) % pages;
  for (u32 round = 0; round < 8; ++round) {
    bool busy = false;
    for (u32 i = 0; i < pages; ++i) {
      u32 page = start + i < pages ? start + i : start + i - pages;
      if (load(&info[page]) != c + 1)
        continue;
      u32 v = load(&count[page]);
      if (v > capacity)
        busy = true;
      else if (v < capacity)
        if (void *p = try_page_exact(h, c, page))
          return p;
    }
    if (!busy)
      break;
    HC_HEAP_HOST_PAUSE();
  }
  return nullptr;
}

HC_HEAP_FN void *alloc_small(control *h, u32 c) {
  u32 *slot = &h->slots[c][group_hash() % slots_per_class];
  for (;;) {
    u32 current = load(slot);
    if (current) {
      if (void *p = try_page(h, c, current - 1))
        return p;
      // Full: retire it from the slot (its frees will list it).
      cas(slot, current, 0);
      continue;
    }
    bool fresh = false;
    u32 page = page_for_class(h, c, fresh);
    if (page == ~0u)
      break;
    HC_HEAP_HOST_PAUSE();
    if (!cas(slot, 0, page + 1)) {
      // Another work-item filled the slot first: give ours back (a listed
      // page back to its list, a fresh one to the pool).
      if (fresh)
        unclaim_fresh_page(h, c, page);
      else
        list_partial(h, c, page);
    }
  }
  // No page listed, none left in the pool. That is not yet "full": pages
  // with room may be out of every list and slot for a moment (a work-item
  // popped one and has not published or relisted it yet; a slot's page was
  // retired while a free was giving it room). Look at them all.
  if (void *p = scan_class(h, c))
    return p;
  // A page freed meanwhile (a page run) may be in the pool again.
  bool fresh = false;
  u32 page = page_for_class(h, c, fresh);
  if (page == ~0u)
    return nullptr;
  void *p = try_page_exact(h, c, page);
  if (!cas(slot, 0, page + 1))
    list_partial(h, c, page); // reachable for the next ones
  return p;
}

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
