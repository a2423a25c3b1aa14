// The device heap's page pool (part of device_heap_allocator.hpp, which
// includes it): one bit a page, claimed one page at a time for a size
// class, or as a run of consecutive pages for a large block.
#ifndef HC_DETAIL_DEVICE_HEAP_ALLOCATOR_PAGES_HPP
#define HC_DETAIL_DEVICE_HEAP_ALLOCATOR_PAGES_HPP

#ifndef HC_HEAP_FN
#error "include device_heap_allocator.hpp, not its parts"
#endif

namespace hc {
namespace detail {
namespace device_heap {

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

} // namespace device_heap
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_DEVICE_HEAP_ALLOCATOR_PAGES_HPP
