// The decoupled look-back of the parallel scan (scan.hpp): partition
// descriptors and their device-scope accesses, the per-thread block of
// accelerator memory that holds them, and the wavefront that reads them
// back to find what comes before a partition.
#ifndef HC_DETAIL_PSTL_SCAN_LOOKBACK_HPP
#define HC_DETAIL_PSTL_SCAN_LOOKBACK_HPP

#include "hc/detail/pstl/common.hpp"
#include "hc/detail/pstl/scan_wave.hpp"
#include "hc/detail/am_runtime.hpp"

#include <thread>

namespace hc {
namespace detail {
namespace pstl {

/// What a partition's descriptor holds.
enum : unsigned {
  status_invalid = 0,   // nothing yet
  status_aggregate = 1, // the partition's own total
  status_inclusive = 2  // everything up to and including the partition
};

/// Values of up to 4 bytes share one 64-bit word with their status.
template <class R> constexpr bool packed_descriptor = sizeof(R) <= 4;

/// One 64-bit descriptor: the value's bytes and the status.
struct packed_word {
  unsigned char value[4];
  unsigned status;
};
static_assert(sizeof(packed_word) == sizeof(unsigned long long),
              "a packed descriptor must be one 64-bit word");

// The descriptor and counter accesses. On NVIDIA GPUs (sm_70 and later)
// they are device scope (.gpu): the partitions' tiles all run on one GPU,
// and hc's atomics would be system scope (docs/platform-atomics.md), which
// is more than the look-back needs. They are strong operations (never the
// non-coherent or a plain, cacheable load), so a poll always asks the L2.
#if HC_DEVICE_PASS && defined(__NVPTX__) && defined(__CUDA_ARCH__) &&          \
    __CUDA_ARCH__ >= 700
#define HC_PSTL_SCAN_GPU_SCOPE 1
#else
#define HC_PSTL_SCAN_GPU_SCOPE 0
#endif

HC_INLINE HC_HOST_DEVICE unsigned scan_take_partition(unsigned *counter) {
#if HC_PSTL_SCAN_GPU_SCOPE
  unsigned r;
  asm volatile("atom.relaxed.gpu.add.u32 %0, [%1], 1;"
               : "=r"(r)
               : "l"(counter)
               : "memory");
  return r;
#else
  return __atomic_fetch_add(counter, 1u, __ATOMIC_RELAXED);
#endif
}
HC_INLINE HC_HOST_DEVICE void scan_store_relaxed(unsigned long long *p,
                                                 unsigned long long v) {
#if HC_PSTL_SCAN_GPU_SCOPE
  asm volatile("st.relaxed.gpu.b64 [%0], %1;" ::"l"(p), "l"(v) : "memory");
#else
  __atomic_store_n(p, v, __ATOMIC_RELAXED);
#endif
}
HC_INLINE HC_HOST_DEVICE unsigned long long
scan_load_relaxed(const unsigned long long *p) {
#if HC_PSTL_SCAN_GPU_SCOPE
  unsigned long long v;
  asm volatile("ld.relaxed.gpu.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
#else
  return __atomic_load_n(p, __ATOMIC_RELAXED);
#endif
}
HC_INLINE HC_HOST_DEVICE void scan_store_release(unsigned *p, unsigned v) {
#if HC_PSTL_SCAN_GPU_SCOPE
  asm volatile("st.release.gpu.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
#else
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
#endif
}
HC_INLINE HC_HOST_DEVICE unsigned scan_load_acquire(const unsigned *p) {
#if HC_PSTL_SCAN_GPU_SCOPE
  unsigned v;
  asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
#else
  return __atomic_load_n(p, __ATOMIC_ACQUIRE);
#endif
}

/// The descriptors of values up to 4 bytes: one word per partition, stored
/// and loaded as a whole (relaxed: the value travels with its status,
/// nothing else needs ordering).
template <class R, bool Packed = packed_descriptor<R>> struct scan_descriptors {
  unsigned long long *words;

  void publish(long long p, unsigned status, const R &v) const {
    packed_word d{};
    __builtin_memcpy(d.value, &v, sizeof(R));
    d.status = status;
    unsigned long long w;
    __builtin_memcpy(&w, &d, sizeof w);
    scan_store_relaxed(words + p, w);
  }
  /// The status of partition p and, unless invalid, its value in v.
  unsigned poll(long long p, R &v) const {
    unsigned long long w = scan_load_relaxed(words + p);
    packed_word d;
    __builtin_memcpy(&d, &w, sizeof w);
    __builtin_memcpy(&v, d.value, sizeof(R));
    return d.status;
  }
};

/// The descriptors of larger values: a status word per partition and two
/// value arrays (the aggregate stays readable after the inclusive prefix is
/// published). Values are written before the status is stored (release)
/// and read after it is loaded (acquire).
template <class R> struct scan_descriptors<R, false> {
  unsigned *status;
  R *aggregates;
  R *inclusives;

  void publish(long long p, unsigned s, const R &v) const {
    R *slot = s == status_aggregate ? aggregates + p : inclusives + p;
    __builtin_memcpy(slot, &v, sizeof(R));
    scan_store_release(status + p, s);
  }
  unsigned poll(long long p, R &v) const {
    unsigned s = scan_load_acquire(status + p);
    if (s == status_aggregate)
      __builtin_memcpy(&v, aggregates + p, sizeof(R));
    else if (s == status_inclusive)
      __builtin_memcpy(&v, inclusives + p, sizeof(R));
    return s;
  }
};

/// Where the scan's state lies in its memory block: the partition counter,
/// the status (or packed) words (both cleared before every scan), then,
/// for unpacked descriptors, the two value arrays.
template <class R> struct scan_layout {
  static constexpr std::size_t align = 256;
  static constexpr std::size_t round_up(std::size_t b) {
    return (b + align - 1) / align * align;
  }
  std::size_t partitions;
  std::size_t cleared() const {
    return align + round_up(partitions * (packed_descriptor<R>
                                              ? sizeof(unsigned long long)
                                              : sizeof(unsigned)));
  }
  std::size_t values() const { return round_up(partitions * sizeof(R)); }
  std::size_t bytes() const {
    return cleared() + (packed_descriptor<R> ? 0 : 2 * values());
  }
};

/// A block of accelerator memory for the scan state, one per host thread,
/// grown on demand and freed when the thread ends (allocating it per call
/// would cost more than a scan of a few hundred thousand elements).
struct scan_state_block {
  void *base = nullptr;
  std::size_t bytes = 0;
  scan_state_block() = default;
  scan_state_block(const scan_state_block &) = delete;
  scan_state_block &operator=(const scan_state_block &) = delete;
  ~scan_state_block() {
    if (base)
      am_release(base);
  }
  unsigned char *get(std::size_t need) {
    if (need > bytes) {
      if (base)
        am_release(base);
      base = nullptr;
      bytes = 0;
      accelerator acc;
      base = am_allocate(need, acc.device(), 0);
      if (!base)
        throw ::hc::runtime_exception("hcc parallel STL: no accelerator memory "
                                "for the scan's partition descriptors",
                                0);
      bytes = need;
    }
    return static_cast<unsigned char *>(base);
  }
};
inline unsigned char *scan_state(std::size_t bytes) {
  static thread_local scan_state_block block;
  return block.get(bytes);
}

/// Backs off while a descriptor has nothing yet: a short sleep on the GPU
/// (fewer polls competing with the loads of the other tiles), the pool
/// thread on the CPU backend (the partition waited for runs on another).
HC_INLINE HC_HOST_DEVICE void lookback_pause() {
#if HC_DEVICE_PASS && defined(__NVPTX__)
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
  __nvvm_nanosleep(64);
#endif
#elif HC_DEVICE_PASS && defined(__AMDGCN__)
  __builtin_amdgcn_s_sleep(1);
#elif !HC_DEVICE_PASS
  std::this_thread::yield();
#endif
}

/// The look-back of partition p > 0, by one whole wavefront: lane i reads
/// the descriptor of partition end - wave + i (the window); the wavefront
/// waits until none of them is invalid (a vote, so every lane leaves the
/// wait together: no lane reaches a barrier or a shuffle alone), folds
/// the window from its last inclusive prefix on, in order, with shuffles,
/// or all of it and goes one window further back. Returns what comes
/// before partition p, in lane 0 (the other lanes' values are partial).
template <class R, class Desc, class Op>
HC_INLINE HC_HOST_DEVICE R scan_look_back(int p, int lane, int wave,
                                          const Desc &desc, const Op &op) {
  R exclusive{};
  bool first_window = true;
  for (int end = p;; end -= wave) {
    const int j = end - wave + lane;
    unsigned st = status_invalid;
    R v{};
    for (;;) {
      if (j >= 0 && st == status_invalid)
        st = desc.poll(j, v);
      if (scan_ballot(j >= 0 && st == status_invalid) == 0)
        break;
      lookback_pause();
    }
    // The last lane with an inclusive prefix. Partition 0 always publishes
    // one, so a window that reaches before it has one, and without one
    // every lane of the window holds a partition (j >= 0).
    const unsigned long long inclusive = scan_ballot(st == status_inclusive);
    const int last = inclusive ? 63 - __builtin_clzll(inclusive) : -1;
    // In-order reduction of the lanes from `last` on into lane 0: after
    // the step of distance d, lane i holds the fold of its lanes in
    // [i, i + 2d); lanes before `last` hold nothing.
    // The common case, the partition just before the window's end has its
    // inclusive prefix: that is all (one shuffle into lane 0).
    if (last == wave - 1) {
      if (wave > 1)
        v = scan_shfl_down(v, static_cast<unsigned>(wave - 1));
    } else {
      bool has = lane >= last && j >= 0;
      for (int d = 1; d < wave; d *= 2) {
        const R y = scan_shfl_down(v, static_cast<unsigned>(d));
        const bool y_has =
            scan_ballot(has) >> ((lane + d) & 63) & 1 && lane + d < wave;
        if (y_has) {
          v = has ? op(v, y) : y;
          has = true;
        }
      }
    }
    exclusive = first_window ? v : op(v, exclusive);
    first_window = false;
    if (last >= 0)
      return exclusive;
  }
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
