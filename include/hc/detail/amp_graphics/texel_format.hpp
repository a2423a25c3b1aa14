// Texel formats of C++ AMP textures (<amp_graphics.h>): which element types
// a texture may hold, how many bits each scalar takes in memory, and the
// conversion between an element value and its bytes.
//
// A texture<T, N> keeps its texels in their format, packed (what data(),
// get_row_pitch() and copies to and from raw memory expose), as Direct3D
// stores them:
//   int, unsigned int     8, 16 or 32 bits; a narrower format saturates
//   float                 16 (IEEE half) or 32 bits
//   norm, unorm           8 or 16 bits (SNORM / UNORM: v * 127, v * 255 ...);
//                         32 bits: the float itself (an extension: Direct3D
//                         has no 32-bit normalised formats)
//   double                64 bits
// T is one of those scalars or a short vector of 2 or 4 of them (double: 1
// or 2 components, at most 128 bits a texel).
#ifndef HC_DETAIL_AMP_GRAPHICS_TEXEL_FORMAT_HPP
#define HC_DETAIL_AMP_GRAPHICS_TEXEL_FORMAT_HPP

#include <hc/detail/config.hpp>
#include <hc_short_vector.hpp>

#include <type_traits>

namespace hc {
namespace detail {
namespace texel {

using hc::short_vector::norm;
using hc::short_vector::unorm;

enum class scalar_kind { sint, uint, floating, snorm, unorm, float64, none };

template <class S> struct scalar_info {
  static constexpr scalar_kind kind = scalar_kind::none;
};
template <> struct scalar_info<int> {
  static constexpr scalar_kind kind = scalar_kind::sint;
};
template <> struct scalar_info<unsigned int> {
  static constexpr scalar_kind kind = scalar_kind::uint;
};
template <> struct scalar_info<float> {
  static constexpr scalar_kind kind = scalar_kind::floating;
};
template <> struct scalar_info<norm> {
  static constexpr scalar_kind kind = scalar_kind::snorm;
};
template <> struct scalar_info<unorm> {
  static constexpr scalar_kind kind = scalar_kind::unorm;
};
template <> struct scalar_info<double> {
  static constexpr scalar_kind kind = scalar_kind::float64;
};

// The scalar type and component count of an element type: a scalar is
// one component of itself; hc's short vectors (int_2, unorm_4, ...) name
// theirs.
template <class T> struct element_info {
  using scalar_type = T;
  static constexpr int components = 1;
};
template <class S, unsigned int K>
struct element_info<hc::short_vector::detail::vector<S, K>> {
  using scalar_type = S;
  static constexpr int components = static_cast<int>(K);
};

template <class T> struct is_texture_element {
  using info = element_info<T>;
  static constexpr scalar_kind kind =
      scalar_info<typename info::scalar_type>::kind;
  static constexpr bool value =
      kind != scalar_kind::none &&
      (kind == scalar_kind::float64
           ? (info::components == 1 || info::components == 2)
           : (info::components == 1 || info::components == 2 ||
              info::components == 4));
};

// Textures that sample() filters: those of floating-point based elements.
template <class T> struct is_filterable {
  static constexpr scalar_kind kind =
      scalar_info<typename element_info<T>::scalar_type>::kind;
  static constexpr bool value = kind == scalar_kind::floating ||
                                kind == scalar_kind::snorm ||
                                kind == scalar_kind::unorm;
};

// Bits per scalar of a texture created without saying: 32, 64 for double.
template <class T> constexpr unsigned int default_bits() {
  return scalar_info<typename element_info<T>::scalar_type>::kind ==
                 scalar_kind::float64
             ? 64u
             : 32u;
}

// Whether a scalar of `kind` may take `bits` bits in memory.
constexpr bool bits_supported(scalar_kind kind, unsigned int bits) {
  switch (kind) {
  case scalar_kind::sint:
  case scalar_kind::uint:
  case scalar_kind::snorm:
  case scalar_kind::unorm:
    return bits == 8 || bits == 16 || bits == 32;
  case scalar_kind::floating:
    return bits == 16 || bits == 32;
  case scalar_kind::float64:
    return bits == 64;
  default:
    return false;
  }
}

// --- scalar conversions ---------------------------------------------------

// IEEE binary16 <-> binary32, rounding to nearest even (the host and every
// GPU agree, so texture bytes are the same whoever wrote them).
HC_INLINE unsigned short float_to_half(float f) {
  unsigned int x = __builtin_bit_cast(unsigned int, f);
  unsigned int sign = (x >> 16) & 0x8000u;
  unsigned int exp = (x >> 23) & 0xffu;
  unsigned int mant = x & 0x7fffffu;
  if (exp == 0xffu) // infinity or NaN (NaN keeps a mantissa bit)
    return static_cast<unsigned short>(sign | 0x7c00u |
                                       (mant ? 0x200u | (mant >> 13) : 0u));
  int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 0x1f) // too large: infinity
    return static_cast<unsigned short>(sign | 0x7c00u);
  if (e <= 0) { // subnormal half, or zero
    if (e < -10)
      return static_cast<unsigned short>(sign);
    mant |= 0x800000u;
    unsigned int shift = static_cast<unsigned int>(14 - e);
    unsigned int half_mant = mant >> shift;
    unsigned int rest = mant & ((1u << shift) - 1u);
    unsigned int halfway = 1u << (shift - 1u);
    if (rest > halfway || (rest == halfway && (half_mant & 1u)))
      ++half_mant;
    return static_cast<unsigned short>(sign | half_mant);
  }
  unsigned int half =
      sign | (static_cast<unsigned int>(e) << 10) | (mant >> 13);
  unsigned int rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (half & 1u)))
    ++half; // may carry into the exponent: still correct (up to infinity)
  return static_cast<unsigned short>(half);
}

