// Ranges of std::bounds_iterator (<coordinate>) as inputs of hcc's
// parallel STL: their elements are the offsets of a bounds in row-major
// order, computed from the position, so a kernel generates them instead of
// reading memory. Under par / par_vec, for_each(_n), unary transform,
// transform_reduce (and reduce), find_if (find, find_if_not, any_of,
// all_of, none_of) and count_if (count) over such a range run on the
// accelerator, one work-item per offset; the functions called with the
// offsets reach their data through what they capture (see
// docs/parallel-stl.md, "<coordinate> and <array_view>").
//
// <coordinate> is not included: a program that has bounds_iterators has
// included it, and the algorithm headers stay free of its names otherwise.
#ifndef HC_DETAIL_PSTL_BOUNDS_RANGES_HPP
#define HC_DETAIL_PSTL_BOUNDS_RANGES_HPP

#include "hc/detail/pstl/common.hpp"

namespace std {
template <size_t Rank> class bounds_iterator;
} // namespace std

namespace hc {
namespace detail {
namespace pstl {

template <class It> struct is_bounds_iterator : std::false_type {};
template <std::size_t Rank>
struct is_bounds_iterator<std::bounds_iterator<Rank>> : std::true_type {};

/// A range of offsets the accelerator can generate: a bounds_iterator
/// range under a parallel policy.
template <class Policy, class It>
constexpr bool offloadable_bounds =
    is_parallel_policy<Policy> && is_bounds_iterator<It>::value;

/// An input range a kernel can read: contiguous memory of device values,
/// or offsets of a bounds.
template <class Policy, class It>
constexpr bool offloadable_input =
    offloadable<Policy, It> || offloadable_bounds<Policy, It>;

/// Element g of a bounds_iterator range, computed in the kernel.
template <class Bounds> struct bounds_reader {
  Bounds bounds;
  std::ptrdiff_t start;
  auto operator[](long long g) const {
    return bounds.__offset_at(start + static_cast<std::ptrdiff_t>(g));
  }
};

/// What a kernel reads element g of [first, first + n) through: an
/// array_view over contiguous memory, or the offsets of a bounds range.
template <class It> auto input_reader(It first, std::size_t n) {
  if constexpr (is_bounds_iterator<It>::value) {
    using Bounds = std::decay_t<decltype(first.__bounds())>;
    return bounds_reader<Bounds>{first.__bounds(), first.__position()};
  } else {
    return input_view(raw_pointer(first), n);
  }
}

/// f(i) for every i < n on the accelerator.
template <class F> void index_for_each_kernel(std::size_t n, F f) {
  parallel_for_each(extent<1>(static_cast<int>(n)), [=](index<1> i) [[hc]] {
    f(i[0]);
  }).wait();
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
