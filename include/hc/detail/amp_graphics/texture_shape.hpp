// Where a texel of a C++ AMP texture lives in its storage.
//
// A texture of extent E with L mipmap levels keeps level 0 (E), then
// level 1 (every dimension halved, at least 1), ... one after another in
// one block of storage, each level row-major (the last index varies
// fastest) and tightly packed: the row pitch of a level is its width in
// texels times the texel's bytes. The same numbers describe the texture
// on the host and in kernels, so the shape is a plain value copied into
// textures and their views.
#ifndef HC_DETAIL_AMP_GRAPHICS_TEXTURE_SHAPE_HPP
#define HC_DETAIL_AMP_GRAPHICS_TEXTURE_SHAPE_HPP

#include <hc/detail/config.hpp>
#include <hc/detail/index.hpp>

#include <cstddef>

namespace hc {
namespace detail {
namespace texel {

// The number of levels of a full mipmap chain: down to 1 x 1 x 1.
template <int N> HC_INLINE unsigned int full_mip_chain(const extent<N> &e) {
  int largest = 1;
  for (int i = 0; i < N; ++i)
    largest = e[i] > largest ? e[i] : largest;
  unsigned int levels = 1;
  while (largest > 1) {
    largest >>= 1;
    ++levels;
  }
  return levels;
}

template <int N> struct texture_shape {
  extent<N> base;          // level 0
  unsigned int bits = 32;  // per scalar
  unsigned int texel = 4;  // bytes per texel
  unsigned int levels = 1; // mipmap levels

  HC_INLINE extent<N> level_extent(unsigned int level) const {
    extent<N> e = base;
    for (int i = 0; i < N; ++i) {
      int v = e[i] >> level;
      e[i] = v > 0 ? v : 1;
    }
    return e;
  }
  HC_INLINE std::size_t level_bytes(unsigned int level) const {
    return level_extent(level).size_wide() * texel;
  }
  // Byte offset of level `level` in the storage.
  HC_INLINE std::size_t level_offset(unsigned int level) const {
    std::size_t off = 0;
    for (unsigned int l = 0; l < level; ++l)
      off += level_bytes(l);
    return off;
  }
  HC_INLINE std::size_t total_bytes() const { return level_offset(levels); }
  // Byte offset of texel `idx` of level `level`.
  HC_INLINE std::size_t texel_offset(unsigned int level,
                                     const index<N> &idx) const {
    return level_offset(level) + linearize(idx, level_extent(level)) *
                                     static_cast<std::size_t>(texel);
  }
  // Bytes between rows, and between 2-D slices, of level `level`.
  HC_INLINE std::size_t row_pitch(unsigned int level) const {
    return static_cast<std::size_t>(level_extent(level)[N - 1]) * texel;
  }
  HC_INLINE std::size_t depth_pitch(unsigned int level) const {
    extent<N> e = level_extent(level);
    return N >= 2 ? static_cast<std::size_t>(e[N - 2]) * e[N - 1] * texel
                  : static_cast<std::size_t>(e[0]) * texel;
  }
};

} // namespace texel
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_AMP_GRAPHICS_TEXTURE_SHAPE_HPP