HC_INLINE float half_to_float(unsigned short h) {
  unsigned int sign = (static_cast<unsigned int>(h) & 0x8000u) << 16;
  unsigned int exp = (h >> 10) & 0x1fu;
  unsigned int mant = h & 0x3ffu;
  unsigned int x;
  if (exp == 0x1fu) {
    x = sign | 0x7f800000u | (mant << 13);
  } else if (exp != 0) {
    x = sign | ((exp - 15u + 127u) << 23) | (mant << 13);
  } else if (mant == 0) {
    x = sign;
  } else { // subnormal: normalise
    int e = -1;
    do {
      ++e;
      mant <<= 1;
    } while (!(mant & 0x400u));
    x = sign | (static_cast<unsigned int>(127 - 15 - e) << 23) |
        ((mant & 0x3ffu) << 13);
  }
  return __builtin_bit_cast(float, x);
}

// Round half away from zero without the math library (device code).
HC_INLINE int round_to_int(float v) {
  return v >= 0.0f ? static_cast<int>(v + 0.5f) : -static_cast<int>(-v + 0.5f);
}

template <class I> HC_INLINE I load_raw(const unsigned char *p) {
  I v;
  __builtin_memcpy(&v, p, sizeof v);
  return v;
}
template <class I> HC_INLINE void store_raw(unsigned char *p, I v) {
  __builtin_memcpy(p, &v, sizeof v);
}

// One scalar of kind S from `bits` bits at p.
template <class S>
HC_INLINE S load_scalar(const unsigned char *p, unsigned int bits) {
  constexpr scalar_kind kind = scalar_info<S>::kind;
  if constexpr (kind == scalar_kind::sint) {
    if (bits == 8)
      return load_raw<signed char>(p);
    if (bits == 16)
      return load_raw<short>(p);
    return load_raw<int>(p);
  } else if constexpr (kind == scalar_kind::uint) {
    if (bits == 8)
      return load_raw<unsigned char>(p);
    if (bits == 16)
      return load_raw<unsigned short>(p);
    return load_raw<unsigned int>(p);
  } else if constexpr (kind == scalar_kind::floating) {
    if (bits == 16)
      return half_to_float(load_raw<unsigned short>(p));
    return load_raw<float>(p);
  } else if constexpr (kind == scalar_kind::snorm) {
    // Both the most negative code and the next one mean -1.
    if (bits == 8) {
      float v = load_raw<signed char>(p) / 127.0f;
      return S(v < -1.0f ? -1.0f : v);
    }
    if (bits == 16) {
      float v = load_raw<short>(p) / 32767.0f;
      return S(v < -1.0f ? -1.0f : v);
    }
    return S(load_raw<float>(p));
  } else if constexpr (kind == scalar_kind::unorm) {
    if (bits == 8)
      return S(load_raw<unsigned char>(p) / 255.0f);
    if (bits == 16)
      return S(load_raw<unsigned short>(p) / 65535.0f);
    return S(load_raw<float>(p));
  } else {
    (void)bits;
    return load_raw<double>(p);
  }
}

