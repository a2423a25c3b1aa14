// The algorithms of <experimental/algorithm> (see that header and
// docs/parallel-stl.md). Each accelerated algorithm checks offloadable<> and
// worth_offloading() and otherwise runs the std algorithm, so seq, short ranges and iterators that
// are not contiguous give exactly the std results.
#ifndef HC_DETAIL_PSTL_ALGORITHM_HPP
#define HC_DETAIL_PSTL_ALGORITHM_HPP

#include "hc/detail/pstl/bounds_ranges.hpp"
#include "hc/detail/pstl/common.hpp"
#include "hc/detail/pstl/device_ranges.hpp"
#include "hc/detail/pstl/elementwise.hpp"
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

// --- searching: find, mismatch, equal, adjacent_find, is_sorted -------------

template <class ExecutionPolicy, class InputIt, class UnaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, InputIt>
find_if(ExecutionPolicy &&, InputIt first, InputIt last, UnaryPredicate p) {
  if constexpr (pstl_detail::offloadable_input<ExecutionPolicy, InputIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      auto a = pstl_detail::input_reader(first, n);
      return first + pstl_detail::first_index(n, [=](long long g) [[hc]] {
               return bool(pstl_detail::call_on_elements(p, a[g]));
             });
    }
  }
  return std::find_if(first, last, p);
}

template <class ExecutionPolicy, class InputIt, class UnaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, InputIt>
find_if_not(ExecutionPolicy &&exec, InputIt first, InputIt last,
            UnaryPredicate p) {
  using T = pstl_detail::value_of<InputIt>;
  return parallel::find_if(exec, first, last, [=](const T &x) [[hc]] {
    return !pstl_detail::call_on_elements(p, x);
  });
}

template <class ExecutionPolicy, class InputIt, class T>
pstl_detail::if_policy<ExecutionPolicy, InputIt>
find(ExecutionPolicy &&exec, InputIt first, InputIt last, const T &value) {
  using V = pstl_detail::value_of<InputIt>;
  const T v = value;
  return parallel::find_if(exec, first, last,
                           [=](const V &x) [[hc]] { return x == v; });
}

template <class ExecutionPolicy, class InputIt1, class InputIt2,
          class BinaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, std::pair<InputIt1, InputIt2>>
mismatch(ExecutionPolicy &&, InputIt1 first1, InputIt1 last1, InputIt2 first2,
         BinaryPredicate p) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, InputIt1, InputIt2>) {
    const std::size_t n = std::distance(first1, last1);
    if (pstl_detail::worth_offloading(n)) {
      auto a = pstl_detail::input_view(pstl_detail::raw_pointer(first1), n);
      auto b = pstl_detail::input_view(pstl_detail::raw_pointer(first2), n);
      std::size_t i = pstl_detail::first_index(n, [=](long long g) [[hc]] {
        return !pstl_detail::call_on_elements(p, a[g], b[g]);
      });
      return {first1 + i, first2 + i};
    }
  }
  return std::mismatch(first1, last1, first2, p);
}

template <class ExecutionPolicy, class InputIt1, class InputIt2>
pstl_detail::if_policy<ExecutionPolicy, std::pair<InputIt1, InputIt2>>
mismatch(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
         InputIt2 first2) {
  return parallel::mismatch(exec, first1, last1, first2, std::equal_to<>());
}

/// The two-range forms compare the common length (like std::mismatch).
template <class ExecutionPolicy, class InputIt1, class InputIt2,
          class BinaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, std::pair<InputIt1, InputIt2>>
mismatch(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
         InputIt2 first2, InputIt2 last2, BinaryPredicate p) {
  auto n1 = std::distance(first1, last1), n2 = std::distance(first2, last2);
  if (n2 < n1)
    last1 = std::next(first1, n2);
  return parallel::mismatch(exec, first1, last1, first2, p);
}

