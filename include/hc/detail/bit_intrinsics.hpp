// hc's scalar intrinsics: bit-string operations (HSA PRM 5.7 names), 24-bit
// multiplies and the time-stamp / cycle counters. Included by
// hc/detail/wavefront.hpp; see docs/wavefront.md.
//
// Every function here has the same result in both passes: the bit
// operations are plain C++ and Clang builtins that NVPTX lowers to single
// instructions (popc, clz, brev, bfe ...), the x86 host to its own. Only
// the counters read different hardware. Names, C/C++ linkage and
// signatures are those of the original hcc's <hc.hpp>.
//
// Edge cases (offset and width are taken modulo the operand's bit count,
// so a width of 32 / 64 means 0):
//   __bitextract_u* width 0 -> 0. A field reaching past the top bit gives
//                   what hcc's definition gave on its GPUs (below).
//   __bitextract_s* width 0 -> 0. Bits of the field above the operand's top
//                   bit read as the sign bit, like AMD v_bfe_i32 (HSA).
//   __bitinsert_*   width 0 -> src0 unchanged; bits of the field that would
//                   land above the top bit are dropped; __bitinsert_u64
//                   inserts at most 31 bits, as hcc's did.
//   __bitmask_*     ((1 << width) - 1) << offset, bits above the top dropped.
//   __firstbit_* / __lastbit_*  0xFFFFFFFF (-1) when there is no such bit.
#ifndef HC_DETAIL_BIT_INTRINSICS_HPP
#define HC_DETAIL_BIT_INTRINSICS_HPP

#include "hc/detail/config.hpp"

#include <chrono>
#include <cstdint>

#if HC_DEVICE_PASS && !defined(__NVPTX__) && !defined(__AMDGCN__)
#error "hc/detail/bit_intrinsics.hpp: __clock_u64 / __cycle_u64 read NVPTX or AMDGCN registers; add this target's (see docs/wavefront.md)"
#endif

