// hc's wavefront (warp) functions: wavefront size, lane ids, votes and
// shuffles, with the names, linkage and signatures of the original hcc's
// <hc.hpp>. See docs/wavefront.md.
//
// Device pass (NVPTX): a wavefront is a 32-thread warp; the functions are
// the PTX warp instructions (laneid, activemask, vote.sync, shfl.sync)
// through Clang's __nvvm_* builtins, with the warp's active mask as the
// member mask. As in hc, every lane of a sub-section that a shuffle reads
// must be active and take part in the same call.
//
// Host pass (the CPU backend): a wavefront is one work-item, lane 0
// (hc::__wavesize() == 1). Votes and lane ids are what one lane gives.
// A shuffle whose result is the caller's own value returns it; one that
// would move data between lanes (a width > 1 with a non-trivial offset)
// cannot be answered by one work-item and throws Kalmar::unsupported_feature
// (hc::unsupported_feature, a runtime_exception), which the CPU backend
// turns into the error of the kernel's completion_future. Portable code
// passes width = hc::__wavesize().
#ifndef HC_DETAIL_WAVEFRONT_HPP
#define HC_DETAIL_WAVEFRONT_HPP

#include "hc/detail/bit_intrinsics.hpp"
#include "hc/detail/config.hpp"
#include "hc/detail/exceptions.hpp"

#include <cstdint>
#if !HC_DEVICE_PASS
#include <string>
#endif

#if HC_DEVICE_PASS && !defined(__NVPTX__) && !defined(__AMDGCN__)
#error "hc/detail/wavefront.hpp: the device bodies of the wavefront functions are written for NVPTX and AMDGCN; add this target's (see docs/wavefront.md)"
#endif

// The wavefront size of the GPU targets (NVIDIA warps): the same in both
// passes, so that host and device code agree on it, and the default `width`
// of the shuffles. The size where code actually runs is hc::__wavesize().
#define __HSA_WAVEFRONT_SIZE__ (32)

