// C++ AMP 1.2's sampler (Concurrency::graphics) and the texture filtering
// that texture_view<const T, N>::sample() and gather_*() perform.
//
// Filtering is computed by the kernel itself, in software, the same on
// every backend, with Direct3D's conventions: normalised coordinates
// (0 to 1 across a dimension; the x component runs along the last index,
// y the one before, z the first of a 3-D texture), texel centres at
// (i + 0.5) / width, linear filtering over the 2, 4 or 8 nearest texels
// (and between the two nearest mipmap levels), point filtering taking the
// texel the coordinate falls in (and the nearest level).
#ifndef HC_DETAIL_AMP_GRAPHICS_SAMPLER_HPP
#define HC_DETAIL_AMP_GRAPHICS_SAMPLER_HPP

#include <hc/detail/amp_graphics/texel_format.hpp>
#include <hc/detail/amp_graphics/texture_shape.hpp>
#include <hc/detail/data_access.hpp>
#include <hc_short_vector.hpp>

namespace Concurrency {
namespace graphics {

// Direct3D's values (D3D11_FILTER / D3D11_TEXTURE_ADDRESS_MODE).
enum filter_mode {
  filter_point = 0,
  filter_linear = 0x15,
  filter_unknown = 0xFFFFFFFF
};

enum address_mode {
  address_wrap = 1,
  address_mirror = 2,
  address_clamp = 3,
  address_border = 4,
  address_unknown = 0xFFFFFFFF
};

// How sample() and gather_*() read a texture: the filter, what
// coordinates outside [0, 1] mean, and the colour of the border
// (address_border). A value: copy it into kernels.
class sampler {
  using float_4 = hc::short_vector::float_4;

public:
  // filter_linear, address_clamp, a transparent black border.
  sampler() : sampler(filter_linear, address_clamp) {}
  explicit sampler(graphics::filter_mode filter)
      : sampler(filter, address_clamp) {}
  explicit sampler(graphics::address_mode address,
                   float_4 border = float_4(0.0f, 0.0f, 0.0f, 0.0f))
      : sampler(filter_linear, address, border) {}
  sampler(graphics::filter_mode filter, graphics::address_mode address,
          float_4 border = float_4(0.0f, 0.0f, 0.0f, 0.0f))
      : filter_(filter), address_(address), border_(border) {
    hc::detail::host_check(filter == filter_point || filter == filter_linear,
                           "sampler: the filter mode must be filter_point or "
                           "filter_linear");
    hc::detail::host_check(
        address == address_wrap || address == address_mirror ||
            address == address_clamp || address == address_border,
        "sampler: the address mode must be address_wrap, "
        "address_mirror, address_clamp or address_border");
  }
  sampler(const sampler &) = default;
  sampler(sampler &&) = default;
  sampler &operator=(const sampler &) = default;
  sampler &operator=(sampler &&) = default;

  graphics::filter_mode get_filter_mode() const { return filter_; }
  graphics::address_mode get_address_mode() const { return address_; }
  float_4 get_border_color() const { return border_; }

private:
  graphics::filter_mode filter_;
  graphics::address_mode address_;
  float_4 border_;

public:
  HC_PROPERTY(graphics::filter_mode, filter_mode, get_filter_mode)
  HC_PROPERTY(graphics::address_mode, address_mode, get_address_mode)
  HC_PROPERTY(float_4, border_color, get_border_color)
};

} // namespace graphics
} // namespace Concurrency

