// hcc's AMD wavefront intrinsics, with hcc's names and signatures:
//
//   __amdgcn_ds_bpermute(index, src)   src of lane index / 4 (a pull)
//   __amdgcn_ds_permute(index, src)    src sent to lane index / 4 (a push);
//                                      a lane nobody sends to gets 0
//   __amdgcn_ds_swizzle(src, pattern)  src of the lane the pattern selects
//                                      (ds_swizzle_b32's offset field)
//   __amdgcn_move_dpp(src, dpp_ctrl, row_mask, bank_mask, bound_ctrl)
//                                      a DPP move (GFX8/9 dpp_ctrl codes)
//   __amdgcn_wave_sr1 / _sl1 (src, bound_ctrl)  the wavefront shifted right
//                                      / left by one lane
//   __amdgcn_wave_rr1 / _rl1 (src)     the wavefront rotated by one lane
//
// A lane index / 4 outside the wavefront wraps around it. For the DPP and
// shift forms, a lane whose source lies outside its row (or the
// wavefront) gets 0 with bound_ctrl and keeps src without; lanes that
// row_mask / bank_mask leave out keep src. See docs/wavefront.md.
//
// hcc bound these to AMD instructions. Here every target computes each
// lane's source lane and reads it: ds_bpermute on AMD GPUs (so swizzle and
// DPP patterns need not be compile-time constants), shfl.sync on NVIDIA
// GPUs, whose wavefronts have 32 lanes instead of 64 (rows of 16 lanes as
// on AMD). On the CPU backend a wavefront is one work-item: an operation
// that reads the caller's own lane (or, outside the wavefront, no lane)
// returns what that lane gets on a GPU; one that would read another lane
// throws Kalmar::unsupported_feature, like the shuffles (wavefront.hpp).
#ifndef HC_DETAIL_AMDGCN_WAVE_HPP
#define HC_DETAIL_AMDGCN_WAVE_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/exceptions.hpp"

#include <cstdint>
#if !HC_DEVICE_PASS
#include <string>
#endif

