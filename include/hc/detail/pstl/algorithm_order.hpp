// The ordering algorithms of <experimental/algorithm>: min_element,
// max_element, minmax_element, sort, stable_sort. Part of
// hc/detail/pstl/algorithm.hpp, which includes it; include that one.
#ifndef HC_DETAIL_PSTL_ALGORITHM_ORDER_HPP
#define HC_DETAIL_PSTL_ALGORITHM_ORDER_HPP

#include "hc/detail/pstl/common.hpp"
#include "hc/detail/pstl/merge_sort.hpp"
#include "hc/detail/pstl/radix_sort.hpp"
#include "hc/detail/pstl/reduce.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {

namespace pstl_detail = ::hc::detail::pstl;

// --- min_element, max_element, minmax_element ---------------------------------

namespace pstl_select {
/// A reduction over indices that keeps the index of the least (Max: the
/// greatest) element; among equivalent elements the first (Last: the last),
/// as the std algorithms do. Commutative, so the tiled reduce may reorder.
template <bool Max, bool Last, class View, class Compare> struct pick {
  View a;
  Compare comp;
  long long operator()(long long i, long long j) const {
    const bool i_less = ::hc::detail::pstl::call_on_elements(comp, a[i], a[j]);
    const bool j_less = ::hc::detail::pstl::call_on_elements(comp, a[j], a[i]);
    const bool j_better = Max ? i_less : j_less;
    const bool i_better = Max ? j_less : i_less;
    if (j_better)
      return j;
    if (i_better)
      return i;
    return Last ? (i > j ? i : j) : (i < j ? i : j);
  }
};
} // namespace pstl_select

template <bool Max, bool Last, class ForwardIt, class Compare>
ForwardIt pstl_select_element(ForwardIt first, ForwardIt last, Compare comp) {
  const std::size_t n = std::distance(first, last);
  auto a = pstl_detail::input_view(pstl_detail::raw_pointer(first), n);
  pstl_select::pick<Max, Last, decltype(a), Compare> op{a, comp};
  long long i = pstl_detail::tiled_reduce<long long>(
      n, [](long long g) [[hc]] { return g; }, op);
  return first + i;
}

template <class ExecutionPolicy, class ForwardIt, class Compare>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt>
min_element(ExecutionPolicy &&, ForwardIt first, ForwardIt last,
            Compare comp) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, ForwardIt>)
    if (pstl_detail::worth_offloading(std::distance(first, last)))
      return pstl_select_element<false, false>(first, last, comp);
  return std::min_element(first, last, comp);
}

template <class ExecutionPolicy, class ForwardIt, class Compare>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt>
max_element(ExecutionPolicy &&, ForwardIt first, ForwardIt last,
            Compare comp) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, ForwardIt>)
    if (pstl_detail::worth_offloading(std::distance(first, last)))
      return pstl_select_element<true, false>(first, last, comp);
  return std::max_element(first, last, comp);
}

template <class ExecutionPolicy, class ForwardIt, class Compare>
pstl_detail::if_policy<ExecutionPolicy, std::pair<ForwardIt, ForwardIt>>
minmax_element(ExecutionPolicy &&, ForwardIt first, ForwardIt last,
               Compare comp) {
  // std::minmax_element gives the first least and the last greatest.
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, ForwardIt>)
    if (pstl_detail::worth_offloading(std::distance(first, last)))
      return {pstl_select_element<false, false>(first, last, comp),
              pstl_select_element<true, true>(first, last, comp)};
  return std::minmax_element(first, last, comp);
}

template <class ExecutionPolicy, class ForwardIt>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt>
min_element(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last) {
  return parallel::min_element(exec, first, last, std::less<>());
}
template <class ExecutionPolicy, class ForwardIt>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt>
max_element(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last) {
  return parallel::max_element(exec, first, last, std::less<>());
}
template <class ExecutionPolicy, class ForwardIt>
pstl_detail::if_policy<ExecutionPolicy, std::pair<ForwardIt, ForwardIt>>
minmax_element(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last) {
  return parallel::minmax_element(exec, first, last, std::less<>());
}

// --- sorting -------------------------------------------------------------------
// Under par / par_vec, on contiguous iterators and at least
// sort_host_threshold elements: arithmetic keys in the default order go to
// the accelerator's radix sort; other trivially copyable values, or any
// comparator, to its merge sort (both stable, so they serve stable_sort
// too). Everything else: the std algorithm on the host.

template <class ExecutionPolicy, class RandomIt, class Compare>
bool pstl_device_sort(RandomIt first, RandomIt last, Compare comp,
                      bool default_order) {
  using T = pstl_detail::value_of<RandomIt>;
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, RandomIt> &&
                pstl_detail::merge_sortable<T>) {
    const std::size_t n = std::distance(first, last);
    if (n < pstl_detail::sort_host_threshold ||
        !pstl_detail::worth_offloading(n))
      return false;
    if constexpr (pstl_detail::radix_sortable<T>) {
      if (default_order) {
        pstl_detail::radix_sort(pstl_detail::raw_pointer(first), n);
        return true;
      }
    }
    pstl_detail::merge_sort(pstl_detail::raw_pointer(first), n, comp);
    return true;
  }
  return false;
}

template <class ExecutionPolicy, class RandomIt>
pstl_detail::if_policy<ExecutionPolicy>
sort(ExecutionPolicy &&, RandomIt first, RandomIt last) {
  if (!pstl_device_sort<ExecutionPolicy>(first, last, std::less<>(), true))
    std::sort(first, last);
}
template <class ExecutionPolicy, class RandomIt, class Compare>
pstl_detail::if_policy<ExecutionPolicy>
sort(ExecutionPolicy &&, RandomIt first, RandomIt last, Compare comp) {
  if (!pstl_device_sort<ExecutionPolicy>(first, last, comp, false))
    std::sort(first, last, comp);
}
template <class ExecutionPolicy, class RandomIt>
pstl_detail::if_policy<ExecutionPolicy>
stable_sort(ExecutionPolicy &&, RandomIt first, RandomIt last) {
  if (!pstl_device_sort<ExecutionPolicy>(first, last, std::less<>(), true))
    std::stable_sort(first, last);
}
template <class ExecutionPolicy, class RandomIt, class Compare>
pstl_detail::if_policy<ExecutionPolicy>
stable_sort(ExecutionPolicy &&, RandomIt first, RandomIt last, Compare comp) {
  if (!pstl_device_sort<ExecutionPolicy>(first, last, comp, false))
    std::stable_sort(first, last, comp);
}

} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
