// The searching and counting algorithms of <experimental/algorithm>: find,
// mismatch, equal, adjacent_find, is_sorted, lexicographical_compare,
// count, any_of, all_of, none_of. Part of hc/detail/pstl/algorithm.hpp,
// which includes it; include that one.
#ifndef HC_DETAIL_PSTL_ALGORITHM_SEARCH_HPP
#define HC_DETAIL_PSTL_ALGORITHM_SEARCH_HPP

#include "hc/detail/pstl/bounds_ranges.hpp"
#include "hc/detail/pstl/common.hpp"
#include "hc/detail/pstl/reduce.hpp"

#include <algorithm>
#include <functional>
#include <utility>

namespace std {
namespace experimental {
namespace parallel {
inline namespace v1 {

namespace pstl_detail = ::hc::detail::pstl;

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

} // inline namespace v1
} // namespace parallel
} // namespace experimental
} // namespace std

#endif