namespace hc {
namespace detail {

// Lanes of the wavefront these operations act on, and the caller's lane.
// The CPU backend's work-item counts as lane 0 of a wavefront of the GPU
// targets' nominal size (__HSA_WAVEFRONT_SIZE__) whose other lanes are
// missing, so that a lane index means what it means on an NVIDIA GPU.
HC_INLINE HC_HOST_DEVICE int amd_wave_lanes() {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return static_cast<int>(__builtin_amdgcn_wavefrontsize());
#else
  return 32;
#endif
}
HC_INLINE HC_HOST_DEVICE int amd_wave_lane() {
#if HC_DEVICE_PASS
  return static_cast<int>(__gpu_lane_id());
#else
  return 0;
#endif
}

#if !HC_DEVICE_PASS
[[noreturn]] __attribute__((noinline, cold)) inline void
amd_wave_needs_gpu(const char *function) {
  throw Kalmar::unsupported_feature(
      std::string("hc::") + function +
      " reads another lane of the wavefront, which needs a GPU: on the CPU "
      "backend a wavefront has one work-item (hc::__wavesize() == 1)");
}
#endif

// `var` of lane `source` (every active lane must call it together).
HC_INLINE HC_HOST_DEVICE int amd_wave_read(int var, int source,
                                           const char *function) {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  (void)function;
  return __builtin_amdgcn_ds_bpermute(source << 2, var);
#elif HC_DEVICE_PASS
  (void)function;
  return __nvvm_shfl_sync_idx_i32(__nvvm_activemask(), var, source, 0x1f);
#else
  if (source != 0)
    amd_wave_needs_gpu(function);
  return var;
#endif
}

// The source lane of `lane` for a DPP control code; -1 when the source lies
// outside the lane's row or the wavefront (and for unknown codes).
HC_INLINE HC_HOST_DEVICE int dpp_source(int lane, int ctrl, int lanes) {
  const int row = lane & ~15, in_row = lane & 15;
  if (ctrl >= 0x000 && ctrl <= 0x0FF) // quad_perm
    return (lane & ~3) | ((ctrl >> ((lane & 3) * 2)) & 3);
  if (ctrl >= 0x101 && ctrl <= 0x10F) // row_shl: from n lanes above
    return in_row + (ctrl & 15) <= 15 ? lane + (ctrl & 15) : -1;
  if (ctrl >= 0x111 && ctrl <= 0x11F) // row_shr: from n lanes below
    return in_row >= (ctrl & 15) ? lane - (ctrl & 15) : -1;
  if (ctrl >= 0x121 && ctrl <= 0x12F) // row_ror
    return row | ((in_row - (ctrl & 15)) & 15);
  switch (ctrl) {
  case 0x130: // wave_shl1
    return lane + 1 < lanes ? lane + 1 : -1;
  case 0x134: // wave_rol1
    return (lane + 1) % lanes;
  case 0x138: // wave_shr1
    return lane >= 1 ? lane - 1 : -1;
  case 0x13C: // wave_ror1
    return (lane + lanes - 1) % lanes;
  case 0x140: // row_mirror
    return row | (15 - in_row);
  case 0x141: // row_half_mirror
    return (lane & ~7) | (7 - (lane & 7));
  case 0x142: // row_bcast15: lane 15 of the row before
    return row >= 16 ? row - 1 : -1;
  case 0x143: // row_bcast31: lane 31, for rows 2 and 3
    return row >= 32 ? 31 : -1;
  default:
    return -1;
  }
}

HC_INLINE HC_HOST_DEVICE int move_dpp(int src, int ctrl, int row_mask,
                                      int bank_mask, bool bound_ctrl,
                                      const char *function) {
  const int lanes = amd_wave_lanes(), lane = amd_wave_lane();
  int source = dpp_source(lane, ctrl, lanes);
  if (source >= lanes)
    source = -1;
  // Every lane takes part in the read; lanes without a source read their own.
  const int moved = amd_wave_read(src, source < 0 ? lane : source, function);
  const bool written =
      ((row_mask >> ((lane >> 4) & 3)) & 1) && ((bank_mask >> (lane & 3)) & 1);
  if (!written)
    return src;
  if (source < 0)
    return bound_ctrl ? 0 : src;
  return moved;
}

HC_INLINE HC_HOST_DEVICE int swizzle_source(int lane, int pattern) {
  if (pattern & 0x8000) // quad permute
    return (lane & ~3) | ((pattern >> ((lane & 3) * 2)) & 3);
  const int and_mask = pattern & 31, or_mask = (pattern >> 5) & 31,
            xor_mask = (pattern >> 10) & 31;
  return (lane & ~31) | ((((lane & 31) & and_mask) | or_mask) ^ xor_mask);
}

template <class T> HC_INLINE HC_HOST_DEVICE int wave_bits(T v) {
  return __builtin_bit_cast(int, v);
}
template <class T> HC_INLINE HC_HOST_DEVICE T wave_from_bits(int v) {
  return __builtin_bit_cast(T, v);
}

} // namespace detail

// --- ds_bpermute: pull ----------------------------------------------------------

HC_INLINE HC_HOST_DEVICE int __amdgcn_ds_bpermute(int index, int src) {
  const int lanes = detail::amd_wave_lanes();
  return detail::amd_wave_read(src, ((index >> 2) % lanes + lanes) % lanes,
                               "__amdgcn_ds_bpermute");
}
HC_INLINE HC_HOST_DEVICE unsigned int __amdgcn_ds_bpermute(int index,
                                                           unsigned int src) {
  return detail::wave_from_bits<unsigned int>(
      __amdgcn_ds_bpermute(index, detail::wave_bits(src)));
}
HC_INLINE HC_HOST_DEVICE float __amdgcn_ds_bpermute(int index, float src) {
  return detail::wave_from_bits<float>(
      __amdgcn_ds_bpermute(index, detail::wave_bits(src)));
}

// --- ds_permute: push -----------------------------------------------------------

extern "C" HC_INLINE HC_HOST_DEVICE int __amdgcn_ds_permute(int index,
                                                            int src) {
#if HC_DEVICE_PASS && defined(__AMDGCN__)
  return __builtin_amdgcn_ds_permute(index, src);
#elif HC_DEVICE_PASS
  // Every lane looks at every lane's target; the highest sender wins, as
  // on AMD GPUs.
  const int lanes = detail::amd_wave_lanes(), lane = detail::amd_wave_lane();
  const int target = ((index >> 2) % lanes + lanes) % lanes;
  int received = 0;
  for (int sender = 0; sender < lanes; ++sender) {
    const int t = detail::amd_wave_read(target, sender, "");
    const int v = detail::amd_wave_read(src, sender, "");
    if (t == lane)
      received = v;
  }
  return received;
#else
  if ((index >> 2) % detail::amd_wave_lanes() != 0)
    detail::amd_wave_needs_gpu("__amdgcn_ds_permute");
  return src;
#endif
}
HC_INLINE HC_HOST_DEVICE unsigned int __amdgcn_ds_permute(int index,
                                                          unsigned int src) {
  return detail::wave_from_bits<unsigned int>(
      __amdgcn_ds_permute(index, detail::wave_bits(src)));
}
HC_INLINE HC_HOST_DEVICE float __amdgcn_ds_permute(int index, float src) {
  return detail::wave_from_bits<float>(
      __amdgcn_ds_permute(index, detail::wave_bits(src)));
}

// --- ds_swizzle -----------------------------------------------------------------

extern "C" HC_INLINE HC_HOST_DEVICE int __amdgcn_ds_swizzle(int src,
                                                            int pattern) {
  const int lanes = detail::amd_wave_lanes();
  const int source = detail::swizzle_source(detail::amd_wave_lane(), pattern);
  return detail::amd_wave_read(src, source % lanes, "__amdgcn_ds_swizzle");
}
HC_INLINE HC_HOST_DEVICE unsigned int __amdgcn_ds_swizzle(unsigned int src,
                                                          int pattern) {
  return detail::wave_from_bits<unsigned int>(
      __amdgcn_ds_swizzle(detail::wave_bits(src), pattern));
}
HC_INLINE HC_HOST_DEVICE float __amdgcn_ds_swizzle(float src, int pattern) {
  return detail::wave_from_bits<float>(
      __amdgcn_ds_swizzle(detail::wave_bits(src), pattern));
}

// --- DPP --------------------------------------------------------------------------

extern "C" HC_INLINE HC_HOST_DEVICE int __amdgcn_move_dpp(int src, int dpp_ctrl,
                                                          int row_mask,
                                                          int bank_mask,
                                                          bool bound_ctrl) {
  return detail::move_dpp(src, dpp_ctrl, row_mask, bank_mask, bound_ctrl,
                          "__amdgcn_move_dpp");
}

// hcc's shift and rotate forms (its int overload of __amdgcn_wave_sl1
// returns unsigned int; kept).
HC_INLINE HC_HOST_DEVICE int __amdgcn_wave_sr1(int src, bool bound_ctrl) {
  return detail::move_dpp(src, 0x138, 15, 15, bound_ctrl, "__amdgcn_wave_sr1");
}
HC_INLINE HC_HOST_DEVICE unsigned int __amdgcn_wave_sr1(unsigned int src,
                                                        bool bound_ctrl) {
  return detail::wave_from_bits<unsigned int>(
      __amdgcn_wave_sr1(detail::wave_bits(src), bound_ctrl));
}
HC_INLINE HC_HOST_DEVICE float __amdgcn_wave_sr1(float src, bool bound_ctrl) {
  return detail::wave_from_bits<float>(
      __amdgcn_wave_sr1(detail::wave_bits(src), bound_ctrl));
}

HC_INLINE HC_HOST_DEVICE unsigned int __amdgcn_wave_sl1(int src,
                                                        bool bound_ctrl) {
  return static_cast<unsigned int>(detail::move_dpp(
      src, 0x130, 15, 15, bound_ctrl, "__amdgcn_wave_sl1"));
}
HC_INLINE HC_HOST_DEVICE unsigned int __amdgcn_wave_sl1(unsigned int src,
                                                        bool bound_ctrl) {
  return __amdgcn_wave_sl1(detail::wave_bits(src), bound_ctrl);
}
HC_INLINE HC_HOST_DEVICE float __amdgcn_wave_sl1(float src, bool bound_ctrl) {
  return detail::wave_from_bits<float>(
      detail::wave_bits(__amdgcn_wave_sl1(detail::wave_bits(src), bound_ctrl)));
}

extern "C" HC_INLINE HC_HOST_DEVICE int __amdgcn_wave_rr1(int src) {
  return detail::move_dpp(src, 0x13C, 15, 15, false, "__amdgcn_wave_rr1");
}
HC_INLINE HC_HOST_DEVICE unsigned int __amdgcn_wave_rr1(unsigned int src) {
  return detail::wave_from_bits<unsigned int>(
      __amdgcn_wave_rr1(detail::wave_bits(src)));
}
HC_INLINE HC_HOST_DEVICE float __amdgcn_wave_rr1(float src) {
  return detail::wave_from_bits<float>(
      __amdgcn_wave_rr1(detail::wave_bits(src)));
}

extern "C" HC_INLINE HC_HOST_DEVICE int __amdgcn_wave_rl1(int src) {
  return detail::move_dpp(src, 0x134, 15, 15, false, "__amdgcn_wave_rl1");
}
HC_INLINE HC_HOST_DEVICE unsigned int __amdgcn_wave_rl1(unsigned int src) {
  return detail::wave_from_bits<unsigned int>(
      __amdgcn_wave_rl1(detail::wave_bits(src)));
}
HC_INLINE HC_HOST_DEVICE float __amdgcn_wave_rl1(float src) {
  return detail::wave_from_bits<float>(
      __amdgcn_wave_rl1(detail::wave_bits(src)));
}

} // namespace hc

#endif // HC_DETAIL_AMDGCN_WAVE_HPP
