// hc::copy / hc::copy_async between arrays, array_views and host
// iterators, and the copy_to members of array and array_view.
//
// Contiguous data moves as one block through the runtime (a device copy
// where both sides have device data); strided sections fall back to an
// element-wise copy through the host copies. copy_async of storage-to-
// storage copies is asynchronous; copies that read or write host iterators
// finish before copy_async returns (the returned future is ready), because
// the iterators are not guaranteed to outlive the call.
#ifndef HC_DETAIL_COPY_HPP
#define HC_DETAIL_COPY_HPP

#include "hc/detail/array.hpp"
#include "hc/detail/array_view.hpp"

#include <algorithm>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

namespace hc {
namespace detail {

// Output iterators of copy(src, dest): anything but an array or an
// array_view (passed by value, those would be written as a copy; a const
// destination array must not match).
template <typename It> struct is_container : std::false_type {};
template <typename T, int N>
struct is_container<array<T, N>> : std::true_type {};
template <typename T, int N>
struct is_container<array_view<T, N>> : std::true_type {};
template <typename It>
using if_output_iterator =
    typename std::enable_if<!is_container<It>::value>::type;

template <int N>
void check_same_extent(const extent<N> &a, const extent<N> &b,
                       const char *what) {
  if (a != b)
    throw_runtime(std::string(what) + ": source and destination extents differ",
                  Kalmar::E_INVALIDARG_CODE);
}

// Visits every index of `ext` in row-major order.
template <int N, class F> void for_each_index(const extent<N> &ext, F f) {
  std::size_t n = ext.size_wide();
  if (n == 0)
    return;
  index<N> idx;
  for (std::size_t k = 0; k < n; ++k) {
    f(idx);
    for (int i = N - 1; i >= 0; --i) {
      if (++idx[i] < ext[i])
        break;
      idx[i] = 0;
    }
  }
}

template <typename S, typename D, int N>
async_ptr copy_view_to_view(const array_view<S, N> &src,
                            const array_view<D, N> &dst) {
  check_same_extent(src.get_extent(), dst.get_extent(), "copy");
  using T = typename std::remove_const<S>::type;
  static_assert(std::is_same<T, D>::value,
                "copy: source and destination element types differ");
  if (src.is_contiguous() && dst.is_contiguous())
    return storage::copy(*src.get_storage(), src.get_offset() * sizeof(T),
                         *dst.get_storage(), dst.get_offset() * sizeof(T),
                         src.get_extent().size_wide() * sizeof(T));
  for_each_index(src.get_extent(),
                 [&](const index<N> &idx) { dst[idx] = src[idx]; });
  return async_state::make_ready();
}

template <typename InputIt, typename T, int N>
void copy_iter_to_view(InputIt first, InputIt *last,
                       const array_view<T, N> &dst) {
  std::size_t n = dst.get_extent().size_wide();
  if (last) {
    // A reversed range (last before first) has a negative distance: it is
    // no range at all, not a huge one.
    auto available = std::distance(first, *last);
    if (available < 0)
      throw_runtime("copy: the source range ends before it begins",
                    Kalmar::E_INVALIDARG_CODE);
    if (static_cast<std::size_t>(available) < n)
      throw_runtime("copy: the source range is smaller than the destination",
                    Kalmar::E_INVALIDARG_CODE);
  }
  if (dst.is_contiguous()) {
    if (const T *direct = contiguous_source<T>(first)) {
      dst.get_storage()->write_from_host(dst.get_offset() * sizeof(T), direct,
                                         n * sizeof(T));
      return;
    }
    std::vector<T> staging;
    staging.reserve(n);
    for (std::size_t i = 0; i < n; ++i, ++first)
      staging.push_back(*first);
    dst.get_storage()->write_from_host(dst.get_offset() * sizeof(T),
                                       staging.data(), n * sizeof(T));
    return;
  }
  for_each_index(dst.get_extent(), [&](const index<N> &idx) {
    dst[idx] = *first;
    ++first;
  });
}

template <typename S, int N, typename OutputIt>
void copy_view_to_iter(const array_view<S, N> &src, OutputIt out) {
  using T = typename std::remove_const<S>::type;
  std::size_t n = src.get_extent().size_wide();
  if (src.is_contiguous()) {
    if constexpr (std::is_pointer<OutputIt>::value) {
      src.get_storage()->read_to_host(src.get_offset() * sizeof(T), &*out,
                                      n * sizeof(T));
      return;
    }
    std::vector<T> staging(n);
    src.get_storage()->read_to_host(src.get_offset() * sizeof(T),
                                    staging.data(), n * sizeof(T));
    std::copy(staging.begin(), staging.end(), out);
    return;
  }
  for_each_index(src.get_extent(), [&](const index<N> &idx) {
    *out = src[idx];
    ++out;
  });
}

template <typename T, int N>
array_view<const T, N> as_view(const array<T, N> &a) {
  return array_view<const T, N>(a);
}
template <typename T, int N> array_view<T, N> as_view(array<T, N> &a) {
  return array_view<T, N>(a);
}

} // namespace detail

// --- array / array_view to array / array_view ------------------------------

template <typename T, int N>
void copy(const array<T, N> &src, array<T, N> &dest) {
  detail::copy_view_to_view(detail::as_view(src), detail::as_view(dest))
      ->wait();
}
template <typename T, int N>
void copy(const array<T, N> &src, const array_view<T, N> &dest) {
  detail::copy_view_to_view(detail::as_view(src), dest)->wait();
}
template <typename T, int N>
void copy(const array_view<const T, N> &src, array<T, N> &dest) {
  detail::copy_view_to_view(src, detail::as_view(dest))->wait();
}
template <typename T, int N>
void copy(const array_view<T, N> &src, array<T, N> &dest) {
  detail::copy_view_to_view(src, detail::as_view(dest))->wait();
}
template <typename T, int N>
void copy(const array_view<const T, N> &src, const array_view<T, N> &dest) {
  detail::copy_view_to_view(src, dest)->wait();
}
template <typename T, int N>
void copy(const array_view<T, N> &src, const array_view<T, N> &dest) {
  detail::copy_view_to_view(src, dest)->wait();
}

template <typename T, int N>
completion_future copy_async(const array<T, N> &src, array<T, N> &dest) {
  return completion_future(
      detail::copy_view_to_view(detail::as_view(src), detail::as_view(dest)));
}
template <typename T, int N>
completion_future copy_async(const array<T, N> &src,
                             const array_view<T, N> &dest) {
  return completion_future(
      detail::copy_view_to_view(detail::as_view(src), dest));
}
template <typename T, int N>
completion_future copy_async(const array_view<const T, N> &src,
                             array<T, N> &dest) {
  return completion_future(
      detail::copy_view_to_view(src, detail::as_view(dest)));
}
template <typename T, int N>
completion_future copy_async(const array_view<T, N> &src, array<T, N> &dest) {
  return completion_future(
      detail::copy_view_to_view(src, detail::as_view(dest)));
}
template <typename T, int N>
completion_future copy_async(const array_view<const T, N> &src,
                             const array_view<T, N> &dest) {
  return completion_future(detail::copy_view_to_view(src, dest));
}
template <typename T, int N>
completion_future copy_async(const array_view<T, N> &src,
                             const array_view<T, N> &dest) {
  return completion_future(detail::copy_view_to_view(src, dest));
}

// --- host iterators to array / array_view ----------------------------------

template <typename InputIt, typename T, int N>
void copy(InputIt first, InputIt last, array<T, N> &dest) {
  detail::copy_iter_to_view(first, &last, detail::as_view(dest));
}
template <typename InputIt, typename T, int N>
void copy(InputIt first, array<T, N> &dest) {
  detail::copy_iter_to_view(first, static_cast<InputIt *>(nullptr),
                            detail::as_view(dest));
}
template <typename InputIt, typename T, int N>
void copy(InputIt first, InputIt last, const array_view<T, N> &dest) {
  detail::copy_iter_to_view(first, &last, dest);
}
template <typename InputIt, typename T, int N>
void copy(InputIt first, const array_view<T, N> &dest) {
  detail::copy_iter_to_view(first, static_cast<InputIt *>(nullptr), dest);
}

template <typename InputIt, typename T, int N>
completion_future copy_async(InputIt first, InputIt last, array<T, N> &dest) {
  copy(first, last, dest);
  return completion_future(detail::async_state::make_ready());
}
template <typename InputIt, typename T, int N>
completion_future copy_async(InputIt first, array<T, N> &dest) {
  copy(first, dest);
  return completion_future(detail::async_state::make_ready());
}
template <typename InputIt, typename T, int N>
completion_future copy_async(InputIt first, InputIt last,
                             const array_view<T, N> &dest) {
  copy(first, last, dest);
  return completion_future(detail::async_state::make_ready());
}
template <typename InputIt, typename T, int N>
completion_future copy_async(InputIt first, const array_view<T, N> &dest) {
  copy(first, dest);
  return completion_future(detail::async_state::make_ready());
}

// --- array / array_view to host iterators ----------------------------------

template <typename T, int N, typename OutputIt,
          typename = detail::if_output_iterator<OutputIt>>
void copy(const array<T, N> &src, OutputIt dest) {
  detail::copy_view_to_iter(detail::as_view(src), dest);
}
template <typename T, int N, typename OutputIt,
          typename = detail::if_output_iterator<OutputIt>>
void copy(const array_view<T, N> &src, OutputIt dest) {
  detail::copy_view_to_iter(src, dest);
}
template <typename T, int N, typename OutputIt,
          typename = detail::if_output_iterator<OutputIt>>
completion_future copy_async(const array<T, N> &src, OutputIt dest) {
  copy(src, dest);
  return completion_future(detail::async_state::make_ready());
}
template <typename T, int N, typename OutputIt,
          typename = detail::if_output_iterator<OutputIt>>
completion_future copy_async(const array_view<T, N> &src, OutputIt dest) {
  copy(src, dest);
  return completion_future(detail::async_state::make_ready());
}

// --- copy_to members ---------------------------------------------------------

template <typename T, int N> void array<T, N>::copy_to(array &dest) const {
  hc::copy(*this, dest);
}
template <typename T, int N>
void array<T, N>::copy_to(const array_view<T, N> &dest) const {
  hc::copy(*this, dest);
}
template <typename T, int N>
void array_view<T, N>::copy_to(const array_view<nc_value_type, N> &dest) const {
  detail::copy_view_to_view(*this, dest)->wait();
}
template <typename T, int N>
void array_view<T, N>::copy_to(array<nc_value_type, N> &dest) const {
  detail::copy_view_to_view(*this, detail::as_view(dest))->wait();
}

} // namespace hc

#endif // HC_DETAIL_COPY_HPP