template <class ExecutionPolicy, class InputIt1, class InputIt2>
pstl_detail::if_policy<ExecutionPolicy, std::pair<InputIt1, InputIt2>>
mismatch(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
         InputIt2 first2, InputIt2 last2) {
  return parallel::mismatch(exec, first1, last1, first2, last2,
                            std::equal_to<>());
}

template <class ExecutionPolicy, class InputIt1, class InputIt2,
          class BinaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, bool>
equal(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
      InputIt2 first2, BinaryPredicate p) {
  return parallel::mismatch(exec, first1, last1, first2, p).first == last1;
}

template <class ExecutionPolicy, class InputIt1, class InputIt2>
pstl_detail::if_policy<ExecutionPolicy, bool>
equal(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
      InputIt2 first2) {
  return parallel::equal(exec, first1, last1, first2, std::equal_to<>());
}

template <class ExecutionPolicy, class InputIt1, class InputIt2,
          class BinaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, bool>
equal(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
      InputIt2 first2, InputIt2 last2, BinaryPredicate p) {
  if (std::distance(first1, last1) != std::distance(first2, last2))
    return false;
  return parallel::equal(exec, first1, last1, first2, p);
}

template <class ExecutionPolicy, class InputIt1, class InputIt2>
pstl_detail::if_policy<ExecutionPolicy, bool>
equal(ExecutionPolicy &&exec, InputIt1 first1, InputIt1 last1,
      InputIt2 first2, InputIt2 last2) {
  return parallel::equal(exec, first1, last1, first2, last2,
                         std::equal_to<>());
}

/// The first i with p(first[i], first[i + 1]), or last.
template <class ExecutionPolicy, class ForwardIt, class BinaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt>
adjacent_find(ExecutionPolicy &&, ForwardIt first, ForwardIt last,
              BinaryPredicate p) {
  if constexpr (pstl_detail::offloadable<ExecutionPolicy, ForwardIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      auto a = pstl_detail::input_view(pstl_detail::raw_pointer(first), n);
      std::size_t i = pstl_detail::first_index(n - 1, [=](long long g) [[hc]] {
        return bool(pstl_detail::call_on_elements(p, a[g], a[g + 1]));
      });
      return i == n - 1 ? last : first + i;
    }
  }
  return std::adjacent_find(first, last, p);
}

template <class ExecutionPolicy, class ForwardIt>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt>
adjacent_find(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last) {
  return parallel::adjacent_find(exec, first, last, std::equal_to<>());
}

template <class ExecutionPolicy, class ForwardIt, class Compare>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt>
is_sorted_until(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last,
                Compare comp) {
  using T = pstl_detail::value_of<ForwardIt>;
  ForwardIt it = parallel::adjacent_find(
      exec, first, last, [=](const T &a, const T &b) [[hc]] {
        return bool(pstl_detail::call_on_elements(comp, b, a));
      });
  return it == last ? last : std::next(it);
}

template <class ExecutionPolicy, class ForwardIt>
pstl_detail::if_policy<ExecutionPolicy, ForwardIt>
is_sorted_until(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last) {
  return parallel::is_sorted_until(exec, first, last, std::less<>());
}

template <class ExecutionPolicy, class ForwardIt, class Compare>
pstl_detail::if_policy<ExecutionPolicy, bool>
is_sorted(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last,
          Compare comp) {
  return parallel::is_sorted_until(exec, first, last, comp) == last;
}

template <class ExecutionPolicy, class ForwardIt>
pstl_detail::if_policy<ExecutionPolicy, bool>
is_sorted(ExecutionPolicy &&exec, ForwardIt first, ForwardIt last) {
  return parallel::is_sorted(exec, first, last, std::less<>());
}

template <class ExecutionPolicy, class InputIt1, class InputIt2,
          class Compare>
