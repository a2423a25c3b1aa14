// The accelerator's sort with a comparator (and of values that are not
// arithmetic keys): a bottom-up merge sort. Pass k merges neighbouring runs
// of 2^k elements; every thread places one element: its rank in its own run
// plus the number of elements of the other run that go before it, found by
// binary search (elements of the left run go first among equivalent ones,
// so the sort is stable). O(n log^2 n) comparisons, no group memory, no
// barriers; ping-pong between the user's data and a runtime-managed buffer.
#ifndef HC_DETAIL_PSTL_MERGE_SORT_HPP
#define HC_DETAIL_PSTL_MERGE_SORT_HPP

#include "hc/detail/pstl/common.hpp"

namespace hc {
namespace detail {
namespace pstl {

/// Values the merge sort can move through array_views.
template <class T> constexpr bool merge_sortable = device_value<T>;

/// Sorts the values of `data` (not empty) stably by comp on the
/// accelerator; they stay there.
template <class T, class Compare>
void merge_sort_view(const array_view<T, 1> &data, Compare comp) {
  const extent<1> ext = data.get_extent();
  const long long total = ext[0];
  array_view<T, 1> spare(ext); // runtime-managed; never needed on the host
  spare.discard_data();
  bool in_data = true;
  completion_future last; // the callers return when the sort is done
  for (long long w = 1; w < total; w *= 2) {
    array_view<T, 1> src = in_data ? data : spare;
    array_view<T, 1> dst = in_data ? spare : data;
    last = parallel_for_each(ext, [=](index<1> idx) [[hc]] {
      const long long i = idx[0];
      const long long base = i / (2 * w) * (2 * w);
      const long long mid = base + w < total ? base + w : total;
      const long long end = base + 2 * w < total ? base + 2 * w : total;
      const T x = src[i];
      const bool left = i < mid;
      // The other run, and how many of its elements go before x.
      long long lo = left ? mid : base, hi = left ? end : mid;
      while (lo < hi) {
        const long long m = lo + (hi - lo) / 2;
        // Left elements go before equivalent right ones.
        const bool before = left ? bool(comp(src[m], x)) : !bool(comp(x, src[m]));
        if (before)
          lo = m + 1;
        else
          hi = m;
      }
      const long long other_before = lo - (left ? mid : base);
      const long long own_before = i - (left ? base : mid);
      dst[base + own_before + other_before] = x;
    });
    in_data = !in_data;
  }
  if (!in_data) {
    array_view<T, 1> src = spare;
    array_view<T, 1> dst = data;
    last = parallel_for_each(ext, [=](index<1> idx) [[hc]] { dst[idx] = src[idx]; });
  }
  last.wait();
}

/// Sorts the n values at p (n > 0) stably by comp on the accelerator.
template <class T, class Compare>
void merge_sort(T *p, std::size_t n, Compare comp) {
  array_view<T, 1> data(extent<1>(static_cast<int>(n)), p);
  merge_sort_view(data, comp);
  data.synchronize();
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
