// What the overloads of hcc's parallel STL over device-resident ranges
// (hc::array_view<T, 1> in place of an iterator pair) share: the policy
// check and the view's length. See docs/parallel-stl.md, "Device-resident
// ranges".
#ifndef HC_DETAIL_PSTL_DEVICE_RANGES_HPP
#define HC_DETAIL_PSTL_DEVICE_RANGES_HPP

#include "hc/detail/pstl/common.hpp"

namespace hc {
namespace detail {
namespace pstl {

template <class T> struct is_view_1d : std::false_type {};
template <class T> struct is_view_1d<array_view<T, 1>> : std::true_type {};

template <class It>
constexpr bool is_view_v = is_view_1d<std::decay_t<It>>::value;

/// Enables an overload over views for par and par_vec. seq is rejected at
/// compile time: the data lives on the accelerator and stays there, so
/// running std's algorithm on the host would copy it out and back.
template <class Policy, class R = void>
using if_view_policy = std::enable_if_t<is_policy<Policy>::value, R>;

template <class Policy> constexpr void require_parallel_for_views() {
  static_assert(is_parallel_policy<Policy>,
                "hcc's parallel STL runs algorithms over hc::array_view "
                "ranges on the accelerator: use par or par_vec (seq would "
                "run std's algorithm on a host copy)");
}

template <class T> std::size_t view_size(const array_view<T, 1> &v) {
  return static_cast<std::size_t>(v.get_extent()[0]);
}

/// Iterator-pair overloads that could also match two array_views (scans:
/// first, last, result with first and last views) step aside for the view
/// overloads.
template <class Policy, class It, class R>
using if_policy_not_view =
    std::enable_if_t<is_policy<Policy>::value && !is_view_v<It>, R>;

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