pstl_detail::if_policy<ExecutionPolicy, bool>
lexicographical_compare(ExecutionPolicy &&exec, InputIt1 first1,
                        InputIt1 last1, InputIt2 first2, InputIt2 last2,
                        Compare comp) {
  using T1 = pstl_detail::value_of<InputIt1>;
  using T2 = pstl_detail::value_of<InputIt2>;
  // The first position where neither element is less than the other
  // decides; the shorter range is less when one is a prefix of the other.
  auto m = parallel::mismatch(
      exec, first1, last1, first2, last2, [=](const T1 &a, const T2 &b) [[hc]] {
        return !pstl_detail::call_on_elements(comp, a, b) &&
               !pstl_detail::call_on_elements(comp, b, a);
      });
  if (m.first == last1)
    return m.second != last2;
  if (m.second == last2)
    return false;
  return bool(comp(*m.first, *m.second));
}

template <class ExecutionPolicy, class InputIt1, class InputIt2>
pstl_detail::if_policy<ExecutionPolicy, bool>
lexicographical_compare(ExecutionPolicy &&exec, InputIt1 first1,
                        InputIt1 last1, InputIt2 first2, InputIt2 last2) {
  return parallel::lexicographical_compare(exec, first1, last1, first2, last2,
                                           std::less<>());
}

// --- counting and quantifiers -------------------------------------------------

template <class ExecutionPolicy, class InputIt, class UnaryPredicate>
pstl_detail::if_policy<ExecutionPolicy,
                       typename std::iterator_traits<InputIt>::difference_type>
count_if(ExecutionPolicy &&, InputIt first, InputIt last, UnaryPredicate p) {
  if constexpr (pstl_detail::offloadable_input<ExecutionPolicy, InputIt>) {
    const std::size_t n = std::distance(first, last);
    if (pstl_detail::worth_offloading(n)) {
      auto a = pstl_detail::input_reader(first, n);
      return pstl_detail::count_indices(n, [=](long long g) [[hc]] {
        return bool(pstl_detail::call_on_elements(p, a[g]));
      });
    }
  }
  return std::count_if(first, last, p);
}

template <class ExecutionPolicy, class InputIt, class T>
pstl_detail::if_policy<ExecutionPolicy,
                       typename std::iterator_traits<InputIt>::difference_type>
count(ExecutionPolicy &&exec, InputIt first, InputIt last, const T &value) {
  using V = pstl_detail::value_of<InputIt>;
  const T v = value;
  return parallel::count_if(exec, first, last,
                            [=](const V &x) [[hc]] { return x == v; });
}

template <class ExecutionPolicy, class InputIt, class UnaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, bool>
any_of(ExecutionPolicy &&exec, InputIt first, InputIt last, UnaryPredicate p) {
  return parallel::find_if(exec, first, last, p) != last;
}

template <class ExecutionPolicy, class InputIt, class UnaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, bool>
all_of(ExecutionPolicy &&exec, InputIt first, InputIt last, UnaryPredicate p) {
  return parallel::find_if_not(exec, first, last, p) == last;
}

template <class ExecutionPolicy, class InputIt, class UnaryPredicate>
pstl_detail::if_policy<ExecutionPolicy, bool>
none_of(ExecutionPolicy &&exec, InputIt first, InputIt last,
        UnaryPredicate p) {
  return !parallel::any_of(exec, first, last, p);
}

// hcc declared these without a policy too (they run as par).
template <class InputIt, class UnaryPredicate,
          class = typename std::iterator_traits<InputIt>::iterator_category>
typename std::iterator_traits<InputIt>::difference_type
count_if(InputIt first, InputIt last, UnaryPredicate p) {
  return parallel::count_if(par, first, last, p);
}
template <class InputIt, class T,
          class = typename std::iterator_traits<InputIt>::iterator_category>
typename std::iterator_traits<InputIt>::difference_type
count(InputIt first, InputIt last, const T &value) {
  return parallel::count(par, first, last, value);
}
template <class InputIt, class UnaryPredicate,
          class = typename std::iterator_traits<InputIt>::iterator_category>
