// for_each, transform, sort and stable_sort over device-resident ranges:
// an hc::array_view<T, 1> in place of an iterator pair
// (docs/parallel-stl.md, "Device-resident ranges"). The kernels work on the
// views where the data is current (an hc::array's view: in the
// accelerator's memory, no copy) and leave the results there. par and
// par_vec only; each returns when its kernels have finished, as the
// iterator forms do.
#ifndef HC_DETAIL_PSTL_DEVICE_ALGORITHM_HPP
#define HC_DETAIL_PSTL_DEVICE_ALGORITHM_HPP

#include "hc/detail/pstl/device_ranges.hpp"
#include "hc/detail/pstl/merge_sort.hpp"
#include "hc/detail/pstl/radix_sort.hpp"

#include <functional>

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {

/// f(v[i]) for every element, on the accelerator.
template <class ExecutionPolicy, class T, class Function>
pstl_detail::if_view_policy<ExecutionPolicy>
for_each(ExecutionPolicy &&, const ::hc::array_view<T, 1> &v, Function f) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  if (pstl_detail::view_size(v) == 0)
    return;
  ::hc::parallel_for_each(v.get_extent(), [=](::hc::index<1> i) [[hc]] {
    f(v[i]);
  }).wait();
}

/// out[i] = op(in[i]); out may be in (the same data).
template <class ExecutionPolicy, class T, class U, class UnaryOperation>
pstl_detail::if_view_policy<ExecutionPolicy>
transform(ExecutionPolicy &&, const ::hc::array_view<T, 1> &in,
          const ::hc::array_view<U, 1> &out, UnaryOperation op) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  static_assert(!std::is_const<U>::value,
                "the output of transform must be a writable array_view");
  if (pstl_detail::view_size(out) < pstl_detail::view_size(in))
    throw ::hc::runtime_exception(
        "hcc parallel STL: the output array_view of transform is shorter "
        "than its input",
        0);
  if (pstl_detail::view_size(in) == 0)
    return;
  ::hc::parallel_for_each(in.get_extent(), [=](::hc::index<1> i) [[hc]] {
    out[i] = op(in[i]);
  }).wait();
}

/// out[i] = op(in1[i], in2[i]); out may be one of the inputs.
template <class ExecutionPolicy, class T1, class T2, class U,
          class BinaryOperation>
pstl_detail::if_view_policy<ExecutionPolicy>
transform(ExecutionPolicy &&, const ::hc::array_view<T1, 1> &in1,
          const ::hc::array_view<T2, 1> &in2,
          const ::hc::array_view<U, 1> &out, BinaryOperation op) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  static_assert(!std::is_const<U>::value,
                "the output of transform must be a writable array_view");
  const std::size_t n = pstl_detail::view_size(in1);
  if (pstl_detail::view_size(in2) < n || pstl_detail::view_size(out) < n)
    throw ::hc::runtime_exception(
        "hcc parallel STL: the second input or the output array_view of "
        "transform is shorter than the first input",
        0);
  if (n == 0)
    return;
  ::hc::parallel_for_each(in1.get_extent(), [=](::hc::index<1> i) [[hc]] {
    out[i] = op(in1[i], in2[i]);
  }).wait();
}

/// Sorts the view's elements on the accelerator: a radix sort for
/// arithmetic keys in the default order, a merge sort with a comparator or
/// for other values; both stable, so they serve stable_sort too.
template <class T, class Compare>
void pstl_view_sort(const ::hc::array_view<T, 1> &v, Compare comp,
                    bool default_order) {
  static_assert(!std::is_const<T>::value,
                "sort needs a writable array_view");
  static_assert(pstl_detail::merge_sortable<T>,
                "hcc sorts array_views of trivially copyable, default "
                "constructible values only");
  if (pstl_detail::view_size(v) < 2)
    return;
  if constexpr (pstl_detail::radix_sortable<T>) {
    if (default_order) {
      pstl_detail::radix_sort_view(v);
      return;
    }
  }
  pstl_detail::merge_sort_view(v, comp);
}

template <class ExecutionPolicy, class T>
pstl_detail::if_view_policy<ExecutionPolicy>
sort(ExecutionPolicy &&, const ::hc::array_view<T, 1> &v) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  pstl_view_sort(v, std::less<>(), true);
}
template <class ExecutionPolicy, class T, class Compare>
pstl_detail::if_view_policy<ExecutionPolicy>
sort(ExecutionPolicy &&, const ::hc::array_view<T, 1> &v, Compare comp) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  pstl_view_sort(v, comp, false);
}
template <class ExecutionPolicy, class T>
pstl_detail::if_view_policy<ExecutionPolicy>
stable_sort(ExecutionPolicy &&, const ::hc::array_view<T, 1> &v) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  pstl_view_sort(v, std::less<>(), true);
}
template <class ExecutionPolicy, class T, class Compare>
pstl_detail::if_view_policy<ExecutionPolicy>
stable_sort(ExecutionPolicy &&, const ::hc::array_view<T, 1> &v,
            Compare comp) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  pstl_view_sort(v, comp, false);
}

} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