// Stores one scalar in `bits` bits at p; integers saturate to the format.
template <class S>
HC_INLINE void store_scalar(unsigned char *p, unsigned int bits, S v) {
  constexpr scalar_kind kind = scalar_info<S>::kind;
  if constexpr (kind == scalar_kind::sint) {
    if (bits == 8)
      store_raw<signed char>(
          p, static_cast<signed char>(v < -128 ? -128 : (v > 127 ? 127 : v)));
    else if (bits == 16)
      store_raw<short>(
          p, static_cast<short>(v < -32768 ? -32768 : (v > 32767 ? 32767 : v)));
    else
      store_raw<int>(p, v);
  } else if constexpr (kind == scalar_kind::uint) {
    if (bits == 8)
      store_raw<unsigned char>(p,
                               static_cast<unsigned char>(v > 255u ? 255u : v));
    else if (bits == 16)
      store_raw<unsigned short>(
          p, static_cast<unsigned short>(v > 65535u ? 65535u : v));
    else
      store_raw<unsigned int>(p, v);
  } else if constexpr (kind == scalar_kind::floating) {
    if (bits == 16)
      store_raw<unsigned short>(p, float_to_half(v));
    else
      store_raw<float>(p, v);
  } else if constexpr (kind == scalar_kind::snorm) {
    float f = static_cast<float>(v); // already in [-1, 1]
    if (bits == 8)
      store_raw<signed char>(
          p, static_cast<signed char>(round_to_int(f * 127.0f)));
    else if (bits == 16)
      store_raw<short>(p, static_cast<short>(round_to_int(f * 32767.0f)));
    else
      store_raw<float>(p, f);
  } else if constexpr (kind == scalar_kind::unorm) {
    float f = static_cast<float>(v); // already in [0, 1]
    if (bits == 8)
      store_raw<unsigned char>(
          p, static_cast<unsigned char>(round_to_int(f * 255.0f)));
    else if (bits == 16)
      store_raw<unsigned short>(
          p, static_cast<unsigned short>(round_to_int(f * 65535.0f)));
    else
      store_raw<float>(p, f);
  } else {
    (void)bits;
    store_raw<double>(p, v);
  }
}

// --- elements -------------------------------------------------------------

template <class T>
HC_INLINE typename element_info<T>::scalar_type component(const T &v, int i) {
  if constexpr (element_info<T>::components == 1) {
    (void)i;
    return v;
  } else {
    return v.ar[i];
  }
}
template <class T>
HC_INLINE void set_component(T &v, int i,
                             const typename element_info<T>::scalar_type &s) {
  if constexpr (element_info<T>::components == 1) {
    (void)i;
    v = s;
  } else {
    v.ar[i] = s;
  }
}

// Bytes of one texel.
template <class T> HC_INLINE unsigned int texel_bytes(unsigned int bits) {
  return static_cast<unsigned int>(element_info<T>::components) * bits / 8u;
}

template <class T> HC_INLINE T load(const unsigned char *p, unsigned int bits) {
  using S = typename element_info<T>::scalar_type;
  T v{};
  for (int i = 0; i < element_info<T>::components; ++i)
    set_component(v, i, load_scalar<S>(p + i * (bits / 8u), bits));
  return v;
}
template <class T>
HC_INLINE void store(unsigned char *p, unsigned int bits, const T &v) {
  using S = typename element_info<T>::scalar_type;
  for (int i = 0; i < element_info<T>::components; ++i)
    store_scalar<S>(p + i * (bits / 8u), bits, component(v, i));
}

// An element's components as floats (filtering), and back.
template <class T> HC_INLINE void to_floats(const T &v, float out[4]) {
  for (int i = 0; i < element_info<T>::components; ++i)
    out[i] = static_cast<float>(component(v, i));
}
template <class T> HC_INLINE T from_floats(const float in[4]) {
  using S = typename element_info<T>::scalar_type;
  T v{};
  for (int i = 0; i < element_info<T>::components; ++i)
    set_component(v, i, S(in[i]));
  return v;
}

} // namespace texel
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_AMP_GRAPHICS_TEXEL_FORMAT_HPP
