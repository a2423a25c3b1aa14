// Wavefront pieces of the radix sort's ranking (radix_sort.hpp): which
// lanes of the caller's wavefront hold the same digit, and a wavefront-wide
// memory barrier, and two register-pressure helpers. Every lane of the
// wavefront must make the same calls (the radix kernels launch whole tiles of
// 256 work-items, so all lanes are active), which is why these use the full
// wavefront as member mask rather than hc::__ballot's active mask: lanes that
// reach the same call at different times under independent thread scheduling
// still meet.
//
// Device pass: Clang's <gpuintrin.h> (ballots; bar.warp.sync /
// wave_barrier). Host pass (the CPU
// backend): a wavefront is one work-item, so a lane only matches itself and
// there is nothing to synchronize.
#ifndef HC_DETAIL_PSTL_RADIX_WARP_HPP
#define HC_DETAIL_PSTL_RADIX_WARP_HPP

#include <hc.hpp>

#include <cstdint>

namespace hc {
namespace detail {
namespace pstl {

/// A set of lanes of one wavefront (bit i: lane i): 32 bits where
/// wavefronts have at most 32 lanes, which keeps the ranks' registers few.
#if HC_DEVICE_PASS && defined(__AMDGCN__)
using radix_lanes = std::uint64_t;
#else
using radix_lanes = std::uint32_t;
#endif

/// All lanes of the caller's wavefront.
HC_INLINE HC_HOST_DEVICE std::uint64_t radix_full_wave() {
#if HC_DEVICE_PASS
  const unsigned w = hc::__wavesize();
  return w >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << w) - 1u;
#else
  return 1u;
#endif
}

/// The lanes of the wavefront whose digit equals the caller's (itself
/// included). `digit` < 256.
///
/// One ballot per bit of the digit, each keeping the lanes that agree with
/// the caller on that bit. NVIDIA's match.any.sync does it in one
/// instruction, but a slow one: the sort's scatter kernel took 780 us per
/// pass of 2^26 keys with it on an H200, 473 us with the eight ballots
/// (docs/performance.md). AMD GPUs have no match instruction at all.
HC_INLINE HC_HOST_DEVICE radix_lanes radix_match_digit(unsigned digit) {
#if HC_DEVICE_PASS
  const std::uint64_t wave = radix_full_wave();
  std::uint64_t peers = wave;
#pragma unroll
  for (int bit = 0; bit < 8; ++bit) {
    const bool set = (digit >> bit) & 1u;
    const std::uint64_t lanes_set = __gpu_ballot(wave, set);
    peers &= set ? lanes_set : ~lanes_set;
  }
  return static_cast<radix_lanes>(peers & wave);
#else
  (void)digit;
  return 1u;
#endif
}

// The register constraint of the empty asm statements below: AMDGCN's
// "r" would be a scalar register, which per-lane values cannot live in.
#if HC_DEVICE_PASS && defined(__AMDGCN__)
#define HC_PSTL_RADIX_REG "v"
#else
#define HC_PSTL_RADIX_REG "r"
#endif

/// A copy of v the compiler cannot see through: computations from it are
/// not merged with the same ones from v (which would keep their results
/// live in registers in between).
HC_INLINE HC_HOST_DEVICE int radix_opaque(int v) {
  asm volatile("" : "+" HC_PSTL_RADIX_REG(v));
  return v;
}

/// Keeps v's computation before this point (not sunk past later barriers,
/// where it would keep its inputs live instead).
HC_INLINE HC_HOST_DEVICE void radix_pin(unsigned &v) {
  asm volatile("" : "+" HC_PSTL_RADIX_REG(v));
}

/// Orders the group-memory accesses of the wavefront's lanes before the call
/// against those after it.
HC_INLINE HC_HOST_DEVICE void radix_wave_sync() {
#if HC_DEVICE_PASS
  __gpu_sync_lane(radix_full_wave());
#endif
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
