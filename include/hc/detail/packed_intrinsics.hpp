// hcc's packed-data and multimedia intrinsics (HSA PRM 5.9 and 5.15 names):
// 32- and 64-bit values used as vectors of 8-, 16- or 32-bit elements,
// element 0 in the lowest bits. Included by hc/detail/wavefront.hpp; see
// docs/wavefront.md.
//
//   __unpacklo_* / __unpackhi_*  interleave the low / high half of the
//                                elements of src0 and src1 (src0's first)
//   __pack_*                     src0 with element src2 replaced by src1
//   __unpack_*                   element src1 of src0, zero- or
//                                sign-extended
//   __bitalign_b32               32 bits of (src1:src0) from bit src2 % 32
//   __bytealign_b32              the same from byte src2 % 4
//   __lerp_u8x4                  per byte: (src0 + src1 + (src2 & 1)) / 2
//   __packcvt_u8x4_f32           four floats rounded to the nearest even
//                                integer, clamped to 0..255 (NaN: 0)
//   __unpackcvt_f32_u8x4         byte src1 % 4 as a float
//   __sad_*                      sum of the elements' absolute differences
//                                plus src2
//   __sadhi_u16x2_u8x4           the same, added to the high 16 bits of src2
//
// Element indices are taken modulo the number of elements. Plain C++ with
// the same results in both passes; names, C linkage and signatures are
// hcc's (including its __unpack_s32_s3x2 spelling).
#ifndef HC_DETAIL_PACKED_INTRINSICS_HPP
#define HC_DETAIL_PACKED_INTRINSICS_HPP

#include "hc/detail/config.hpp"

#include <cstdint>

namespace hc {
namespace detail {

// Element i (of Bits bits) of v, zero-extended.
template <unsigned Bits, class U>
HC_INLINE HC_HOST_DEVICE U packed_element(U v, unsigned i) {
  const U mask = Bits >= sizeof(U) * 8 ? ~U(0) : (U(1) << Bits) - 1u;
  return (v >> (i * Bits)) & mask;
}

// v with element i (of Bits bits) replaced by the low bits of e.
template <unsigned Bits, class U>
HC_INLINE HC_HOST_DEVICE U packed_with(U v, unsigned i, U e) {
  const U mask = Bits >= sizeof(U) * 8 ? ~U(0) : (U(1) << Bits) - 1u;
  const unsigned shift = i * Bits;
  return (v & ~(mask << shift)) | ((e & mask) << shift);
}

template <unsigned Bits, class U> constexpr unsigned packed_count() {
  return sizeof(U) * 8 / Bits;
}

// Elements first .. first + n/2 - 1 of a and b, interleaved (a's first).
template <unsigned Bits, class U>
HC_INLINE HC_HOST_DEVICE U packed_interleave(U a, U b, unsigned first) {
  constexpr unsigned n = packed_count<Bits, U>();
  U r = 0;
  for (unsigned k = 0; k < n / 2; ++k) {
    r = packed_with<Bits>(r, 2 * k, packed_element<Bits>(a, first + k));
    r = packed_with<Bits>(r, 2 * k + 1, packed_element<Bits>(b, first + k));
  }
  return r;
}

template <unsigned Bits, class U>
HC_INLINE HC_HOST_DEVICE U packed_unpacklo(U a, U b) {
  return packed_interleave<Bits>(a, b, 0);
}
template <unsigned Bits, class U>
HC_INLINE HC_HOST_DEVICE U packed_unpackhi(U a, U b) {
  return packed_interleave<Bits>(a, b, packed_count<Bits, U>() / 2);
}
template <unsigned Bits, class U>
HC_INLINE HC_HOST_DEVICE U packed_pack(U v, U e, unsigned i) {
  return packed_with<Bits>(v, i % packed_count<Bits, U>(), e);
}
template <unsigned Bits, class U>
HC_INLINE HC_HOST_DEVICE std::uint32_t packed_unpack_u(U v, unsigned i) {
  return static_cast<std::uint32_t>(
      packed_element<Bits>(v, i % packed_count<Bits, U>()));
}
template <unsigned Bits, class U>
HC_INLINE HC_HOST_DEVICE std::int32_t packed_unpack_s(U v, unsigned i) {
  const std::uint32_t e = packed_unpack_u<Bits>(v, i);
  const unsigned spare = 32u - (Bits < 32 ? Bits : 32u);
  return static_cast<std::int32_t>(e << spare) >> spare;
}

HC_INLINE HC_HOST_DEVICE std::uint32_t absolute_difference(std::uint32_t a,
                                                           std::uint32_t b) {
  return a < b ? b - a : a - b;
}

template <unsigned Bits>
HC_INLINE HC_HOST_DEVICE std::uint32_t packed_sad(std::uint32_t a,
                                                  std::uint32_t b) {
  std::uint32_t sum = 0;
  for (unsigned i = 0; i < 32 / Bits; ++i)
    sum += absolute_difference(packed_element<Bits>(a, i),
                               packed_element<Bits>(b, i));
  return sum;
}

HC_INLINE HC_HOST_DEVICE std::uint32_t to_u8_nearest_saturated(float f) {
  if (!(f > 0.0f)) // negative, zero or NaN
    return 0u;
  if (f >= 255.0f)
    return 255u;
  return static_cast<std::uint32_t>(__builtin_rintf(f));
}

} // namespace detail

// The macros name the signed types' unsigned counterparts for the shifts.
#define HC_UNPACK_HALVES(NAME, T, U, BITS)                                     \
  extern "C" HC_INLINE HC_HOST_DEVICE T __unpacklo_##NAME(T src0, T src1) {    \
    return static_cast<T>(detail::packed_unpacklo<BITS>(                       \
        static_cast<U>(src0), static_cast<U>(src1)));                          \
  }                                                                            \
  extern "C" HC_INLINE HC_HOST_DEVICE T __unpackhi_##NAME(T src0, T src1) {    \
    return static_cast<T>(detail::packed_unpackhi<BITS>(                       \
        static_cast<U>(src0), static_cast<U>(src1)));                          \
  }
