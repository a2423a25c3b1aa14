// The element-wise algorithms of <experimental/algorithm>: for_each,
// transform, generate, fill, copy, replace and their _n / _copy / _if
// forms, swap_ranges, adjacent_difference. Part of
// hc/detail/pstl/algorithm.hpp, which includes it; include that one.
#ifndef HC_DETAIL_PSTL_ALGORITHM_TRANSFORM_HPP
#define HC_DETAIL_PSTL_ALGORITHM_TRANSFORM_HPP

#include "hc/detail/pstl/bounds_ranges.hpp"
#include "hc/detail/pstl/common.hpp"
#include "hc/detail/pstl/device_ranges.hpp"
#include "hc/detail/pstl/elementwise.hpp"

#include <algorithm>
#include <functional>
#include <numeric>
#include <utility>

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {

namespace pstl_detail = ::hc::detail::pstl;

// --- for_each, transform, generate, fill, copy, replace ---------------------

template <class ExecutionPolicy, class InputIt, class Function>
pstl_detail::if_policy<ExecutionPolicy>
for_each(ExecutionPolicy &&, InputIt first, InputIt last, Function f) {
  if constexpr (pstl_detail::offloadable_bounds<ExecutionPolicy, InputIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      auto r = pstl_detail::input_reader(first, n);
      pstl_detail::index_for_each_kernel(
          n, [=](int i) [[hc]] { pstl_detail::call_on_elements(f, r[i]); });
      return;
    }
  }
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, InputIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      pstl_detail::for_each_kernel(pstl_detail::raw_pointer(first), n, f);
      return;
    }
  }
  std::for_each(first, last, f);
}

template <class ExecutionPolicy, class InputIt, class Size, class Function>
pstl_detail::if_policy<ExecutionPolicy, InputIt>
for_each_n(ExecutionPolicy &&exec, InputIt first, Size n, Function f) {
  if (n <= Size())
    return first;
  InputIt last = std::next(first, n);
  parallel::for_each(exec, first, last, f);
  return last;
}

/// hcc declared for_each_n without a policy as well (it runs as par).
template <class InputIt, class Size, class Function,
          class = typename std::iterator_traits<InputIt>::iterator_category>
InputIt for_each_n(InputIt first, Size n, Function f) {
  return parallel::for_each_n(par, first, n, f);
}

template <class ExecutionPolicy, class InputIt, class OutputIt,
          class UnaryOperation>
pstl_detail::if_policy_not_view<ExecutionPolicy, InputIt, OutputIt>
transform(ExecutionPolicy &&, InputIt first, InputIt last, OutputIt d_first,
          UnaryOperation unary_op) {
  if constexpr (pstl_detail::offloadable_bounds<ExecutionPolicy, InputIt> &&
                pstl_detail::offloadable<ExecutionPolicy, OutputIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      auto r = pstl_detail::input_reader(first, n);
      pstl_detail::index_map_kernel(
          pstl_detail::raw_pointer(d_first), n, [=](int i) [[hc]] {
            return pstl_detail::call_on_elements(unary_op, r[i]);
          });
      return d_first + n;
    }
  }
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, InputIt, OutputIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      pstl_detail::transform_kernel(pstl_detail::raw_pointer(first),
                                    pstl_detail::raw_pointer(d_first), n,
                                    unary_op);
      return d_first + n;
    }
  }
  return std::transform(first, last, d_first, unary_op);
}

template <class ExecutionPolicy, class InputIt1, class InputIt2,
          class OutputIt, class BinaryOperation>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
transform(ExecutionPolicy &&, InputIt1 first1, InputIt1 last1,
          InputIt2 first2, OutputIt d_first, BinaryOperation binary_op) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, InputIt1, InputIt2, OutputIt>) {
    const std::size_t n = std::distance(first1, last1);
    if (pstl_detail::worth_offloading(n)) {
      pstl_detail::transform2_kernel(pstl_detail::raw_pointer(first1),
                                     pstl_detail::raw_pointer(first2),
                                     pstl_detail::raw_pointer(d_first), n,
                                     binary_op);
      return d_first + n;
    }
  }
  return std::transform(first1, last1, first2, d_first, binary_op);
}

/// g is called once per element, on copies of g: a generator with state
/// (a counter) gives the std result only under seq.
template <class ExecutionPolicy, class ForwardIt, class Generator>
pstl_detail::if_policy<ExecutionPolicy>
generate(ExecutionPolicy &&, ForwardIt first, ForwardIt last, Generator g) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, ForwardIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      pstl_detail::index_map_kernel(pstl_detail::raw_pointer(first), n,
                                    [=](int) [[hc]] { return g(); });
      return;
    }
  }
  return std::generate(first, last, g);
}

template <class ExecutionPolicy, class OutputIt, class Size, class Generator>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
generate_n(ExecutionPolicy &&exec, OutputIt first, Size count, Generator g) {
  if (count <= Size())
    return first;
  OutputIt last = std::next(first, count);
  parallel::generate(exec, first, last, g);
  return last;
}

