// Concurrency::graphics::copy and copy_async for textures and their views
// (C++ AMP 1.2): between a texture and raw host memory in the texture's
// format, host iterators of elements, or another texture; whole (the most
// detailed level) or a box (offset, extent). The runtime storage does the
// transfers: copies to and from the host wait for the kernels using the
// texture; texture-to-texture copies of whole textures of one format run
// on the accelerator.
//
// copy_async performs the copy and returns a ready completion_future.
#ifndef HC_DETAIL_AMP_GRAPHICS_TEXTURE_COPY_HPP
#define HC_DETAIL_AMP_GRAPHICS_TEXTURE_COPY_HPP

#include <hc/detail/amp_graphics/texture_view.hpp>

#include <cstring>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

namespace Concurrency {
namespace graphics {
namespace details {

template <class X> struct is_texture_object : std::false_type {};
template <class T, int N>
struct is_texture_object<texture<T, N>> : std::true_type {};
template <class T, int N>
struct is_texture_object<texture_view<T, N>> : std::true_type {};
template <class T, int N>
struct is_texture_object<writeonly_texture_view<T, N>> : std::true_type {};

// Output iterators: anything but a texture or a view.
template <class It>
using if_output = typename std::enable_if<
    !is_texture_object<typename std::decay<It>::type>::value>::type;

template <class T, int N> using data_of = hc::detail::texel::texture_data<T, N>;

// The level a host copy reads or writes: an object covering one level.
template <class T, int N> unsigned int single_level(const data_of<T, N> &t) {
  if (t.covered_levels() != 1)
    invalid_argument("copy: the texture has several mipmap levels; copy one "
                     "level through a texture_view of it");
  return t.first_level();
}

template <class T, int N> hc::extent<N> level_extent(const data_of<T, N> &t) {
  return t.get_shape().level_extent(single_level(t));
}

template <class T, int N>
void check_box(const data_of<T, N> &t, const hc::index<N> &offset,
               const hc::extent<N> &ext) {
  const hc::extent<N> whole = level_extent(t);
  for (int i = 0; i < N; ++i)
    if (offset[i] < 0 || ext[i] <= 0 || offset[i] + ext[i] > whole[i])
      invalid_argument("copy: the region is outside the texture");
}

// Calls f(byte offset of the row in the storage, row number) for each row
// (run along the last dimension) of the box.
template <class T, int N, class F>
void for_each_row(const data_of<T, N> &t, const hc::index<N> &offset,
                  const hc::extent<N> &ext, F f) {
  const unsigned int level = single_level(t);
  std::size_t rows = ext.size_wide() / static_cast<std::size_t>(ext[N - 1]);
  for (std::size_t r = 0; r < rows; ++r) {
    hc::index<N> idx = offset;
    if (N == 2)
      idx[0] += static_cast<int>(r);
    if (N == 3) {
      idx[0] += static_cast<int>(r / static_cast<std::size_t>(ext[1]));
      idx[1] += static_cast<int>(r % static_cast<std::size_t>(ext[1]));
    }
    f(t.get_shape().texel_offset(level, idx), r);
  }
}

// The box's texels, packed, into `out` (ext.size() texels).
template <class T, int N>
void read_box(const data_of<T, N> &t, const hc::index<N> &offset,
              const hc::extent<N> &ext, unsigned char *out) {
  check_box(t, offset, ext);
  const auto *base =
      static_cast<const unsigned char *>(hc::detail::texel::host_texels(
          t.get_storage(), hc::detail::access_mode::read));
  const std::size_t row =
      static_cast<std::size_t>(ext[N - 1]) * t.get_shape().texel;
  for_each_row(t, offset, ext, [&](std::size_t at, std::size_t r) {
    std::memcpy(out + r * row, base + at, row);
  });
}

template <class T, int N>
void write_box(const data_of<T, N> &t, const hc::index<N> &offset,
               const hc::extent<N> &ext, const unsigned char *in) {
  check_box(t, offset, ext);
  auto *base = static_cast<unsigned char *>(hc::detail::texel::host_texels(
      t.get_storage(), hc::detail::access_mode::read_write));
  const std::size_t row =
      static_cast<std::size_t>(ext[N - 1]) * t.get_shape().texel;
  for_each_row(t, offset, ext, [&](std::size_t at, std::size_t r) {
    std::memcpy(base + at, in + r * row, row);
  });
}

template <class T, int N>
std::size_t box_bytes(const data_of<T, N> &t, const hc::extent<N> &ext) {
  return ext.size_wide() * t.get_shape().texel;
}

template <class T, int N>
void to_host(const data_of<T, N> &src, const hc::index<N> &offset,
             const hc::extent<N> &ext, void *dst, unsigned int dst_byte_size) {
  if (!dst)
    invalid_argument("copy: the destination pointer is null");
  if (dst_byte_size < box_bytes(src, ext))
    invalid_argument(
        "copy: the destination holds " + std::to_string(dst_byte_size) +
        " bytes; the texels take " + std::to_string(box_bytes(src, ext)));
  read_box(src, offset, ext, static_cast<unsigned char *>(dst));
}

template <class T, int N>
void from_host(const void *src, unsigned int src_byte_size,
               const data_of<T, N> &dst, const hc::index<N> &offset,
               const hc::extent<N> &ext) {
  if (!src)
    invalid_argument("copy: the source pointer is null");
  if (src_byte_size < box_bytes(dst, ext))
    invalid_argument("copy: the source holds " + std::to_string(src_byte_size) +
                     " bytes; the texels take " +
                     std::to_string(box_bytes(dst, ext)));
  write_box(dst, offset, ext, static_cast<const unsigned char *>(src));
}

template <class It, class T, int N>
void from_iterators(It first, It last, const data_of<T, N> &dst,
                    const hc::index<N> &offset, const hc::extent<N> &ext) {
  const std::size_t n = ext.size_wide();
  if (static_cast<std::size_t>(std::distance(first, last)) < n)
    invalid_argument("copy: the source range is smaller than the region");
  const unsigned int texel = dst.get_shape().texel;
  std::vector<unsigned char> bytes(n * texel);
  for (std::size_t i = 0; i < n; ++i, ++first)
    hc::detail::texel::store<T>(bytes.data() + i * texel, dst.get_shape().bits,
                                static_cast<T>(*first));
  write_box(dst, offset, ext, bytes.data());
}

template <class T, int N, class OutIt>
void to_iterator(const data_of<T, N> &src, const hc::index<N> &offset,
                 const hc::extent<N> &ext, OutIt out) {
  const std::size_t n = ext.size_wide();
  const unsigned int texel = src.get_shape().texel;
  std::vector<unsigned char> bytes(n * texel);
  read_box(src, offset, ext, bytes.data());
  for (std::size_t i = 0; i < n; ++i, ++out)
    *out = hc::detail::texel::load<T>(bytes.data() + i * texel,
                                      src.get_shape().bits);
}

template <class T, int N>
void between(const data_of<T, N> &src, const hc::index<N> &src_offset,
             const data_of<T, N> &dst, const hc::index<N> &dst_offset,
             const hc::extent<N> &ext) {
  const auto &ss = src.get_shape();
  const auto &ds = dst.get_shape();
  std::vector<unsigned char> bytes(box_bytes(src, ext));
  read_box(src, src_offset, ext, bytes.data());
  if (ss.bits != ds.bits) { // the same values in the other format
    std::vector<unsigned char> other(box_bytes(dst, ext));
    for (std::size_t i = 0, n = ext.size_wide(); i < n; ++i)
      hc::detail::texel::store<T>(
          other.data() + i * ds.texel, ds.bits,
          hc::detail::texel::load<T>(bytes.data() + i * ss.texel, ss.bits));
    bytes.swap(other);
  }
  write_box(dst, dst_offset, ext, bytes.data());
}

// Whole objects: every level they cover when both have the same shape and
// format (one transfer, on the accelerator when both live there), else
// the one level each covers, of equal extents.
template <class T, int N>
void between(const data_of<T, N> &src, const data_of<T, N> &dst) {
  const auto &ss = src.get_shape();
  const auto &ds = dst.get_shape();
  bool same =
      ss.bits == ds.bits && src.covered_levels() == dst.covered_levels() &&
      ss.level_extent(src.first_level()) == ds.level_extent(dst.first_level());
  if (same) {
    std::size_t bytes = 0;
    for (unsigned int l = 0; l < src.covered_levels(); ++l)
      bytes += ss.level_bytes(src.first_level() + l);
    hc::detail::storage::copy(
        *src.get_storage(), ss.level_offset(src.first_level()),
        *dst.get_storage(), ds.level_offset(dst.first_level()), bytes)
        ->wait();
    return;
  }
  const hc::extent<N> ext = level_extent(src);
  if (!(ext == level_extent(dst)))
    invalid_argument("copy: the source and destination extents differ");
  between(src, hc::index<N>(), dst, hc::index<N>(), ext);
}

// The parameter types of the copies (the macros below name them).
template <class T, int N> using texture_in = const texture<T, N> &;
template <class T, int N> using view_in = const texture_view<T, N> &;
template <class T, int N>
using readonly_view_in = const texture_view<const T, N> &;
template <class T, int N> using texture_out = texture<T, N> &;
template <class T, int N> using view_out = const texture_view<T, N> &;
template <class T, int N>
using writeonly_out = const writeonly_texture_view<T, N> &;

inline completion_future done() {
  return completion_future(hc::detail::async_state::make_ready());
}

} // namespace details

// --- copies from a texture or a readable view --------------------------------
#define HC_TEXTURE_SOURCE_COPIES(SRC)                                          \
  template <class T, int N>                                                    \
  void copy(details::SRC<T, N> src, void *dst, unsigned int dst_byte_size) {   \
    details::to_host<T, N>(src, hc::index<N>(),                                \
                           details::level_extent<T, N>(src), dst,              \
                           dst_byte_size);                                     \
  }                                                                            \
  template <class T, int N>                                                    \
  void copy(details::SRC<T, N> src, const hc::index<N> &src_offset,            \
            const hc::extent<N> &copy_extent, void *dst,                       \
            unsigned int dst_byte_size) {                                      \
    details::to_host<T, N>(src, src_offset, copy_extent, dst, dst_byte_size);  \
  }                                                                            \
  template <class T, int N, class OutIt, class = details::if_output<OutIt>>    \
  void copy(details::SRC<T, N> src, OutIt dst) {                               \
    details::to_iterator<T, N>(src, hc::index<N>(),                            \
                               details::level_extent<T, N>(src), dst);         \
  }                                                                            \
  template <class T, int N, class OutIt, class = details::if_output<OutIt>>    \
  void copy(details::SRC<T, N> src, const hc::index<N> &src_offset,            \
            const hc::extent<N> &copy_extent, OutIt dst) {                     \
    details::to_iterator<T, N>(src, src_offset, copy_extent, dst);             \
  }                                                                            \
  template <class T, int N>                                                    \
  completion_future copy_async(details::SRC<T, N> src, void *dst,              \
                               unsigned int dst_byte_size) {                   \
    copy(src, dst, dst_byte_size);                                             \
    return details::done();                                                    \
  }                                                                            \
  template <class T, int N>                                                    \
  completion_future copy_async(details::SRC<T, N> src,                         \
                               const hc::index<N> &src_offset,                 \
                               const hc::extent<N> &copy_extent, void *dst,    \
                               unsigned int dst_byte_size) {                   \
    copy(src, src_offset, copy_extent, dst, dst_byte_size);                    \
    return details::done();                                                    \
  }                                                                            \
  template <class T, int N, class OutIt, class = details::if_output<OutIt>>    \
  completion_future copy_async(details::SRC<T, N> src, OutIt dst) {            \
    copy(src, dst);                                                            \
    return details::done();                                                    \
  }                                                                            \
  template <class T, int N, class OutIt, class = details::if_output<OutIt>>    \
  completion_future copy_async(details::SRC<T, N> src,                         \
                               const hc::index<N> &src_offset,                 \
                               const hc::extent<N> &copy_extent, OutIt dst) {  \
    copy(src, src_offset, copy_extent, dst);                                   \
    return details::done();                                                    \
  }

// --- copies into a texture or a writable view --------------------------------
#define HC_TEXTURE_DEST_COPIES(DST)                                            \
  template <class T, int N>                                                    \
  void copy(const void *src, unsigned int src_byte_size,                       \
            details::DST<T, N> dst) {                                          \
    details::from_host<T, N>(src, src_byte_size, dst, hc::index<N>(),          \
                             details::level_extent<T, N>(dst));                \
  }                                                                            \
  template <class T, int N>                                                    \
  void copy(const void *src, unsigned int src_byte_size,                       \
            details::DST<T, N> dst, const hc::index<N> &dst_offset,            \
            const hc::extent<N> &copy_extent) {                                \
    details::from_host<T, N>(src, src_byte_size, dst, dst_offset,              \
                             copy_extent);                                     \
  }                                                                            \
  template <class It, class T, int N, class = details::if_iterator<It>>        \
  void copy(It first, It last, details::DST<T, N> dst) {                       \
    details::from_iterators<It, T, N>(first, last, dst, hc::index<N>(),        \
                                      details::level_extent<T, N>(dst));       \
  }                                                                            \
  template <class It, class T, int N, class = details::if_iterator<It>>        \
  void copy(It first, It last, details::DST<T, N> dst,                         \
            const hc::index<N> &dst_offset,                                    \
            const hc::extent<N> &copy_extent) {                                \
    details::from_iterators<It, T, N>(first, last, dst, dst_offset,            \
                                      copy_extent);                            \
  }                                                                            \
  template <class T, int N>                                                    \
  completion_future copy_async(const void *src, unsigned int src_byte_size,    \
                               details::DST<T, N> dst) {                       \
    copy(src, src_byte_size, dst);                                             \
    return details::done();                                                    \
  }                                                                            \
  template <class T, int N>                                                    \
  completion_future copy_async(                                                \
      const void *src, unsigned int src_byte_size, details::DST<T, N> dst,     \
      const hc::index<N> &dst_offset, const hc::extent<N> &copy_extent) {      \
    copy(src, src_byte_size, dst, dst_offset, copy_extent);                    \
    return details::done();                                                    \
  }                                                                            \
  template <class It, class T, int N, class = details::if_iterator<It>>        \
  completion_future copy_async(It first, It last, details::DST<T, N> dst) {    \
    copy(first, last, dst);                                                    \
    return details::done();                                                    \
  }                                                                            \
  template <class It, class T, int N, class = details::if_iterator<It>>        \
  completion_future copy_async(It first, It last, details::DST<T, N> dst,      \
                               const hc::index<N> &dst_offset,                 \
                               const hc::extent<N> &copy_extent) {             \
    copy(first, last, dst, dst_offset, copy_extent);                           \
    return details::done();                                                    \
  }

// --- texture to texture
// --------------------------------------------------------
#define HC_TEXTURE_PAIR_COPIES(SRC, DST)                                       \
  template <class T, int N>                                                    \
  void copy(details::SRC<T, N> src, details::DST<T, N> dst) {                  \
    details::between<T, N>(src, dst);                                          \
  }                                                                            \
  template <class T, int N>                                                    \
  void copy(details::SRC<T, N> src, const hc::index<N> &src_offset,            \
            details::DST<T, N> dst, const hc::index<N> &dst_offset,            \
            const hc::extent<N> &copy_extent) {                                \
    details::between<T, N>(src, src_offset, dst, dst_offset, copy_extent);     \
  }                                                                            \
  template <class T, int N>                                                    \
  completion_future copy_async(details::SRC<T, N> src,                         \
                               details::DST<T, N> dst) {                       \
    copy(src, dst);                                                            \
    return details::done();                                                    \
  }                                                                            \
  template <class T, int N>                                                    \
  completion_future copy_async(                                                \
      details::SRC<T, N> src, const hc::index<N> &src_offset,                  \
      details::DST<T, N> dst, const hc::index<N> &dst_offset,                  \
      const hc::extent<N> &copy_extent) {                                      \
    copy(src, src_offset, dst, dst_offset, copy_extent);                       \
    return details::done();                                                    \
  }

#define HC_TEXTURE_PAIRS_FROM(SRC)                                             \
  HC_TEXTURE_PAIR_COPIES(SRC, texture_out)                                     \
  HC_TEXTURE_PAIR_COPIES(SRC, view_out)                                        \
  HC_TEXTURE_PAIR_COPIES(SRC, writeonly_out)

HC_TEXTURE_SOURCE_COPIES(texture_in)
HC_TEXTURE_SOURCE_COPIES(view_in)
HC_TEXTURE_SOURCE_COPIES(readonly_view_in)
HC_TEXTURE_DEST_COPIES(texture_out)
HC_TEXTURE_DEST_COPIES(view_out)
HC_TEXTURE_DEST_COPIES(writeonly_out)
HC_TEXTURE_PAIRS_FROM(texture_in)
HC_TEXTURE_PAIRS_FROM(view_in)
HC_TEXTURE_PAIRS_FROM(readonly_view_in)
#undef HC_TEXTURE_PAIRS_FROM
#undef HC_TEXTURE_PAIR_COPIES
#undef HC_TEXTURE_DEST_COPIES
#undef HC_TEXTURE_SOURCE_COPIES

// --- members that need the views ---------------------------------------------
template <class T, int N> void texture<T, N>::copy_to(texture &dest) const {
  graphics::copy(*this, dest);
}
template <class T, int N>
void texture<T, N>::copy_to(const writeonly_texture_view<T, N> &dest) const {
  graphics::copy(*this, dest);
}
template <class T, int N>
void texture<T, N>::copy_to(const texture_view<T, N> &dest) const {
  graphics::copy(*this, dest);
}

template <class T, int N>
texture<T, N>::texture(const texture_view<T, N> &src)
    : texture(src, src.get_accelerator_view()) {}
template <class T, int N>
texture<T, N>::texture(const texture_view<T, N> &src, const av_type &av) {
  create(src.get_shape().level_extent(src.first_level()), src.get_shape().bits,
         1, av, nullptr);
  details::between<T, N>(src, *this);
}
template <class T, int N>
texture<T, N>::texture(const texture_view<T, N> &src, const av_type &av,
                       const av_type &associated_av) {
  create(src.get_shape().level_extent(src.first_level()), src.get_shape().bits,
         1, av, &associated_av);
  details::between<T, N>(src, *this);
}
template <class T, int N>
texture<T, N>::texture(const texture_view<const T, N> &src)
    : texture(src, src.get_accelerator_view()) {}
template <class T, int N>
texture<T, N>::texture(const texture_view<const T, N> &src, const av_type &av) {
  create(src.get_shape().level_extent(src.first_level()), src.get_shape().bits,
         src.covered_levels(), av, nullptr);
  details::between<T, N>(src, *this);
}
template <class T, int N>
texture<T, N>::texture(const texture_view<const T, N> &src, const av_type &av,
                       const av_type &associated_av) {
  create(src.get_shape().level_extent(src.first_level()), src.get_shape().bits,
         src.covered_levels(), av, &associated_av);
  details::between<T, N>(src, *this);
}

} // namespace graphics
} // namespace Concurrency

#endif // HC_DETAIL_AMP_GRAPHICS_TEXTURE_COPY_HPP
