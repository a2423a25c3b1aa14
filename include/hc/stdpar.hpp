// hc/stdpar.hpp: offloaded standard parallel algorithms (`hcc --stdpar`).
//
// The driver force-includes this header into the host and the device pass
// of every C++ source when --stdpar is given (docs/parallel-stl.md). It adds
// overloads of the standard algorithms for the execution policies
// std::execution::par_unseq and (unless HCC_STDPAR_PAR is 0)
// std::execution::par. They forward to hcc's parallel STL
// (std::experimental::parallel, `par`), so they run on the default
// accelerator through the same kernels, size thresholds and host fallbacks.
//
// How the overloads win: libstdc++ declares each parallel algorithm as a
// template over the policy (`_ExecutionPolicy&&`); ours take the policy
// class by value, so partial ordering makes ours more specialized for
// exactly that policy (the technique of hipstdpar and AdaptiveCpp). They
// take part only for iterators hcc can hand to the accelerator (raw
// pointers, std::vector iterators) over values that can be copied there
// byte for byte; everything else falls through to libstdc++'s own
// implementation on the host.
#ifndef HC_STDPAR_HPP
#define HC_STDPAR_HPP

#include <execution>
#include <experimental/algorithm>
#include <experimental/numeric>

#include <algorithm>
#include <numeric>

/// Whether std::execution::par is offloaded as well as par_unseq. par
/// allows element functions to block on each other (locks); on GPUs with
/// independent thread scheduling (sm_70+) and on the CPU backend that still
/// makes progress, and nvc++ -stdpar and AdaptiveCpp offload par too.
/// -DHCC_STDPAR_PAR=0 keeps par on the host (hipstdpar's choice).
#ifndef HCC_STDPAR_PAR
#define HCC_STDPAR_PAR 1
#endif

namespace hc {
namespace detail {
namespace stdpar {

namespace ts = std::experimental::parallel;

/// The iterators (and their value types) one overload may offload.
template <class... It>
constexpr bool offloadable_iterators =
    ::hc::detail::pstl::offloadable<ts::parallel_execution_policy, It...>;

template <class... It>
using if_offloadable = std::enable_if_t<offloadable_iterators<It...>, int>;

} // namespace stdpar
} // namespace detail
} // namespace hc

