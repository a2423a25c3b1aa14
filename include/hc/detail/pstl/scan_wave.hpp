// Wavefront-level helpers of the parallel scan (scan.hpp): shuffles, votes
// and syncs over the whole warp, the asynchronous global-to-group copies
// of NVIDIA GPUs, and an optimisation barrier for indices.
#ifndef HC_DETAIL_PSTL_SCAN_WAVE_HPP
#define HC_DETAIL_PSTL_SCAN_WAVE_HPP

#include "hc/detail/pstl/common.hpp"

namespace hc {
namespace detail {
namespace pstl {

#if HC_DEVICE_PASS && defined(__NVPTX__) && defined(__CUDA_ARCH__) &&          \
    __CUDA_ARCH__ >= 800
#define HC_PSTL_SCAN_ASYNC_COPY 1
#else
#define HC_PSTL_SCAN_ASYNC_COPY 0
#endif

/// Starts copying the 4 bytes at `from` (global memory) to `to` (group
/// memory); scan_async_wait() waits for this thread's copies.
HC_INLINE HC_HOST_DEVICE void scan_async_copy4(void *to, const void *from) {
#if HC_PSTL_SCAN_ASYNC_COPY
  unsigned long long group, global;
  asm volatile("cvta.to.shared.u64 %0, %1;" : "=l"(group) : "l"(to));
  asm volatile("cvta.to.global.u64 %0, %1;" : "=l"(global) : "l"(from));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(
                   static_cast<unsigned>(group)),
               "l"(global)
               : "memory");
#else
  __builtin_memcpy(to, from, 4);
#endif
}
HC_INLINE HC_HOST_DEVICE void scan_async_wait() {
#if HC_PSTL_SCAN_ASYNC_COPY
  asm volatile("cp.async.wait_all;" ::: "memory");
#endif
}

/// v, through an empty assembly statement on NVPTX, so that nothing
/// computed from it is hoisted out of the loop it is used in.
HC_INLINE HC_HOST_DEVICE int opaque_int(int v) {
#if HC_DEVICE_PASS && defined(__NVPTX__)
  asm volatile("" : "+r"(v));
#endif
  return v;
}

// Wavefront operations of the scan. Every lane of the wavefront makes the
// same calls (a tile is 256 work-items, all of them run the kernel, and
// every loop below runs the same number of times in all lanes), so the
// member mask is the whole warp, never __activemask(): under independent
// thread scheduling lanes that took different branches earlier need not
// have reconverged, and an active-mask shuffle then reads lanes outside
// its mask. On the CPU backend a wavefront is one work-item and there is
// nothing to exchange.

/// v moved between the lanes of a wavefront one 32-bit word at a time:
/// shuffle(word) is the word this lane receives (device pass only).
template <class R, class Shuffle>
HC_INLINE HC_HOST_DEVICE R scan_shuffle_words(const R &v,
                                              const Shuffle &shuffle) {
  constexpr int words = (sizeof(R) + sizeof(int) - 1) / sizeof(int);
  int in[words] = {};
  __builtin_memcpy(in, &v, sizeof(R));
  int out[words];
  for (int i = 0; i < words; ++i)
    out[i] = shuffle(in[i]);
  R r;
  __builtin_memcpy(&r, out, sizeof(R));
  return r;
}

/// The value of lane `lane - delta` (0 < delta < wave size).
template <class R>
HC_INLINE HC_HOST_DEVICE R scan_shfl_up(const R &v, unsigned delta) {
#if HC_DEVICE_PASS
  return scan_shuffle_words(v, [delta](int word) {
#if defined(__NVPTX__)
    return __nvvm_shfl_sync_up_i32(0xffffffffu, word, delta, 0);
#else
    return hc::__shfl_up(word, delta, static_cast<int>(hc::__wavesize()));
#endif
  });
#else
  (void)delta;
  return v;
#endif
}

/// The value of lane `lane + delta` (0 < delta < wave size; lanes past the
/// end get their own).
template <class R>
HC_INLINE HC_HOST_DEVICE R scan_shfl_down(const R &v, unsigned delta) {
#if HC_DEVICE_PASS
  return scan_shuffle_words(v, [delta](int word) {
#if defined(__NVPTX__)
    return __nvvm_shfl_sync_down_i32(0xffffffffu, word, delta, 0x1f);
#else
    return hc::__shfl_down(word, delta, static_cast<int>(hc::__wavesize()));
#endif
  });
#else
  (void)delta;
  return v;
#endif
}

/// Bit i: lane i's predicate.
HC_INLINE HC_HOST_DEVICE unsigned long long scan_ballot(bool pred) {
#if HC_DEVICE_PASS && defined(__NVPTX__)
  return __nvvm_vote_ballot_sync(0xffffffffu, pred);
#elif HC_DEVICE_PASS
  return hc::__ballot(pred);
#else
  return pred ? 1u : 0u;
#endif
}

/// Orders the group-memory accesses of the wavefront's lanes before the
/// call against those after it.
HC_INLINE HC_HOST_DEVICE void scan_wave_sync() {
#if HC_DEVICE_PASS && defined(__NVPTX__)
  __nvvm_bar_warp_sync(0xffffffffu);
#elif HC_DEVICE_PASS
  __gpu_sync_lane(__gpu_lane_mask());
#endif
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
