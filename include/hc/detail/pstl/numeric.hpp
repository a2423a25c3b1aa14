// The algorithms of <experimental/numeric>: reduce, transform_reduce,
// inner_product and the scans, with the original hcc's overloads and
// argument orders (see that header and docs/parallel-stl.md). hcc also
// declared them without a policy; those forms run as par.
#ifndef HC_DETAIL_PSTL_NUMERIC_HPP
#define HC_DETAIL_PSTL_NUMERIC_HPP

#include "hc/detail/pstl/algorithm.hpp"
#include "hc/detail/pstl/device_ranges.hpp"
#include "hc/detail/pstl/reduce.hpp"
#include "hc/detail/pstl/scan.hpp"

#include <functional>
#include <numeric>

namespace hc {
namespace detail {
namespace pstl {

/// out[i] = the (exclusive or inclusive) scan of R(u(in[0])) ... with op,
/// after init if has_init. in == out is allowed: each element is read
/// before it is written, by the same thread.
template <bool Exclusive, class R, class In, class Out, class U, class Op>
void scan_ranges(const In *in, Out *out, std::size_t n, bool has_init, R init,
                 U u, Op op) {
  if constexpr (std::is_same<In, Out>::value) {
    if (in == out) {
      array_view<Out, 1> io(extent<1>(static_cast<int>(n)), out);
      tiled_scan<Exclusive, R>(
          n, has_init, init, scan_load<R>(io, u), op,
          [=](long long g, const R &v) [[hc]] { io[g] = v; });
      io.synchronize();
      return;
    }
  }
  array_view<const In, 1> a = input_view(in, n);
  array_view<Out, 1> o = output_view(out, n);
  tiled_scan<Exclusive, R>(
      n, has_init, init, scan_load<R>(a, u), op,
      [=](long long g, const R &v) [[hc]] { o[g] = v; });
  o.synchronize();
}

} // namespace pstl
} // namespace detail
} // namespace hc

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {

// --- transform_reduce, reduce, inner_product -----------------------------------

/// GENERALIZED_SUM(binary_op, init, unary_op(*first), ...): binary_op must
/// be associative and commutative; the elements are converted to T.
template <class ExecutionPolicy, class InputIt, class UnaryOperation, class T,
          class BinaryOperation>
pstl_detail::if_policy<ExecutionPolicy, T>
transform_reduce(ExecutionPolicy &&, InputIt first, InputIt last,
                 UnaryOperation unary_op, T init, BinaryOperation binary_op) {
  if constexpr (pstl_detail::offloadable_input<ExecutionPolicy, InputIt> &&
                pstl_detail::device_value<T>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      auto a = pstl_detail::input_reader(first, n);
      return pstl_detail::tiled_reduce<T>(
          n, init,
          [=](long long g) [[hc]] {
            return T(pstl_detail::call_on_elements(unary_op, a[g]));
          },
          binary_op);
    }
  }
  for (; first != last; ++first)
    init = binary_op(init, unary_op(*first));
  return init;
}

template <class ExecutionPolicy, class InputIt, class T, class BinaryOperation>
pstl_detail::if_policy<ExecutionPolicy, T>
reduce(ExecutionPolicy &&exec, InputIt first, InputIt last, T init,
       BinaryOperation binary_op) {
  return parallel::transform_reduce(exec, first, last,
                                    ::hc::detail::pstl::identity(), init,
                                    binary_op);
}

template <class ExecutionPolicy, class InputIt, class T>
pstl_detail::if_policy<ExecutionPolicy, T>
reduce(ExecutionPolicy &&exec, InputIt first, InputIt last, T init) {
  return parallel::reduce(exec, first, last, init, std::plus<>());
}

template <class ExecutionPolicy, class InputIt>
pstl_detail::if_policy<ExecutionPolicy, pstl_detail::value_of<InputIt>>
reduce(ExecutionPolicy &&exec, InputIt first, InputIt last) {
  return parallel::reduce(exec, first, last, pstl_detail::value_of<InputIt>{});
}