HC_UNPACK_HALVES(u8x4, unsigned int, std::uint32_t, 8)
HC_UNPACK_HALVES(u8x8, std::uint64_t, std::uint64_t, 8)
HC_UNPACK_HALVES(u16x2, unsigned int, std::uint32_t, 16)
HC_UNPACK_HALVES(u16x4, std::uint64_t, std::uint64_t, 16)
HC_UNPACK_HALVES(u32x2, std::uint64_t, std::uint64_t, 32)
HC_UNPACK_HALVES(s8x4, int, std::uint32_t, 8)
HC_UNPACK_HALVES(s8x8, std::int64_t, std::uint64_t, 8)
HC_UNPACK_HALVES(s16x2, int, std::uint32_t, 16)
HC_UNPACK_HALVES(s16x4, std::int64_t, std::uint64_t, 16)
HC_UNPACK_HALVES(s32x2, std::int64_t, std::uint64_t, 32)
#undef HC_UNPACK_HALVES

#define HC_PACK(NAME, T, E, U, BITS)                                           \
  extern "C" HC_INLINE HC_HOST_DEVICE T __pack_##NAME(T src0, E src1,          \
                                                      unsigned int src2) {     \
    return static_cast<T>(detail::packed_pack<BITS>(                           \
        static_cast<U>(src0), static_cast<U>(static_cast<std::uint32_t>(src1)), \
        src2));                                                                \
  }
HC_PACK(u8x4_u32, unsigned int, unsigned int, std::uint32_t, 8)
HC_PACK(u8x8_u32, std::uint64_t, unsigned int, std::uint64_t, 8)
HC_PACK(u16x2_u32, unsigned int, unsigned int, std::uint32_t, 16)
HC_PACK(u16x4_u32, std::uint64_t, unsigned int, std::uint64_t, 16)
HC_PACK(u32x2_u32, std::uint64_t, unsigned int, std::uint64_t, 32)
HC_PACK(s8x4_s32, int, int, std::uint32_t, 8)
HC_PACK(s8x8_s32, std::int64_t, int, std::uint64_t, 8)
HC_PACK(s16x2_s32, int, int, std::uint32_t, 16)
HC_PACK(s16x4_s32, std::int64_t, int, std::uint64_t, 16)
HC_PACK(s32x2_s32, std::int64_t, int, std::uint64_t, 32)
#undef HC_PACK

extern "C" HC_INLINE HC_HOST_DEVICE double
__pack_f32x2_f32(double src0, float src1, unsigned int src2) {
  return __builtin_bit_cast(
      double, detail::packed_pack<32>(
                  __builtin_bit_cast(std::uint64_t, src0),
                  static_cast<std::uint64_t>(
                      __builtin_bit_cast(std::uint32_t, src1)),
                  src2));
}