namespace hc {

// --- wavefront size and lane ids ---------------------------------------------

// Work-items per wavefront where the code runs: 32 on the GPU, 1 on the CPU
// backend (matches the accelerator's device_info::wavefront_size).
extern "C" HC_INLINE HC_HOST_DEVICE unsigned int __wavesize() {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return __builtin_amdgcn_wavefrontsize(); // 64 (gfx9) or 32 (gfx10+)
#elif HC_DEVICE_PASS
  return __HSA_WAVEFRONT_SIZE__;
#else
  return 1u;
#endif
}

// The caller's lane in its wavefront, 0 .. __wavesize() - 1.
HC_INLINE HC_HOST_DEVICE int __lane_id(void) {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return static_cast<int>(__gpu_lane_id());
#elif HC_DEVICE_PASS
  return static_cast<int>(__nvvm_read_ptx_sreg_laneid());
#else
  return 0;
#endif
}

namespace detail {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
// AMDGCN (added with the AMDGPU device pass, docs/backends.md): the exec
// mask is the active-lane mask, 64 bits wide on wave64 targets; shuffles go
// through ds_bpermute, which reads `var` of lane `src` (a byte address).
HC_INLINE HC_HOST_DEVICE std::uint64_t active_lanes() {
  return __gpu_lane_mask();
}
HC_INLINE HC_HOST_DEVICE int amdgcn_read_lane(int var, int src) {
  return __builtin_amdgcn_ds_bpermute(src << 2, var);
}
#elif HC_DEVICE_PASS
HC_INLINE HC_HOST_DEVICE unsigned int active_lanes() {
  return __nvvm_activemask();
}
#endif
} // namespace detail

// Number of active work-items of the wavefront before the caller (in lane
// order), 0 .. __wavesize() - 1.
extern "C" HC_INLINE HC_HOST_DEVICE unsigned int __activelaneid_u32() {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  const std::uint64_t below = (std::uint64_t{1} << __gpu_lane_id()) - 1u;
  return __popcount_u32_b64(detail::active_lanes() & below);
#elif HC_DEVICE_PASS
  return __popcount_u32_b32(detail::active_lanes() &
                            __nvvm_read_ptx_sreg_lanemask_lt());
#else
  return 0u;
#endif
}

// --- votes ---------------------------------------------------------------------

// Bit N set iff lane N is active and its input is non-zero. (HSAIL's
// instruction returns four 64-bit words; like hcc we return the first.)
extern "C" HC_INLINE HC_HOST_DEVICE std::uint64_t
__activelanemask_v4_b64_b1(unsigned int input) {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return __gpu_ballot(detail::active_lanes(), input != 0u);
#elif HC_DEVICE_PASS
  return static_cast<std::uint64_t>(
      __nvvm_vote_ballot_sync(detail::active_lanes(), input != 0u));
#else
  return input != 0u ? 1u : 0u;
#endif
}

// Number of active lanes whose input is non-zero.
extern "C" HC_INLINE HC_HOST_DEVICE unsigned int
__activelanecount_u32_b1(unsigned int input) {
  return __popcount_u32_b64(__activelanemask_v4_b64_b1(input));
}

// Bit N set iff lane N is active and its predicate is non-zero.
extern "C" HC_INLINE HC_HOST_DEVICE std::uint64_t __ballot(int predicate) {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return __gpu_ballot(detail::active_lanes(), predicate != 0);
#elif HC_DEVICE_PASS
  return static_cast<std::uint64_t>(
      __nvvm_vote_ballot_sync(detail::active_lanes(), predicate != 0));
#else
  return predicate != 0 ? 1u : 0u;
#endif
}

// Non-zero iff the predicate is non-zero for any active lane.
extern "C" HC_INLINE HC_HOST_DEVICE int __any(int predicate) {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return __gpu_ballot(detail::active_lanes(), predicate != 0) != 0u ? 1 : 0;
#elif HC_DEVICE_PASS
  return __nvvm_vote_any_sync(detail::active_lanes(), predicate != 0) ? 1 : 0;
#else
  return predicate != 0 ? 1 : 0;
#endif
}

// Non-zero iff the predicate is non-zero for every active lane.
extern "C" HC_INLINE HC_HOST_DEVICE int __all(int predicate) {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  const std::uint64_t active = detail::active_lanes();
  return __gpu_ballot(active, predicate != 0) == active ? 1 : 0;
#elif HC_DEVICE_PASS
  return __nvvm_vote_all_sync(detail::active_lanes(), predicate != 0) ? 1 : 0;
#else
  return predicate != 0 ? 1 : 0;
#endif
}

// --- shuffles --------------------------------------------------------------------
//
// `width` (a power of two, 1 .. __HSA_WAVEFRONT_SIZE__) splits the wavefront
// into sub-sections of `width` lanes that behave as separate wavefronts whose
// lanes are numbered from 0.
//   __shfl(var, srcLane)        var of lane srcLane modulo width of the
//                               caller's sub-section;
//   __shfl_up(var, delta)       var of the lane `delta` below the caller;
//   __shfl_down(var, delta)     var of the lane `delta` above the caller;
//   __shfl_xor(var, laneMask)   var of the lane whose id is the caller's
//                               XOR laneMask.
// When that source lane is outside the caller's sub-section, the caller gets
// its own var back (the low `delta` lanes for up, the high ones for down).

namespace detail {

// Widths outside 1 .. __HSA_WAVEFRONT_SIZE__ are undefined in hc; we clamp
// them into that range.
HC_INLINE HC_HOST_DEVICE int shfl_clamp_width(int width) {
  return width < 1 ? 1
                   : (width > __HSA_WAVEFRONT_SIZE__ ? __HSA_WAVEFRONT_SIZE__
                                                     : width);
}

#if HC_DEVICE_PASS && defined(__AMDGCN__)
// (AMDGCN computes source lanes itself, see the shuffles below.)
#elif HC_DEVICE_PASS
// shfl.sync's c operand: the segment mask in bits 12:8 (the lane-id bits
// that select the sub-section, 32 - width) and the clamp lane in bits 4:0
// (the last lane of the sub-section for idx/down/bfly, its first for up:
// PTX keeps the source lane j when j >= (lane & segmask) for up, and
// j <= (lane & segmask) | clamp otherwise).
HC_INLINE HC_HOST_DEVICE int shfl_segment(int width) {
  return (__HSA_WAVEFRONT_SIZE__ - width) << 8;
}
#else
// CPU backend: the caller is lane 0 of a one-lane wavefront.
[[noreturn]] __attribute__((noinline, cold)) inline void
shfl_needs_gpu(const char *function, int width) {
  throw Kalmar::unsupported_feature(
      std::string("hc::") + function + " across " + std::to_string(width) +
      " lanes needs a GPU: on the CPU backend a wavefront has one work-item "
      "(hc::__wavesize() == 1); pass width = hc::__wavesize()");
}
#endif

HC_INLINE HC_HOST_DEVICE int shfl_i32(int var, int srcLane, int width) {
  width = shfl_clamp_width(width);
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  const int lane = static_cast<int>(__gpu_lane_id());
  return amdgcn_read_lane(var, (lane & ~(width - 1)) | (srcLane & (width - 1)));
#elif HC_DEVICE_PASS
  // idx mode reads lane (lane & segmask) | (srcLane & (width - 1)): srcLane
  // modulo width within the caller's sub-section, negative srcLane included.
  return __nvvm_shfl_sync_idx_i32(active_lanes(), var, srcLane,
                                  shfl_segment(width) | 0x1f);
#else
  if (width > 1 && (srcLane % width + width) % width != 0)
    shfl_needs_gpu("__shfl", width);
  return var;
#endif
}

HC_INLINE HC_HOST_DEVICE int shfl_up_i32(int var, unsigned int delta,
                                         int width) {
  width = shfl_clamp_width(width);
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  const int lane = static_cast<int>(__gpu_lane_id());
  const bool inside = delta < static_cast<unsigned int>(width) &&
                      static_cast<unsigned int>(lane & (width - 1)) >= delta;
  return amdgcn_read_lane(var, inside ? lane - static_cast<int>(delta) : lane);
#elif HC_DEVICE_PASS
  // PTX uses only delta's low 5 bits: a delta of `width` or more (which
  // reads outside every sub-section) becomes 0, the caller's own lane.
  // Every lane still executes the shfl.sync.
  const unsigned int d = delta < static_cast<unsigned int>(width) ? delta : 0u;
  return __nvvm_shfl_sync_up_i32(active_lanes(), var, d, shfl_segment(width));
#else
  // Lane 0 would get its own value, but the call shifts values through the
  // sub-section: with one work-item per wavefront, code that relies on it
  // (a scan) would be silently wrong.
  if (delta != 0u && delta < static_cast<unsigned int>(width))
    shfl_needs_gpu("__shfl_up", width);
  return var;
#endif
}

HC_INLINE HC_HOST_DEVICE int shfl_down_i32(int var, unsigned int delta,
                                           int width) {
  width = shfl_clamp_width(width);
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  const int lane = static_cast<int>(__gpu_lane_id());
  const bool inside =
      delta < static_cast<unsigned int>(width) &&
      static_cast<unsigned int>(lane & (width - 1)) + delta <
          static_cast<unsigned int>(width);
  return amdgcn_read_lane(var, inside ? lane + static_cast<int>(delta) : lane);
#elif HC_DEVICE_PASS
  const unsigned int d = delta < static_cast<unsigned int>(width) ? delta : 0u;
  return __nvvm_shfl_sync_down_i32(active_lanes(), var, d,
                                   shfl_segment(width) | 0x1f);
#else
  if (delta != 0u && delta < static_cast<unsigned int>(width))
    shfl_needs_gpu("__shfl_down", width);
  return var;
#endif
}

HC_INLINE HC_HOST_DEVICE int shfl_xor_i32(int var, int laneMask, int width) {
  width = shfl_clamp_width(width);
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  const int m = (laneMask & ~(width - 1)) == 0 ? laneMask : 0;
  return amdgcn_read_lane(var, static_cast<int>(__gpu_lane_id()) ^ m);
#elif HC_DEVICE_PASS
  // A laneMask with bits at or above log2(width) names a lane in another
  // sub-section (or outside the wavefront): the caller keeps its own value.
  const int m = (laneMask & ~(width - 1)) == 0 ? laneMask : 0;
  return __nvvm_shfl_sync_bfly_i32(active_lanes(), var, m,
                                   shfl_segment(width) | 0x1f);
#else
  if (width > 1 && laneMask != 0 && (laneMask & ~(width - 1)) == 0)
    shfl_needs_gpu("__shfl_xor", width);
  return var;
#endif
}

// The unsigned and float overloads move the same 32 bits.
template <class T> HC_INLINE HC_HOST_DEVICE int shfl_bits(T v) {
  return __builtin_bit_cast(int, v);
}
template <class T> HC_INLINE HC_HOST_DEVICE T shfl_from_bits(int v) {
  return __builtin_bit_cast(T, v);
}

} // namespace detail

HC_INLINE HC_HOST_DEVICE int __shfl(int var, int srcLane,
                                    int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_i32(var, srcLane, width);
}
HC_INLINE HC_HOST_DEVICE unsigned int
__shfl(unsigned int var, int srcLane, int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_from_bits<unsigned int>(
      detail::shfl_i32(detail::shfl_bits(var), srcLane, width));
}
HC_INLINE HC_HOST_DEVICE float __shfl(float var, int srcLane,
                                      int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_from_bits<float>(
      detail::shfl_i32(detail::shfl_bits(var), srcLane, width));
}

HC_INLINE HC_HOST_DEVICE int __shfl_up(int var, const unsigned int delta,
                                       const int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_up_i32(var, delta, width);
}
HC_INLINE HC_HOST_DEVICE unsigned int
__shfl_up(unsigned int var, const unsigned int delta,
          const int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_from_bits<unsigned int>(
      detail::shfl_up_i32(detail::shfl_bits(var), delta, width));
}
HC_INLINE HC_HOST_DEVICE float __shfl_up(float var, const unsigned int delta,
                                         const int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_from_bits<float>(
      detail::shfl_up_i32(detail::shfl_bits(var), delta, width));
}

HC_INLINE HC_HOST_DEVICE int
__shfl_down(int var, const unsigned int delta,
            const int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_down_i32(var, delta, width);
}
HC_INLINE HC_HOST_DEVICE unsigned int
__shfl_down(unsigned int var, const unsigned int delta,
            const int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_from_bits<unsigned int>(
      detail::shfl_down_i32(detail::shfl_bits(var), delta, width));
}
HC_INLINE HC_HOST_DEVICE float
__shfl_down(float var, const unsigned int delta,
            const int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_from_bits<float>(
      detail::shfl_down_i32(detail::shfl_bits(var), delta, width));
}

HC_INLINE HC_HOST_DEVICE int __shfl_xor(int var, int laneMask,
                                        int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_xor_i32(var, laneMask, width);
}
HC_INLINE HC_HOST_DEVICE unsigned int
__shfl_xor(unsigned int var, int laneMask, int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_from_bits<unsigned int>(
      detail::shfl_xor_i32(detail::shfl_bits(var), laneMask, width));
}
HC_INLINE HC_HOST_DEVICE float __shfl_xor(float var, int laneMask,
                                          int width = __HSA_WAVEFRONT_SIZE__) {
  return detail::shfl_from_bits<float>(
      detail::shfl_xor_i32(detail::shfl_bits(var), laneMask, width));
}

} // namespace hc

#include "hc/detail/amdgcn_wave.hpp"
#include "hc/detail/packed_intrinsics.hpp"

#endif // HC_DETAIL_WAVEFRONT_HPP