/// init op1 (first1[0] op2 first2[0]) op1 ...: op1 must be associative and
/// commutative.
template <class ExecutionPolicy, class InputIt1, class InputIt2, class T,
          class BinaryOperation1, class BinaryOperation2>
pstl_detail::if_policy<ExecutionPolicy, T>
inner_product(ExecutionPolicy &&, InputIt1 first1, InputIt1 last1,
              InputIt2 first2, T value, BinaryOperation1 op1,
              BinaryOperation2 op2) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, InputIt1, InputIt2> &&
                pstl_detail::device_value<T>) {
    const std::size_t n = std::distance(first1, last1);
    if (pstl_detail::worth_offloading(n)) {
      auto a = pstl_detail::input_view(pstl_detail::raw_pointer(first1), n);
      auto b = pstl_detail::input_view(pstl_detail::raw_pointer(first2), n);
      return pstl_detail::tiled_reduce<T>(
          n, value,
          [=](long long g) [[hc]] {
            return T(pstl_detail::call_on_elements(op2, a[g], b[g]));
          },
          op1);
    }
  }
  return std::inner_product(first1, last1, first2, value, op1, op2);
}

template <class ExecutionPolicy, class InputIt1, class InputIt2, class T>
pstl_detail::if_policy<ExecutionPolicy, T>
inner_product(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
              InputIt2 first2, T value) {
  return parallel::inner_product(exec, first1, last1, first2, value,
                                 std::plus<>(), std::multiplies<>());
}

/// hcc's transform_reduce over two ranges is inner_product.
template <class ExecutionPolicy, class InputIt1, class InputIt2, class T,
          class BinaryOperation1, class BinaryOperation2>
pstl_detail::if_policy<ExecutionPolicy, T>
transform_reduce(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
                 InputIt2 first2, T value, BinaryOperation1 op1,
                 BinaryOperation2 op2) {
  return parallel::inner_product(exec, first1, last1, first2, value, op1, op2);
}

template <class ExecutionPolicy, class InputIt1, class InputIt2, class T,
          class = typename std::iterator_traits<InputIt2>::iterator_category>
pstl_detail::if_policy<ExecutionPolicy, T>
transform_reduce(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
                 InputIt2 first2, T value) {
  return parallel::inner_product(exec, first1, last1, first2, value);
}

// --- scans -----------------------------------------------------------------------
// binary_op need only be associative (GENERALIZED_NONCOMMUTATIVE_SUM); the
// results are computed in T (init's type) or, without init, in the value
// type of the input (of unary_op's result for the transform scans).

template <bool Exclusive, class R, class ExecutionPolicy, class InputIt,
          class OutputIt, class UnaryOperation, class BinaryOperation>
OutputIt pstl_scan(InputIt first, InputIt last, OutputIt result,
                   UnaryOperation unary_op, BinaryOperation binary_op,
                   bool has_init, R init) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, InputIt, OutputIt> &&
                pstl_detail::device_value<R>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      pstl_detail::scan_ranges<Exclusive, R>(
          pstl_detail::raw_pointer(first), pstl_detail::raw_pointer(result),
          n, has_init, init, unary_op, binary_op);
      return result + n;
    }
  }
  // In order on the host; writes after reading, so result may be first.
  bool has = has_init;
  R sum = init;
  for (; first != last; ++first, ++result) {
    R v = unary_op(*first);
    if (Exclusive) {
      *result = sum;
      sum = binary_op(sum, v);
    } else {
      sum = has ? binary_op(sum, v) : v;
      has = true;
      *result = sum;
    }
  }
  return result;
}

template <class ExecutionPolicy, class InputIt, class OutputIt,
          class BinaryOperation, class T>
pstl_detail::if_policy_not_view<ExecutionPolicy, InputIt, OutputIt>
inclusive_scan(ExecutionPolicy &&, InputIt first, InputIt last,
               OutputIt result, BinaryOperation binary_op, T init) {
  return pstl_scan<false, T, ExecutionPolicy>(
      first, last, result, ::hc::detail::pstl::identity(), binary_op, true,
      init);
}

