// The one-kernel algorithms of hcc's parallel STL: one thread per element
// over hc::array_views of the host ranges (for_each, transform, generate and
// what is built on them: fill, copy, replace, adjacent_difference...).
#ifndef HC_DETAIL_PSTL_ELEMENTWISE_HPP
#define HC_DETAIL_PSTL_ELEMENTWISE_HPP

#include "hc/detail/pstl/common.hpp"

namespace hc {
namespace detail {
namespace pstl {

/// f(p[i]) for i < n, elements modified in place.
template <class T, class F> void for_each_kernel(T *p, std::size_t n, F f) {
  array_view<T, 1> v(extent<1>(static_cast<int>(n)), p);
  parallel_for_each(v.get_extent(), [=](index<1> i) [[hc]] { f(v[i]); });
  v.synchronize();
}

/// out[i] = op(i) for i < n; `op` reads its inputs through the array_views
/// it captured, none of which may view `out` (its old contents are
/// discarded).
template <class U, class Op>
void index_map_kernel(U *out, std::size_t n, Op op) {
  array_view<U, 1> o = output_view(out, n);
  parallel_for_each(o.get_extent(), [=](index<1> i) [[hc]] { o[i] = op(i[0]); });
  o.synchronize();
}

/// out[i] = f(in[i]); in == out is allowed (one read-write view).
template <class T, class U, class F>
void transform_kernel(const T *in, U *out, std::size_t n, F f) {
  if (static_cast<const void *>(in) == static_cast<const void *>(out)) {
    for_each_kernel(out, n, [=](U &x) [[hc]] { x = f(x); });
    return;
  }
  array_view<const T, 1> a = input_view(in, n);
  index_map_kernel(out, n,
                   [=](int i) [[hc]] { return call_on_elements(f, a[i]); });
}

/// out[i] = f(in1[i], in2[i]); out may be in1 or in2.
template <class T1, class T2, class U, class F>
void transform2_kernel(const T1 *in1, const T2 *in2, U *out, std::size_t n,
                       F f) {
  const void *o = out;
  if (o == static_cast<const void *>(in1) ||
      o == static_cast<const void *>(in2)) {
    // Read both through fresh copies of the aliased input: the output view
    // then is the only view of that memory.
    std::vector<T1> c1(in1, in1 + n);
    std::vector<T2> c2(in2, in2 + n);
    transform2_kernel(c1.data(), c2.data(), out, n, f);
    return;
  }
  array_view<const T1, 1> a = input_view(in1, n);
  array_view<const T2, 1> b = input_view(in2, n);
  index_map_kernel(
      out, n, [=](int i) [[hc]] { return call_on_elements(f, a[i], b[i]); });
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
