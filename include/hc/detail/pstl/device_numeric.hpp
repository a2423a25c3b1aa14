// reduce, inclusive_scan and exclusive_scan over device-resident ranges:
// an hc::array_view<T, 1> in place of an iterator pair (docs/parallel-stl.md,
// "Device-resident ranges"). The kernels are the tiled ones of the iterator
// forms; they read and write the views where the data is current (an
// hc::array's view: in the accelerator's memory, no copy), and the results
// stay there. Only the per-tile partials or carries (at most max_tiles
// values) cross to the host. par and par_vec only.
#ifndef HC_DETAIL_PSTL_DEVICE_NUMERIC_HPP
#define HC_DETAIL_PSTL_DEVICE_NUMERIC_HPP

#include "hc/detail/pstl/device_ranges.hpp"
#include "hc/detail/pstl/reduce.hpp"
#include "hc/detail/pstl/scan.hpp"

#include <functional>

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {

/// GENERALIZED_SUM(op, init, in[0], ...): op associative and commutative;
/// the elements are converted to T.
template <class ExecutionPolicy, class V, class T, class BinaryOperation>
pstl_detail::if_view_policy<ExecutionPolicy, T>
reduce(ExecutionPolicy &&, const ::hc::array_view<V, 1> &in, T init,
       BinaryOperation op) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  const std::size_t n = pstl_detail::view_size(in);
  if (n == 0)
    return init;
  return pstl_detail::tiled_reduce<T>(
      n, init, [=](long long g) [[hc]] { return T(in[static_cast<int>(g)]); },
      op);
}

template <class ExecutionPolicy, class V, class T>
pstl_detail::if_view_policy<ExecutionPolicy, T>
reduce(ExecutionPolicy &&exec, const ::hc::array_view<V, 1> &in, T init) {
  return parallel::reduce(exec, in, init, std::plus<>());
}

template <class ExecutionPolicy, class V>
pstl_detail::if_view_policy<ExecutionPolicy, std::remove_cv_t<V>>
reduce(ExecutionPolicy &&exec, const ::hc::array_view<V, 1> &in) {
  return parallel::reduce(exec, in, std::remove_cv_t<V>{}, std::plus<>());
}

/// The scans: out[i] = in[0] op ... op in[i] (inclusive, after init when
/// given) or init op in[0] op ... op in[i-1] (exclusive). op need only be
/// associative. out may be in (the same data): each element is read before
/// it is written; partially overlapping views are not allowed.
template <bool Exclusive, class R, class V, class U, class Op>
void pstl_view_scan(const ::hc::array_view<V, 1> &in,
                    const ::hc::array_view<U, 1> &out, bool has_init, R init,
                    Op op) {
  static_assert(!std::is_const<U>::value,
                "the output of a scan must be a writable array_view");
  const std::size_t n = pstl_detail::view_size(in);
  if (pstl_detail::view_size(out) < n)
    throw ::hc::runtime_exception(
        "hcc parallel STL: the output array_view of a scan is shorter than "
        "its input",
        0);
  if (n == 0)
    return;
  pstl_detail::tiled_scan<Exclusive, R>(
      n, has_init, init, pstl_detail::scan_load<R>(in, pstl_detail::identity()),
      op,
      [=](long long g, const R &v) [[hc]] { out[static_cast<int>(g)] = v; });
}

template <class ExecutionPolicy, class V, class U, class BinaryOperation,
          class T>
pstl_detail::if_view_policy<ExecutionPolicy>
inclusive_scan(ExecutionPolicy &&, const ::hc::array_view<V, 1> &in,
               const ::hc::array_view<U, 1> &out, BinaryOperation op, T init) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  pstl_view_scan<false, T>(in, out, true, init, op);
}

template <class ExecutionPolicy, class V, class U, class BinaryOperation>
pstl_detail::if_view_policy<ExecutionPolicy>
inclusive_scan(ExecutionPolicy &&, const ::hc::array_view<V, 1> &in,
               const ::hc::array_view<U, 1> &out, BinaryOperation op) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  using R = std::remove_cv_t<V>;
  pstl_view_scan<false, R>(in, out, false, R{}, op);
}

template <class ExecutionPolicy, class V, class U>
pstl_detail::if_view_policy<ExecutionPolicy>
inclusive_scan(ExecutionPolicy &&exec, const ::hc::array_view<V, 1> &in,
               const ::hc::array_view<U, 1> &out) {
  parallel::inclusive_scan(exec, in, out, std::plus<>());
}

template <class ExecutionPolicy, class V, class U, class T,
          class BinaryOperation>
pstl_detail::if_view_policy<ExecutionPolicy>
exclusive_scan(ExecutionPolicy &&, const ::hc::array_view<V, 1> &in,
               const ::hc::array_view<U, 1> &out, T init, BinaryOperation op) {
  pstl_detail::require_parallel_for_views<ExecutionPolicy>();
  pstl_view_scan<true, T>(in, out, true, init, op);
}

template <class ExecutionPolicy, class V, class U, class T>
pstl_detail::if_view_policy<ExecutionPolicy>
exclusive_scan(ExecutionPolicy &&exec, const ::hc::array_view<V, 1> &in,
               const ::hc::array_view<U, 1> &out, T init) {
  parallel::exclusive_scan(exec, in, out, init, std::plus<>());
}

} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