template <class ExecutionPolicy, class InputIt, class OutputIt,
          class BinaryOperation>
pstl_detail::if_policy_not_view<ExecutionPolicy, InputIt, OutputIt>
inclusive_scan(ExecutionPolicy &&, InputIt first, InputIt last,
               OutputIt result, BinaryOperation binary_op) {
  using V = pstl_detail::value_of<InputIt>;
  return pstl_scan<false, V, ExecutionPolicy>(
      first, last, result, ::hc::detail::pstl::identity(), binary_op, false,
      V{});
}

template <class ExecutionPolicy, class InputIt, class OutputIt>
pstl_detail::if_policy_not_view<ExecutionPolicy, InputIt, OutputIt>
inclusive_scan(ExecutionPolicy &&exec, InputIt first, InputIt last,
               OutputIt result) {
  return parallel::inclusive_scan(exec, first, last, result, std::plus<>());
}

template <class ExecutionPolicy, class InputIt, class OutputIt, class T,
          class BinaryOperation>
pstl_detail::if_policy_not_view<ExecutionPolicy, InputIt, OutputIt>
exclusive_scan(ExecutionPolicy &&, InputIt first, InputIt last,
               OutputIt result, T init, BinaryOperation binary_op) {
  return pstl_scan<true, T, ExecutionPolicy>(
      first, last, result, ::hc::detail::pstl::identity(), binary_op, true,
      init);
}

template <class ExecutionPolicy, class InputIt, class OutputIt, class T>
pstl_detail::if_policy_not_view<ExecutionPolicy, InputIt, OutputIt>
exclusive_scan(ExecutionPolicy &&exec, InputIt first, InputIt last,
               OutputIt result, T init) {
  return parallel::exclusive_scan(exec, first, last, result, init,
                                  std::plus<>());
}

template <class ExecutionPolicy, class InputIt, class OutputIt,
          class UnaryOperation, class BinaryOperation, class T>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
transform_inclusive_scan(ExecutionPolicy &&, InputIt first, InputIt last,
                         OutputIt result, UnaryOperation unary_op,
                         BinaryOperation binary_op, T init) {
  return pstl_scan<false, T, ExecutionPolicy>(first, last, result, unary_op,
                                              binary_op, true, init);
}

template <class ExecutionPolicy, class InputIt, class OutputIt,
          class UnaryOperation, class BinaryOperation>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
transform_inclusive_scan(ExecutionPolicy &&, InputIt first, InputIt last,
                         OutputIt result, UnaryOperation unary_op,
                         BinaryOperation binary_op) {
  using V = std::decay_t<decltype(unary_op(*first))>;
  return pstl_scan<false, V, ExecutionPolicy>(first, last, result, unary_op,
                                              binary_op, false, V{});
}

template <class ExecutionPolicy, class InputIt, class OutputIt,
          class UnaryOperation, class T, class BinaryOperation>
pstl_detail::if_policy<ExecutionPolicy, OutputIt>
transform_exclusive_scan(ExecutionPolicy &&, InputIt first, InputIt last,
                         OutputIt result, UnaryOperation unary_op, T init,
                         BinaryOperation binary_op) {
  return pstl_scan<true, T, ExecutionPolicy>(first, last, result, unary_op,
                                             binary_op, true, init);
}

// --- hcc's forms without a policy (they run as par) -----------------------------

template <class InputIt, class T, class BinaryOperation,
          class = typename std::iterator_traits<InputIt>::iterator_category>
T reduce(InputIt first, InputIt last, T init, BinaryOperation binary_op) {
  return parallel::reduce(par, first, last, init, binary_op);
}
template <class InputIt, class T,
          class = typename std::iterator_traits<InputIt>::iterator_category>
T reduce(InputIt first, InputIt last, T init) {
  return parallel::reduce(par, first, last, init);
}
template <class InputIt,
          class = typename std::iterator_traits<InputIt>::iterator_category>