namespace hc {
namespace detail {
namespace texel {

// The coordinates a rank-N texture is sampled at: float, float_2, float_3.
template <int N> struct coordinates;
template <> struct coordinates<1> { using type = float; };
template <> struct coordinates<2> { using type = hc::short_vector::float_2; };
template <> struct coordinates<3> { using type = hc::short_vector::float_3; };

// Coordinate component along index dimension d (x is the last dimension).
template <int N>
HC_INLINE float coordinate_along(const typename coordinates<N>::type &c,
                                 int d) {
  if constexpr (N == 1) {
    (void)d;
    return c;
  } else {
    return c.ar[N - 1 - d];
  }
}

// The texel position i of a dimension of `size` texels as the address mode
// maps it; false when it falls on the border.
HC_INLINE bool address(Concurrency::graphics::address_mode mode, int size,
                       int &i) {
  using namespace Concurrency::graphics;
  switch (mode) {
  case address_wrap:
    i %= size;
    if (i < 0)
      i += size;
    return true;
  case address_mirror: {
    int period = 2 * size;
    int m = i % period;
    if (m < 0)
      m += period;
    i = m < size ? m : period - 1 - m;
    return true;
  }
  case address_border:
    return i >= 0 && i < size;
  default: // clamp
    i = i < 0 ? 0 : (i >= size ? size - 1 : i);
    return true;
  }
}

// A texel of a texture as floats (its components; the border colour's
// where the address mode says border).
template <class T, int N, class Fetch>
HC_INLINE void texel_or_border(const Fetch &fetch, unsigned int level,
                               const extent<N> &size, index<N> idx,
                               Concurrency::graphics::address_mode mode,
                               const float border[4], float out[4]) {
  bool inside = true;
  for (int d = 0; d < N; ++d)
    inside = address(mode, size[d], idx[d]) && inside;
  if (!inside) {
    for (int c = 0; c < 4; ++c)
      out[c] = border[c];
    return;
  }
  to_floats<T>(fetch(level, idx), out);
}

// Filters one mipmap level at `coord` (normalised).
template <class T, int N, class Fetch>
HC_INLINE void
filter_level(const Fetch &fetch, unsigned int level, const extent<N> &size,
             const typename coordinates<N>::type &coord, bool linear,
             Concurrency::graphics::address_mode mode, const float border[4],
             float out[4]) {
  for (int c = 0; c < 4; ++c)
    out[c] = 0.0f;
  int first[N];
  float frac[N];
  for (int d = 0; d < N; ++d) {
    float t = coordinate_along<N>(coord, d) * static_cast<float>(size[d]);
    if (linear)
      t -= 0.5f;
    float f = __builtin_floorf(t);
    first[d] = static_cast<int>(f);
    frac[d] = linear ? t - f : 0.0f;
  }
  const int corners = linear ? (1 << N) : 1;
  for (int corner = 0; corner < corners; ++corner) {
    index<N> idx;
    float weight = 1.0f;
    for (int d = 0; d < N; ++d) {
      int step = (corner >> d) & 1;
      idx[d] = first[d] + step;
      weight *= step ? frac[d] : 1.0f - frac[d];
    }
    if (linear && weight == 0.0f)
      continue;
    float value[4] = {0.0f, 0.0f, 0.0f, 0.0f};
    texel_or_border<T, N>(fetch, level, size, idx, mode, border, value);
    for (int c = 0; c < 4; ++c)
      out[c] += weight * value[c];
  }
}

// sample(): `levels` levels from `first_level` of `shape`, level of
// detail `lod` counted from the first.
template <class T, int N, class Fetch>
HC_INLINE T sample(const Fetch &fetch, const texture_shape<N> &shape,
                   unsigned int first_level, unsigned int levels,
                   const Concurrency::graphics::sampler &s,
                   const typename coordinates<N>::type &coord, float lod) {
  const bool linear =
      s.get_filter_mode() == Concurrency::graphics::filter_linear;
  hc::short_vector::float_4 b = s.get_border_color();
  const float border[4] = {b.ar[0], b.ar[1], b.ar[2], b.ar[3]};
  const float last = static_cast<float>(levels - 1);
  float l = lod < 0.0f ? 0.0f : (lod > last ? last : lod);
  unsigned int lo, hi;
  float between = 0.0f;
  if (linear) {
    float f = __builtin_floorf(l);
    lo = static_cast<unsigned int>(f);
    hi = lo + 1 < levels ? lo + 1 : lo;
    between = l - f;
  } else {
    lo = hi = static_cast<unsigned int>(__builtin_floorf(l + 0.5f));
  }
  float a[4], c[4];
  unsigned int level = first_level + lo;
  filter_level<T, N>(fetch, level, shape.level_extent(level), coord, linear,
                     s.get_address_mode(), border, a);
  if (hi != lo && between > 0.0f) {
    level = first_level + hi;
    filter_level<T, N>(fetch, level, shape.level_extent(level), coord, linear,
                       s.get_address_mode(), border, c);
    for (int i = 0; i < 4; ++i)
      a[i] += between * (c[i] - a[i]);
  }
  return from_floats<T>(a);
}

// gather_red/green/blue/alpha(): component `which` of the 2 x 2
// texels bilinear filtering at `coord` would weigh, as Direct3D orders
// them: (left, below), (right, below), (right, above), (left, above),
// "below" being the next row.
template <class R, class T, class Fetch>
HC_INLINE R gather(const Fetch &fetch, const texture_shape<2> &shape,
                   unsigned int level, const Concurrency::graphics::sampler &s,
                   const hc::short_vector::float_2 &coord, int which) {
  using S = typename element_info<T>::scalar_type;
  const extent<2> size = shape.level_extent(level);
  hc::short_vector::float_4 b = s.get_border_color();
  const float border[4] = {b.ar[0], b.ar[1], b.ar[2], b.ar[3]};
  int first[2];
  for (int d = 0; d < 2; ++d) {
    float t =
        coordinate_along<2>(coord, d) * static_cast<float>(size[d]) - 0.5f;
    first[d] = static_cast<int>(__builtin_floorf(t));
  }
  // (row step, column step) of x, y, z, w.
  const int steps[4][2] = {{1, 0}, {1, 1}, {0, 1}, {0, 0}};
  R r;
  for (int k = 0; k < 4; ++k) {
    index<2> idx(first[0] + steps[k][0], first[1] + steps[k][1]);
    bool inside = address(s.get_address_mode(), size[0], idx[0]);
    inside = address(s.get_address_mode(), size[1], idx[1]) && inside;
    if (which >= element_info<T>::components) // missing: 0, alpha 1
      r.ar[k] = S(which == 3 ? 1.0f : 0.0f);
    else
      r.ar[k] = inside ? component(fetch(level, idx), which) : S(border[which]);
  }
  return r;
}

} // namespace texel
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_AMP_GRAPHICS_SAMPLER_HPP