bool all_of(InputIt first, InputIt last, UnaryPredicate p) {
  return parallel::all_of(par, first, last, p);
}
template <class InputIt, class UnaryPredicate,
          class = typename std::iterator_traits<InputIt>::iterator_category>
bool any_of(InputIt first, InputIt last, UnaryPredicate p) {
  return parallel::any_of(par, first, last, p);
}
template <class InputIt, class UnaryPredicate,
          class = typename std::iterator_traits<InputIt>::iterator_category>
bool none_of(InputIt first, InputIt last, UnaryPredicate p) {
  return parallel::none_of(par, first, last, p);
}

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

// --- the rest of hcc's header: the std algorithm on the host -----------------
// hcc declared these with a policy and ran them sequentially; so does hcc
// here, under every policy. Every overload of the std algorithm is accepted.
#define HC_PSTL_ON_HOST(name)                                                  \
  template <class ExecutionPolicy, class... Args>                              \
  pstl_detail::if_policy<ExecutionPolicy,                                      \
                         decltype(std::name(std::declval<Args>()...))>         \
  name(ExecutionPolicy &&, Args &&...args) {                                   \
    return std::name(std::forward<Args>(args)...);                             \
  }
HC_PSTL_ON_HOST(find_end)
HC_PSTL_ON_HOST(find_first_of)
HC_PSTL_ON_HOST(search)
HC_PSTL_ON_HOST(search_n)
HC_PSTL_ON_HOST(copy_if)
HC_PSTL_ON_HOST(move)
HC_PSTL_ON_HOST(remove)
HC_PSTL_ON_HOST(remove_if)
HC_PSTL_ON_HOST(remove_copy)
HC_PSTL_ON_HOST(remove_copy_if)
HC_PSTL_ON_HOST(reverse)
HC_PSTL_ON_HOST(reverse_copy)
HC_PSTL_ON_HOST(rotate)
HC_PSTL_ON_HOST(rotate_copy)
HC_PSTL_ON_HOST(unique)
HC_PSTL_ON_HOST(unique_copy)
HC_PSTL_ON_HOST(is_partitioned)
HC_PSTL_ON_HOST(partition)
HC_PSTL_ON_HOST(partition_copy)
HC_PSTL_ON_HOST(stable_partition)
HC_PSTL_ON_HOST(partial_sort)
HC_PSTL_ON_HOST(partial_sort_copy)
HC_PSTL_ON_HOST(nth_element)
HC_PSTL_ON_HOST(merge)
HC_PSTL_ON_HOST(inplace_merge)
HC_PSTL_ON_HOST(includes)
HC_PSTL_ON_HOST(set_difference)
HC_PSTL_ON_HOST(set_intersection)
HC_PSTL_ON_HOST(set_symmetric_difference)
HC_PSTL_ON_HOST(set_union)
HC_PSTL_ON_HOST(is_heap)
HC_PSTL_ON_HOST(is_heap_until)
#undef HC_PSTL_ON_HOST

} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

// Overloads over hc::array_view ranges (device-resident data).
#include "hc/detail/pstl/device_algorithm.hpp"

