// The device heap's small blocks (part of device_heap_allocator.hpp, which
// includes it): power-of-two size classes, pages owned by a class with a
// claim counter and a chunk bitmap, per-work-group slots, each class's
// lock-free list of partly free pages, and the scan that decides a class
// is full.
#ifndef HC_DETAIL_DEVICE_HEAP_ALLOCATOR_SMALL_HPP
#define HC_DETAIL_DEVICE_HEAP_ALLOCATOR_SMALL_HPP

#ifndef HC_HEAP_FN
#error "include device_heap_allocator.hpp, not its parts"
#endif

namespace hc {
namespace detail {
namespace device_heap {

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

} // namespace device_heap
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_DEVICE_HEAP_ALLOCATOR_SMALL_HPP