#define HC_UNPACK_U(NAME, T, U, BITS)                                          \
  extern "C" HC_INLINE HC_HOST_DEVICE unsigned int __unpack_u32_##NAME(        \
      T src0, unsigned int src1) {                                             \
    return detail::packed_unpack_u<BITS>(static_cast<U>(src0), src1);          \
  }
#define HC_UNPACK_S(NAME, T, U, BITS)                                          \
  extern "C" HC_INLINE HC_HOST_DEVICE int __unpack_s32_##NAME(                 \
      T src0, unsigned int src1) {                                             \
    return detail::packed_unpack_s<BITS>(static_cast<U>(src0), src1);          \
  }
HC_UNPACK_U(u8x4, unsigned int, std::uint32_t, 8)
HC_UNPACK_U(u8x8, std::uint64_t, std::uint64_t, 8)
HC_UNPACK_U(u16x2, unsigned int, std::uint32_t, 16)
HC_UNPACK_U(u16x4, std::uint64_t, std::uint64_t, 16)
HC_UNPACK_U(u32x2, std::uint64_t, std::uint64_t, 32)
HC_UNPACK_S(s8x4, int, std::uint32_t, 8)
HC_UNPACK_S(s8x8, std::int64_t, std::uint64_t, 8)
HC_UNPACK_S(s16x2, int, std::uint32_t, 16)
HC_UNPACK_S(s16x4, std::int64_t, std::uint64_t, 16)
HC_UNPACK_S(s3x2, std::int64_t, std::uint64_t, 32) // hcc's name for s32x2
#undef HC_UNPACK_S
#undef HC_UNPACK_U

extern "C" HC_INLINE HC_HOST_DEVICE float
__unpack_f32_f32x2(double src0, unsigned int src1) {
  return __builtin_bit_cast(
      float, detail::packed_unpack_u<32>(
                 __builtin_bit_cast(std::uint64_t, src0), src1));
}

// --- multimedia ----------------------------------------------------------------

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__bitalign_b32(unsigned int src0, unsigned int src1, unsigned int src2) {
  const std::uint64_t both = (std::uint64_t(src1) << 32) | src0;
  return static_cast<unsigned int>(both >> (src2 & 31u));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__bytealign_b32(unsigned int src0, unsigned int src1, unsigned int src2) {
  const std::uint64_t both = (std::uint64_t(src1) << 32) | src0;
  return static_cast<unsigned int>(both >> ((src2 & 3u) * 8u));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__lerp_u8x4(unsigned int src0, unsigned int src1, unsigned int src2) {
  std::uint32_t r = 0;
  for (unsigned i = 0; i < 4; ++i) {
    const std::uint32_t sum = detail::packed_element<8>(src0, i) +
                              detail::packed_element<8>(src1, i) +
                              (detail::packed_element<8>(src2, i) & 1u);
    r = detail::packed_with<8>(r, i, sum / 2u);
  }
  return r;
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__packcvt_u8x4_f32(float src0, float src1, float src2, float src3) {
  return detail::to_u8_nearest_saturated(src0) |
         detail::to_u8_nearest_saturated(src1) << 8 |
         detail::to_u8_nearest_saturated(src2) << 16 |
         detail::to_u8_nearest_saturated(src3) << 24;
}

extern "C" HC_INLINE HC_HOST_DEVICE float
__unpackcvt_f32_u8x4(unsigned int src0, unsigned int src1) {
  return static_cast<float>(detail::packed_element<8>(src0, src1 & 3u));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__sad_u32_u32(unsigned int src0, unsigned int src1, unsigned int src2) {
  return detail::absolute_difference(src0, src1) + src2;
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__sad_u32_u16x2(unsigned int src0, unsigned int src1, unsigned int src2) {
  return detail::packed_sad<16>(src0, src1) + src2;
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__sad_u32_u8x4(unsigned int src0, unsigned int src1, unsigned int src2) {
  return detail::packed_sad<8>(src0, src1) + src2;
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__sadhi_u16x2_u8x4(unsigned int src0, unsigned int src1, unsigned int src2) {
  return (detail::packed_sad<8>(src0, src1) << 16) + src2;
}

} // namespace hc

#endif // HC_DETAIL_PACKED_INTRINSICS_HPP