// The algorithms of <experimental/algorithm> under the dynamic execution_policy
// (after every static overload, which the forwarding overloads find by
// qualified name).
#include "hc/detail/pstl/dynamic_policy.hpp"

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {
HC_PSTL_DYNAMIC_POLICY(for_each)
HC_PSTL_DYNAMIC_POLICY(for_each_n)
HC_PSTL_DYNAMIC_POLICY(transform)
HC_PSTL_DYNAMIC_POLICY(generate)
HC_PSTL_DYNAMIC_POLICY(generate_n)
HC_PSTL_DYNAMIC_POLICY(fill)
HC_PSTL_DYNAMIC_POLICY(fill_n)
HC_PSTL_DYNAMIC_POLICY(copy)
HC_PSTL_DYNAMIC_POLICY(copy_n)
HC_PSTL_DYNAMIC_POLICY(replace_if)
HC_PSTL_DYNAMIC_POLICY(replace)
HC_PSTL_DYNAMIC_POLICY(replace_copy_if)
HC_PSTL_DYNAMIC_POLICY(replace_copy)
HC_PSTL_DYNAMIC_POLICY(swap_ranges)
HC_PSTL_DYNAMIC_POLICY(adjacent_difference)
HC_PSTL_DYNAMIC_POLICY(find_if)
HC_PSTL_DYNAMIC_POLICY(find_if_not)
HC_PSTL_DYNAMIC_POLICY(find)
HC_PSTL_DYNAMIC_POLICY(mismatch)
HC_PSTL_DYNAMIC_POLICY(equal)
HC_PSTL_DYNAMIC_POLICY(adjacent_find)
HC_PSTL_DYNAMIC_POLICY(is_sorted_until)
HC_PSTL_DYNAMIC_POLICY(is_sorted)
HC_PSTL_DYNAMIC_POLICY(lexicographical_compare)
HC_PSTL_DYNAMIC_POLICY(count_if)
HC_PSTL_DYNAMIC_POLICY(count)
HC_PSTL_DYNAMIC_POLICY(any_of)
HC_PSTL_DYNAMIC_POLICY(all_of)
HC_PSTL_DYNAMIC_POLICY(none_of)
HC_PSTL_DYNAMIC_POLICY(min_element)
HC_PSTL_DYNAMIC_POLICY(max_element)
HC_PSTL_DYNAMIC_POLICY(minmax_element)
HC_PSTL_DYNAMIC_POLICY(sort)
HC_PSTL_DYNAMIC_POLICY(stable_sort)
HC_PSTL_DYNAMIC_POLICY(find_end)
HC_PSTL_DYNAMIC_POLICY(find_first_of)
HC_PSTL_DYNAMIC_POLICY(search)
HC_PSTL_DYNAMIC_POLICY(search_n)
HC_PSTL_DYNAMIC_POLICY(copy_if)
HC_PSTL_DYNAMIC_POLICY(move)
HC_PSTL_DYNAMIC_POLICY(remove)
HC_PSTL_DYNAMIC_POLICY(remove_if)
HC_PSTL_DYNAMIC_POLICY(remove_copy)
HC_PSTL_DYNAMIC_POLICY(remove_copy_if)
HC_PSTL_DYNAMIC_POLICY(reverse)
HC_PSTL_DYNAMIC_POLICY(reverse_copy)
HC_PSTL_DYNAMIC_POLICY(rotate)
HC_PSTL_DYNAMIC_POLICY(rotate_copy)
HC_PSTL_DYNAMIC_POLICY(unique)
HC_PSTL_DYNAMIC_POLICY(unique_copy)
HC_PSTL_DYNAMIC_POLICY(is_partitioned)
HC_PSTL_DYNAMIC_POLICY(partition)
HC_PSTL_DYNAMIC_POLICY(partition_copy)
HC_PSTL_DYNAMIC_POLICY(stable_partition)
HC_PSTL_DYNAMIC_POLICY(partial_sort)
HC_PSTL_DYNAMIC_POLICY(partial_sort_copy)
HC_PSTL_DYNAMIC_POLICY(nth_element)
HC_PSTL_DYNAMIC_POLICY(merge)
HC_PSTL_DYNAMIC_POLICY(inplace_merge)
HC_PSTL_DYNAMIC_POLICY(includes)
HC_PSTL_DYNAMIC_POLICY(set_difference)
HC_PSTL_DYNAMIC_POLICY(set_intersection)
HC_PSTL_DYNAMIC_POLICY(set_symmetric_difference)
HC_PSTL_DYNAMIC_POLICY(set_union)
HC_PSTL_DYNAMIC_POLICY(is_heap)
HC_PSTL_DYNAMIC_POLICY(is_heap_until)
} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