pstl_detail::value_of<InputIt> reduce(InputIt first, InputIt last) {
  return parallel::reduce(par, first, last);
}
template <class InputIt, class UnaryOperation, class T, class BinaryOperation,
          class = typename std::iterator_traits<InputIt>::iterator_category>
T transform_reduce(InputIt first, InputIt last, UnaryOperation unary_op,
                   T init, BinaryOperation binary_op) {
  return parallel::transform_reduce(par, first, last, unary_op, init,
                                    binary_op);
}
/// hcc forwarded transform_reduce over two ranges to inner_product.
template <class InputIt1, class InputIt2, class T,
          class = typename std::iterator_traits<InputIt1>::iterator_category>
T transform_reduce(InputIt1 first1, InputIt1 last1, InputIt2 first2, T value) {
  return parallel::inner_product(par, first1, last1, first2, value);
}
template <class InputIt1, class InputIt2, class T, class BinaryOperation1,
          class BinaryOperation2,
          class = typename std::iterator_traits<InputIt1>::iterator_category>
T transform_reduce(InputIt1 first1, InputIt1 last1, InputIt2 first2, T value,
                   BinaryOperation1 op1, BinaryOperation2 op2) {
  return parallel::inner_product(par, first1, last1, first2, value, op1, op2);
}
template <class InputIt, class OutputIt, class UnaryOperation,
          class BinaryOperation,
          class = typename std::iterator_traits<InputIt>::iterator_category>
OutputIt transform_inclusive_scan(InputIt first, InputIt last, OutputIt result,
                                  UnaryOperation unary_op,
                                  BinaryOperation binary_op) {
  return parallel::transform_inclusive_scan(par, first, last, result, unary_op,
                                            binary_op);
}
template <class InputIt, class OutputIt, class BinaryOperation, class T,
          class = typename std::iterator_traits<InputIt>::iterator_category>
OutputIt inclusive_scan(InputIt first, InputIt last, OutputIt result,
                        BinaryOperation binary_op, T init) {
  return parallel::inclusive_scan(par, first, last, result, binary_op, init);
}
template <class InputIt, class OutputIt, class BinaryOperation,
          class = typename std::iterator_traits<InputIt>::iterator_category>
OutputIt inclusive_scan(InputIt first, InputIt last, OutputIt result,
                        BinaryOperation binary_op) {
  return parallel::inclusive_scan(par, first, last, result, binary_op);
}
template <class InputIt, class OutputIt,
          class = typename std::iterator_traits<InputIt>::iterator_category>
OutputIt inclusive_scan(InputIt first, InputIt last, OutputIt result) {
  return parallel::inclusive_scan(par, first, last, result);
}
template <class InputIt, class OutputIt, class T, class BinaryOperation,
          class = typename std::iterator_traits<InputIt>::iterator_category>
OutputIt exclusive_scan(InputIt first, InputIt last, OutputIt result, T init,
                        BinaryOperation binary_op) {
  return parallel::exclusive_scan(par, first, last, result, init, binary_op);
}
template <class InputIt, class OutputIt, class T,
          class = typename std::iterator_traits<InputIt>::iterator_category>
OutputIt exclusive_scan(InputIt first, InputIt last, OutputIt result, T init) {
  return parallel::exclusive_scan(par, first, last, result, init);
}

} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

// Overloads over hc::array_view ranges (device-resident data).
#include "hc/detail/pstl/device_numeric.hpp"

// The algorithms of <experimental/numeric> under the dynamic execution_policy
// (after every static overload, which the forwarding overloads find by
// qualified name).
#include "hc/detail/pstl/dynamic_policy.hpp"

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {
HC_PSTL_DYNAMIC_POLICY(reduce)
HC_PSTL_DYNAMIC_POLICY(transform_reduce)
HC_PSTL_DYNAMIC_POLICY(inner_product)
HC_PSTL_DYNAMIC_POLICY(inclusive_scan)
HC_PSTL_DYNAMIC_POLICY(exclusive_scan)
HC_PSTL_DYNAMIC_POLICY(transform_inclusive_scan)
HC_PSTL_DYNAMIC_POLICY(transform_exclusive_scan)
} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