template <class ExecutionPolicy, class ForwardIt, class T>
pstl_detail::if_policy<ExecutionPolicy>
fill(ExecutionPolicy &&, ForwardIt first, ForwardIt last, const T &value) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, ForwardIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      using V = pstl_detail::value_of<ForwardIt>;
      const V v = value;
      pstl_detail::index_map_kernel(pstl_detail::raw_pointer(first), n,
                                    [=](int) [[hc]] { return v; });
      return;
    }
  }
  return std::fill(first, last, value);
}

template <class ExecutionPolicy, class OutputIt, class Size, class T>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
fill_n(ExecutionPolicy &&exec, OutputIt first, Size count, const T &value) {
  if (count <= Size())
    return first;
  OutputIt last = std::next(first, count);
  parallel::fill(exec, first, last, value);
  return last;
}

template <class ExecutionPolicy, class InputIt, class OutputIt>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
copy(ExecutionPolicy &&exec, InputIt first, InputIt last, OutputIt d_first) {
  using T = pstl_detail::value_of<InputIt>;
  return parallel::transform(exec, first, last, d_first,
                             [](const T &v) [[hc]] { return v; });
}

template <class ExecutionPolicy, class InputIt, class Size, class OutputIt>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
copy_n(ExecutionPolicy &&exec, InputIt first, Size count, OutputIt result) {
  if (count <= Size())
    return result;
  return parallel::copy(exec, first, std::next(first, count), result);
}

template <class ExecutionPolicy, class ForwardIt, class UnaryPredicate,
          class T>
pstl_detail::if_policy<ExecutionPolicy>
replace_if(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last,
           UnaryPredicate p, const T &new_value) {
  using V = pstl_detail::value_of<ForwardIt>;
  const V nv = new_value;
  parallel::for_each(exec, first, last, [=](V &x) [[hc]] {
    if (p(x))
      x = nv;
  });
}

template <class ExecutionPolicy, class ForwardIt, class T>
pstl_detail::if_policy<ExecutionPolicy>
replace(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last,
        const T &old_value, const T &new_value) {
  using V = pstl_detail::value_of<ForwardIt>;
  const T ov = old_value;
  parallel::replace_if(exec, first, last,
                       [=](const V &x) [[hc]] { return x == ov; }, new_value);
}

template <class ExecutionPolicy, class InputIt, class OutputIt,
          class UnaryPredicate, class T>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
replace_copy_if(ExecutionPolicy &&exec, InputIt first, InputIt last,
                OutputIt d_first, UnaryPredicate p, const T &new_value) {
  using V = pstl_detail::value_of<InputIt>;
  const T nv = new_value;
  return parallel::transform(
      exec, first, last, d_first, [=](const V &x) [[hc]] {
        return pstl_detail::call_on_elements(p, x) ? V(nv) : x;
      });
}

template <class ExecutionPolicy, class InputIt, class OutputIt, class T>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
replace_copy(ExecutionPolicy &&exec, InputIt first, InputIt last,
             OutputIt d_first, const T &old_value, const T &new_value) {
  using V = pstl_detail::value_of<InputIt>;
  const T ov = old_value;
  return parallel::replace_copy_if(
      exec, first, last, d_first, [=](const V &x) [[hc]] { return x == ov; },
      new_value);
}

template <class ExecutionPolicy, class ForwardIt1, class ForwardIt2>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt2>
swap_ranges(ExecutionPolicy &&, ForwardIt1 first1, ForwardIt1 last1,
            ForwardIt2 first2) {
  return std::swap_ranges(first1, last1, first2);
}

// --- adjacent_difference -----------------------------------------------------

/// d_first[0] = first[0], d_first[i] = f(first[i], first[i - 1]).
template <class ExecutionPolicy, class InputIt, class OutputIt, class Function>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
adjacent_difference(ExecutionPolicy &&, InputIt first, InputIt last,
                    OutputIt d_first, Function f) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, InputIt, OutputIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      using T = pstl_detail::value_of<InputIt>;
      const T *in = pstl_detail::raw_pointer(first);
      auto *out = pstl_detail::raw_pointer(d_first);
      // In place, the input is read through a copy (each result needs the
      // element before it, which another thread overwrites).
      std::vector<T> copy;
      if (static_cast<const void *>(in) == static_cast<const void *>(out)) {
        copy.assign(in, in + n);
        in = copy.data();
      }
      auto a = pstl_detail::input_view(in, n);
      pstl_detail::index_map_kernel(out, n, [=](int i) [[hc]] {
        return i == 0 ? a[0] : pstl_detail::call_on_elements(f, a[i], a[i - 1]);
      });
      return d_first + n;
    }
  }
  return std::adjacent_difference(first, last, d_first, f);
}

template <class ExecutionPolicy, class InputIt, class OutputIt>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
adjacent_difference(ExecutionPolicy &&exec, InputIt first, InputIt last,
                    OutputIt d_first) {
  return parallel::adjacent_difference(exec, first, last, d_first,
                                       std::minus<>());
}

} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