// One set of overloads per offloaded policy class. Each forwards to the
// algorithm of hcc's parallel STL under `par`, with the standard's argument
// order translated where the two differ (transform_reduce).
#define HC_STDPAR_OVERLOADS(Policy)                                            \
  template <class It, class F,                                                 \
            ::hc::detail::stdpar::if_offloadable<It> = 0>                      \
  void for_each(Policy, It first, It last, F f) {                              \
    ::hc::detail::stdpar::ts::for_each(::hc::detail::stdpar::ts::par, first,   \
                                       last, f);                               \
  }                                                                            \
  template <class It, class Size, class F,                                     \
            ::hc::detail::stdpar::if_offloadable<It> = 0>                      \
  It for_each_n(Policy, It first, Size n, F f) {                               \
    return ::hc::detail::stdpar::ts::for_each_n(                               \
        ::hc::detail::stdpar::ts::par, first, n, f);                           \
  }                                                                            \
  template <class In, class Out, class F,                                      \
            ::hc::detail::stdpar::if_offloadable<In, Out> = 0>                 \
  Out transform(Policy, In first, In last, Out result, F f) {                  \
    return ::hc::detail::stdpar::ts::transform(                                \
        ::hc::detail::stdpar::ts::par, first, last, result, f);                \
  }                                                                            \
  template <class In1, class In2, class Out, class F,                          \
            ::hc::detail::stdpar::if_offloadable<In1, In2, Out> = 0>           \
  Out transform(Policy, In1 first1, In1 last1, In2 first2, Out result, F f) {  \
    return ::hc::detail::stdpar::ts::transform(                                \
        ::hc::detail::stdpar::ts::par, first1, last1, first2, result, f);      \
  }                                                                            \
  template <class It, ::hc::detail::stdpar::if_offloadable<It> = 0>            \
  typename iterator_traits<It>::value_type reduce(Policy, It first, It last) { \
    return ::hc::detail::stdpar::ts::reduce(::hc::detail::stdpar::ts::par,     \
                                            first, last);                      \
  }                                                                            \
  template <class It, class T, ::hc::detail::stdpar::if_offloadable<It> = 0>   \
  T reduce(Policy, It first, It last, T init) {                                \
    return ::hc::detail::stdpar::ts::reduce(::hc::detail::stdpar::ts::par,     \
                                            first, last, init);                \
  }                                                                            \
  template <class It, class T, class Op,                                       \
            ::hc::detail::stdpar::if_offloadable<It> = 0>                      \
  T reduce(Policy, It first, It last, T init, Op op) {                         \
    return ::hc::detail::stdpar::ts::reduce(::hc::detail::stdpar::ts::par,     \
                                            first, last, init, op);            \
  }                                                                            \
  template <class It1, class It2, class T,                                     \
            ::hc::detail::stdpar::if_offloadable<It1, It2> = 0>                \
  T transform_reduce(Policy, It1 first1, It1 last1, It2 first2, T init) {      \
    return ::hc::detail::stdpar::ts::inner_product(                            \
        ::hc::detail::stdpar::ts::par, first1, last1, first2, init);           \
  }                                                                            \
  template <class It1, class It2, class T, class Reduce, class Combine,        \
            ::hc::detail::stdpar::if_offloadable<It1, It2> = 0>                \
  T transform_reduce(Policy, It1 first1, It1 last1, It2 first2, T init,        \
                     Reduce reduce_op, Combine combine_op) {                   \
    return ::hc::detail::stdpar::ts::inner_product(                            \
        ::hc::detail::stdpar::ts::par, first1, last1, first2, init, reduce_op, \
        combine_op);                                                           \
  }                                                                            \
  template <class It, class T, class Reduce, class Transform,                  \
            ::hc::detail::stdpar::if_offloadable<It> = 0>                      \
  T transform_reduce(Policy, It first, It last, T init, Reduce reduce_op,      \
                     Transform transform_op) {                                 \
    /* hcc's (the TS's) order: unary_op, init, binary_op */                    \
    return ::hc::detail::stdpar::ts::transform_reduce(                         \
        ::hc::detail::stdpar::ts::par, first, last, transform_op, init,        \
        reduce_op);                                                            \
  }                                                                            \
  template <class In, class Out,                                               \
            ::hc::detail::stdpar::if_offloadable<In, Out> = 0>                 \
  Out inclusive_scan(Policy, In first, In last, Out result) {                  \
    return ::hc::detail::stdpar::ts::inclusive_scan(                           \
        ::hc::detail::stdpar::ts::par, first, last, result);                   \
  }                                                                            \
  template <class In, class Out, class Op,                                     \
            ::hc::detail::stdpar::if_offloadable<In, Out> = 0>                 \
  Out inclusive_scan(Policy, In first, In last, Out result, Op op) {           \
    return ::hc::detail::stdpar::ts::inclusive_scan(                           \
        ::hc::detail::stdpar::ts::par, first, last, result, op);               \
  }                                                                            \
  template <class In, class Out, class Op, class T,                            \
            ::hc::detail::stdpar::if_offloadable<In, Out> = 0>                 \
  Out inclusive_scan(Policy, In first, In last, Out result, Op op, T init) {   \
    return ::hc::detail::stdpar::ts::inclusive_scan(                           \
        ::hc::detail::stdpar::ts::par, first, last, result, op, init);         \
  }                                                                            \
  template <class In, class Out, class T,                                      \
            ::hc::detail::stdpar::if_offloadable<In, Out> = 0>                 \
  Out exclusive_scan(Policy, In first, In last, Out result, T init) {          \
    return ::hc::detail::stdpar::ts::exclusive_scan(                           \
        ::hc::detail::stdpar::ts::par, first, last, result, init);             \
  }                                                                            \
  template <class In, class Out, class T, class Op,                            \
            ::hc::detail::stdpar::if_offloadable<In, Out> = 0>                 \
  Out exclusive_scan(Policy, In first, In last, Out result, T init, Op op) {   \
    return ::hc::detail::stdpar::ts::exclusive_scan(                           \
        ::hc::detail::stdpar::ts::par, first, last, result, init, op);         \
  }                                                                            \
  template <class It, ::hc::detail::stdpar::if_offloadable<It> = 0>            \
  void sort(Policy, It first, It last) {                                       \
    ::hc::detail::stdpar::ts::sort(::hc::detail::stdpar::ts::par, first,       \
                                   last);                                      \
  }                                                                            \
  template <class It, class Compare,                                           \
            ::hc::detail::stdpar::if_offloadable<It> = 0>                      \
  void sort(Policy, It first, It last, Compare comp) {                         \
    ::hc::detail::stdpar::ts::sort(::hc::detail::stdpar::ts::par, first,       \
                                   last, comp);                                \
  }                                                                            \
  template <class It, ::hc::detail::stdpar::if_offloadable<It> = 0>            \
  void stable_sort(Policy, It first, It last) {                                \
    ::hc::detail::stdpar::ts::stable_sort(::hc::detail::stdpar::ts::par,       \
                                          first, last);                        \
  }                                                                            \
  template <class It, class Compare,                                           \
            ::hc::detail::stdpar::if_offloadable<It> = 0>                      \
  void stable_sort(Policy, It first, It last, Compare comp) {                  \
    ::hc::detail::stdpar::ts::stable_sort(::hc::detail::stdpar::ts::par,       \
                                          first, last, comp);                  \
  }

namespace std {
HC_STDPAR_OVERLOADS(execution::parallel_unsequenced_policy)
#if HCC_STDPAR_PAR
HC_STDPAR_OVERLOADS(execution::parallel_policy)
#endif
} // namespace std

#undef HC_STDPAR_OVERLOADS

#endif // HC_STDPAR_HPP