namespace hc {

// --- population count -------------------------------------------------------

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__popcount_u32_b32(unsigned int input) {
  return static_cast<unsigned int>(__builtin_popcount(input));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__popcount_u32_b64(unsigned long long int input) {
  return static_cast<unsigned int>(__builtin_popcountll(input));
}

// --- bit field extract: `width` bits of src0 starting at bit `offset` --------

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__bitextract_u32(unsigned int src0, unsigned int src1, unsigned int src2) {
  const unsigned int offset = src1 & 31u, width = src2 & 31u;
  if (width == 0)
    return 0u;
  // hcc's definition: shift the field's top bit to bit 31, then down. When
  // the field reaches past bit 31 the first shift count is negative; AMD
  // GPUs (like x86) take shift counts modulo 32, so hcc's programs got the
  // result of a left shift by (32 - offset - width) mod 32.
  return (src0 << ((32u - offset - width) & 31u)) >> (32u - width);
}

extern "C" HC_INLINE HC_HOST_DEVICE std::uint64_t
__bitextract_u64(std::uint64_t src0, unsigned int src1, unsigned int src2) {
  const unsigned int offset = src1 & 63u, width = src2 & 63u;
  if (width == 0)
    return 0u;
  return (src0 << ((64u - offset - width) & 63u)) >> (64u - width);
}

// Signed: the field is sign-extended from its top bit. The arithmetic shift
// right brings the field down (replicating the sign bit where the field
// reaches past bit 31), the shift pair sign-extends from bit width-1.
extern "C" HC_INLINE HC_HOST_DEVICE int
__bitextract_s32(int src0, unsigned int src1, unsigned int src2) {
  const unsigned int offset = src1 & 31u, width = src2 & 31u;
  if (width == 0)
    return 0;
  const std::uint32_t down = static_cast<std::uint32_t>(src0 >> offset);
  return static_cast<std::int32_t>(down << (32u - width)) >>
         (32u - width);
}

extern "C" HC_INLINE HC_HOST_DEVICE std::int64_t
__bitextract_s64(std::int64_t src0, unsigned int src1, unsigned int src2) {
  const unsigned int offset = src1 & 63u, width = src2 & 63u;
  if (width == 0)
    return 0;
  const std::uint64_t down = static_cast<std::uint64_t>(src0 >> offset);
  return static_cast<std::int64_t>(down << (64u - width)) >> (64u - width);
}

// --- bit field insert: the low `width` bits of src1 replace `width` bits of
// src0 starting at bit `offset` ----------------------------------------------

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__bitinsert_u32(unsigned int src0, unsigned int src1, unsigned int src2,
                unsigned int src3) {
  const unsigned int offset = src2 & 31u, width = src3 & 31u;
  const unsigned int mask = (1u << width) - 1u;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}

// hcc built this mask with a 32-bit `1 << width`, which its GPUs (and
// x86) compute with the width modulo 32 (and 0x7FFFFFFF for 31): at most
// 31 bits are inserted, which hcc's programs saw.
extern "C" HC_INLINE HC_HOST_DEVICE std::uint64_t
__bitinsert_u64(std::uint64_t src0, std::uint64_t src1, unsigned int src2,
                unsigned int src3) {
  const unsigned int offset = src2 & 63u, width = src3 & 63u;
  const std::uint64_t mask = (1u << (width & 31u)) - 1u;
  return (src0 & ~(mask << offset)) | ((src1 & mask) << offset);
}

extern "C" HC_INLINE HC_HOST_DEVICE int
__bitinsert_s32(int src0, int src1, unsigned int src2, unsigned int src3) {
  return static_cast<int>(__bitinsert_u32(static_cast<unsigned int>(src0),
                                          static_cast<unsigned int>(src1),
                                          src2, src3));
}

// (hcc's signed forms were library functions with HSA's definition: the
// whole width, up to 63 bits.)
extern "C" HC_INLINE HC_HOST_DEVICE std::int64_t
__bitinsert_s64(std::int64_t src0, std::int64_t src1, unsigned int src2,
                unsigned int src3) {
  const unsigned int offset = src2 & 63u, width = src3 & 63u;
  const std::uint64_t mask = (std::uint64_t(1) << width) - 1u;
  const std::uint64_t base = static_cast<std::uint64_t>(src0),
                      field = static_cast<std::uint64_t>(src1);
  return static_cast<std::int64_t>((base & ~(mask << offset)) |
                                   ((field & mask) << offset));
}

// --- bit mask for __bitselect: src0 = offset, src1 = width -------------------

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__bitmask_b32(unsigned int src0, unsigned int src1) {
  const unsigned int offset = src0 & 31u, width = src1 & 31u;
  return ((1u << width) - 1u) << offset;
}

extern "C" HC_INLINE HC_HOST_DEVICE std::uint64_t
__bitmask_b64(unsigned int src0, unsigned int src1) {
  const unsigned int offset = src0 & 63u, width = src1 & 63u;
  return ((std::uint64_t(1) << width) - 1u) << offset;
}

// --- bit reverse (C++ linkage, as in hcc) -----------------------------------

HC_INLINE HC_HOST_DEVICE unsigned int __bitrev_b32(unsigned int src0) {
  return __builtin_bitreverse32(src0);
}

HC_INLINE HC_HOST_DEVICE std::uint64_t __bitrev_b64(std::uint64_t src0) {
  return __builtin_bitreverse64(src0);
}

// --- bit select: bits of src1 where src0 is 1, of src2 where it is 0 ---------

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__bitselect_b32(unsigned int src0, unsigned int src1, unsigned int src2) {
  return (src1 & src0) | (src2 & ~src0);
}

extern "C" HC_INLINE HC_HOST_DEVICE std::uint64_t
__bitselect_b64(std::uint64_t src0, std::uint64_t src1, std::uint64_t src2) {
  return (src1 & src0) | (src2 & ~src0);
}

// --- first bit: leading zeros, counted from the most significant bit --------
// Unsigned: position (from the top) of the first 1 bit. Signed: of the
// first bit that differs from the sign bit (first 1 of a positive, first 0
// of a negative number). -1 (0xFFFFFFFF) when there is none: 0 and, for
// the signed forms, -1.

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__firstbit_u32_u32(unsigned int input) {
  return static_cast<unsigned int>(__builtin_clzg(input, -1));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__firstbit_u32_u64(unsigned long long int input) {
  return static_cast<unsigned int>(__builtin_clzg(input, -1));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__firstbit_u32_s32(int input) {
  const unsigned int bits = static_cast<unsigned int>(input);
  return __firstbit_u32_u32(input < 0 ? ~bits : bits);
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__firstbit_u32_s64(long long int input) {
  const unsigned long long bits = static_cast<unsigned long long>(input);
  return __firstbit_u32_u64(input < 0 ? ~bits : bits);
}

// --- last bit: position of the least significant 1 bit, -1 for 0 -----------
// (__lastbit_u32_s64 takes unsigned long long, as in hcc: the bits are
// what count.)

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__lastbit_u32_u32(unsigned int input) {
  return static_cast<unsigned int>(__builtin_ctzg(input, -1));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__lastbit_u32_u64(unsigned long long int input) {
  return static_cast<unsigned int>(__builtin_ctzg(input, -1));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int __lastbit_u32_s32(int input) {
  return __lastbit_u32_u32(static_cast<unsigned int>(input));
}

extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__lastbit_u32_s64(unsigned long long input) {
  return __lastbit_u32_u64(input);
}

// --- 24-bit multiply (C++ overloads, as in hcc) ------------------------------
// Only the low 24 bits of x and y take part (sign-extended from bit 23 for
// int); the result is the low 32 bits of the product. Computed in unsigned
// arithmetic, so no overflow is undefined.

HC_INLINE HC_HOST_DEVICE unsigned int __mul24(unsigned int x, unsigned int y) {
  return (x & 0x00FFFFFFu) * (y & 0x00FFFFFFu);
}

HC_INLINE HC_HOST_DEVICE int __mul24(int x, int y) {
  const int sx = static_cast<int>(static_cast<unsigned int>(x) << 8) >> 8;
  const int sy = static_cast<int>(static_cast<unsigned int>(y) << 8) >> 8;
  return static_cast<int>(static_cast<unsigned int>(sx) *
                          static_cast<unsigned int>(sy));
}

HC_INLINE HC_HOST_DEVICE unsigned int __mad24(unsigned int x, unsigned int y,
                                              unsigned int z) {
  return __mul24(x, y) + z;
}

HC_INLINE HC_HOST_DEVICE int __mad24(int x, int y, int z) {
  return static_cast<int>(static_cast<unsigned int>(__mul24(x, y)) +
                          static_cast<unsigned int>(z));
}

// --- counters ----------------------------------------------------------------

// A time stamp in nanoseconds, monotonic: the GPU's global timer (%globaltimer,
// shared by all SMs) in the device pass, std::chrono::steady_clock on the
// CPU backend. Only differences are meaningful, and only within one device.
extern "C" HC_INLINE HC_HOST_DEVICE std::uint64_t __clock_u64() {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  // AMDGCN: the constant 100 MHz "realtime" counter (s_memrealtime, or
  // s_sendmsg_rtn on gfx11+), shared by the whole GPU, in nanoseconds.
  return static_cast<std::uint64_t>(__builtin_readsteadycounter()) * 10u;
#elif HC_DEVICE_PASS
  return static_cast<std::uint64_t>(__nvvm_read_ptx_sreg_globaltimer());
#else
  return static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::nanoseconds>(
          std::chrono::steady_clock::now().time_since_epoch())
          .count());
#endif
}

// A cycle count, implementation defined: the SM's %clock64 in the device
// pass (per SM, not comparable between SMs), the time-stamp counter (rdtsc)
// on x86 hosts, elsewhere the steady clock in nanoseconds.
extern "C" HC_INLINE HC_HOST_DEVICE std::uint64_t __cycle_u64() {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return static_cast<std::uint64_t>(__builtin_readcyclecounter());
#elif HC_DEVICE_PASS
  return static_cast<std::uint64_t>(__nvvm_read_ptx_sreg_clock64());
#elif defined(__x86_64__) || defined(__i386__)
  return static_cast<std::uint64_t>(__builtin_ia32_rdtsc());
#else
  return __clock_u64();
#endif
}

} // namespace hc

#endif // HC_DETAIL_BIT_INTRINSICS_HPP
