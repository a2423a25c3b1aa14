// The scan behind inclusive_scan, exclusive_scan and the transform_*_scan
// algorithms: a single-pass chained scan with decoupled look-back (Merrill
// and Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back",
// 2016). The input is read once and the output written once.
//
// The operation need only be associative (GENERALIZED_NONCOMMUTATIVE_SUM):
// every combination keeps the left operand earlier in the sequence than
// the right one.
//
// One kernel of one tile per partition of partition_size elements (4096
// floats read from an array: 128 threads x 32 consecutive elements; see
// scan_items for the other shapes). A tile
//   1. takes the next partition number from a counter (atomic fetch-add),
//      so that partitions are handed out in the order the tiles start: a
//      tile only ever waits for partitions whose tiles are already running,
//      which guarantees progress however the tiles are scheduled;
//   2. loads its partition (coalesced, all of a thread's loads in flight);
//      each wavefront transposes its share through its part of group
//      memory so that each thread owns consecutive elements (a wavefront
//      sync, no tile barrier), scans them in registers and puts them back;
//   3. scans the thread totals within each wavefront (shuffles), then, in
//      wavefront 0, lane 0 scans the wavefront totals and publishes the
//      partition's aggregate right away; wavefront 0 then looks back alone:
//      lane i reads the descriptor of partition end - wave + i, the
//      wavefront waits (a vote per poll) until none is invalid, folds the
//      window from its last inclusive prefix on with shuffles (or all of
//      it, and goes one window further back), and publishes the inclusive
//      prefix. The other wavefronts wait at one barrier;
//   4. combines each element after what comes before it and writes the
//      results (transposed back through the wavefront's group memory,
//      coalesced).
// Four tile barriers in all (two around taking the partition, one for the
// wavefront totals, one after the look-back).
// Descriptors of values up to 4 bytes are one 64-bit word (status and
// value, stored and loaded atomically); larger values sit in two arrays
// (aggregates, inclusive prefixes) written before their status word is
// stored with release order and read after it is loaded with acquire order
// (device scope on NVIDIA GPUs: see scan_take_partition below).
// The counter and the descriptors live in a per-thread block of accelerator
// memory, cleared by a small kernel queued before the scan on the same
// queue (one CUDA stream, so it finishes before the scan starts).
//
// Convergence (why the look-back is one wavefront with votes): on NVIDIA
// GPUs since Volta, lanes of a warp that took different branches are not
// guaranteed to run together again at any given point. The earlier
// version had 32 work-items each spin on its own descriptor and then meet
// the tile barrier (bar.sync, which PTX defines only for warps that
// execute it converged), and shuffled with __activemask() as the member
// mask (which names only the lanes that happen to be together): both are
// undefined when the warp has not reconverged, and a hang of one tile in
// eight runs fits the first. Now every shuffle and vote names the whole
// warp, every lane of a wavefront runs the same loop iterations, and a
// wait loop ends on a vote, so no lane reaches a barrier or a shuffle
// alone.
//
// The CPU backend runs each tile to completion on one pool thread before
// the thread takes another tile, so the tiles waited for are running on
// other threads (or done); a waiting work-item yields its thread. Its
// wavefront is one work-item: the look-back window is one partition and
// there is nothing to transpose or shuffle.
#ifndef HC_DETAIL_PSTL_SCAN_HPP
#define HC_DETAIL_PSTL_SCAN_HPP

#include "hc/detail/pstl/common.hpp"
#include "hc/detail/am_runtime.hpp"

#include <climits>
#include <thread>

namespace hc {
namespace detail {
namespace pstl {

/// A scan's load that reads element g of a contiguous array whose elements
/// are R (the scans of a view or range of R without a transformation).
/// For 4-byte values the partitions then go from global into group memory
/// by the GPU's asynchronous copies (cp.async, NVIDIA sm_80 and later),
/// not through registers, and a thread can take 32 elements instead of 16
/// (see scan_items): more of the input in flight per multiprocessor, which
/// is what limits the scan (it waits on memory latency, not bandwidth).
template <class R, class View> struct contiguous_load {
  View view; // rank 1, elements R (possibly const)
  R operator()(long long g) const { return view[static_cast<int>(g)]; }
  const R *address(int g) const { return &view[g]; }
};
template <class Load> struct is_contiguous_load : std::false_type {};
template <class R, class View>
struct is_contiguous_load<contiguous_load<R, View>> : std::true_type {};

/// Whether a scan reads 4-byte values straight from a contiguous array: it
/// gets its own partition shape (the same in the host and device passes).
template <class R, class Load>
constexpr bool direct_4b = sizeof(R) == 4 && is_contiguous_load<Load>::value;

/// The partition shape: scan_tile_size work-items x scan_items consecutive
/// elements each (a divisor of 32). Measured on an H100, 2^28 floats
/// against CUB (session 6):
///   - Direct (contiguous 4-byte values, copied with cp.async): 128 x 32,
///     0.84-0.87x (256 x 32 0.85, 64 x 32 0.84, 512 x 16 0.75);
///   - other 4-byte values (loads through registers): 512 x 16, 0.77x
///     (256 x 16 0.74, 128 x 16 0.70, 256 or 512 x 8 0.56-0.58, 128 x 32
///     0.48: too many registers). The look-back and the barriers cost per
///     partition, registers limit the tiles per multiprocessor;
///   - larger values: 256 x 8, 4, 2 or 1 (up to 8, 16, 32 bytes, larger),
///     so a tile's group memory stays under 48 KiB for values of up to
///     ~170 bytes.
/// HC_PSTL_SCAN_TILE_4B and HC_PSTL_SCAN_ITEMS_4B override the shape of the
/// register path for 4-byte values (tuning knobs for GPU measurements).
#ifndef HC_PSTL_SCAN_ITEMS_4B
#define HC_PSTL_SCAN_ITEMS_4B 16
#endif
#ifndef HC_PSTL_SCAN_TILE_4B
#define HC_PSTL_SCAN_TILE_4B 512
#endif
template <class R, bool Direct = false>
constexpr int scan_items = Direct              ? 32
                           : sizeof(R) <= 4    ? HC_PSTL_SCAN_ITEMS_4B
                           : sizeof(R) <= 8    ? 8
                           : sizeof(R) <= 16   ? 4
                           : sizeof(R) <= 32   ? 2
                                               : 1;
template <class R, bool Direct = false>
constexpr int scan_tile_size = Direct              ? 128
                               : sizeof(R) <= 4    ? HC_PSTL_SCAN_TILE_4B
                                                   : 256;
template <class R, bool Direct = false>
constexpr int partition_size =
    scan_tile_size<R, Direct> * scan_items<R, Direct>;

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

#if HC_DEVICE_PASS && defined(__NVPTX__) && defined(__CUDA_ARCH__) &&          \
    __CUDA_ARCH__ >= 800
#define HC_PSTL_SCAN_ASYNC_COPY 1
#else
#define HC_PSTL_SCAN_ASYNC_COPY 0
#endif
/// Whether scan_partition copies with cp.async for this value and load.
template <class R, class Load>
constexpr bool scan_async_loads = HC_PSTL_SCAN_ASYNC_COPY && direct_4b<R, Load>;

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

/// Group memory of a scanning tile. Raw bytes (tile_static variables
/// cannot have constructors); every byte array's size is a multiple of
/// sizeof(R), so each starts aligned for R.
template <class R, bool Direct>
struct alignas(alignof(R) > alignof(unsigned) ? alignof(R) : alignof(unsigned))
    scan_tile_storage {
  static constexpr int elements = partition_size<R, Direct>;
  // Wavefronts per tile: 8 (or 4) on a GPU, one per work-item on the CPU
  // backend (hc::__wavesize() == 1 there).
#if HC_DEVICE_PASS
  static constexpr int max_waves = scan_tile_size<R, Direct> / 32;
#else
  static constexpr int max_waves = scan_tile_size<R, Direct>;
#endif
  // The partition, skewed by one slot every 32 so that threads reading
  // their consecutive elements hit different banks. Each wavefront only
  // touches its own part (its wave_size * K consecutive elements).
  unsigned char items[sizeof(R) * (elements + elements / 32)];
  // The wavefronts' totals; wavefront 0 scans them in place.
  unsigned char wave_totals[sizeof(R) * max_waves];
  unsigned char prefix[sizeof(R)]; // what comes before the partition
  int partition;
};

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

/// One tile's partition: see the top of the file. load(g) gives element g
/// as R, store(g, v) writes result g; has_init: init comes before element
/// 0 (always for Exclusive).
template <bool Exclusive, class R, class Desc, class Load, class Op,
          class Store>
inline void scan_partition(tiled_index<1> &idx,
                           scan_tile_storage<R, direct_4b<R, Load>> &s,
                           unsigned *counter, const Desc &desc, int total,
                           bool has_init, const R &init, const Load &load,
                           const Op &op, const Store &store) {
  constexpr bool direct = direct_4b<R, Load>;
  constexpr int K = scan_items<R, direct>;
  constexpr int P = partition_size<R, direct>;
  static_assert(32 % K == 0 && scan_tile_size<R, direct> % 32 == 0,
                "skew arithmetic");
  R *items = reinterpret_cast<R *>(s.items);
  R *wave_totals = reinterpret_cast<R *>(s.wave_totals);
  // Opaque to the optimiser: otherwise it computes every per-thread index
  // before the loop over tiles in hc's kernel entry and keeps them all in
  // registers through the whole tile.
  const int l = opaque_int(idx.local[0]);
  const int wave = static_cast<int>(hc::__wavesize()); // 32, 64 or 1
  const int lane = l & (wave - 1);
  const int w = l / wave;

  // 1. The partition: in the order the tiles get here. The first barrier
  // keeps work-item 0 from overwriting the partition number (and anyone
  // from group memory) while another work-item of the block is still in
  // its previous tile, where a block walks several (hc's tiled launch
  // gives each tile its own block up to CUDA's grid limit).
  idx.barrier.wait();
  if (l == 0)
    s.partition = static_cast<int>(scan_take_partition(counter));
  idx.barrier.wait();
  const int p = s.partition;
  // Element indices are ints (array_view indices; tiled_scan checks n):
  // int arithmetic lets the compiler fold the constant offsets of a
  // thread's loads and stores into their addresses.
  const int begin = p * P;
  const int count = total - begin < P ? total - begin : P;
  const bool full = count == P;

  // 2. Load: wavefront w owns elements [w * wave * K, (w + 1) * wave * K)
  // of the partition; lane i loads its elements k * wave + i (coalesced,
  // all K loads in flight) and the wavefront transposes them through its
  // part of group memory so that each thread has K consecutive elements
  // (thread l: l * K ...). Only a wavefront-level sync, no tile barrier.
  // Element j of the partition is in items[j + j / 32]; with a wave of 32
  // or 64 a thread's slots are one base plus constants.
  const int seg = w * wave * K;
  const int first = l * K; // == seg + lane * K
  const int mine = count <= first ? 0 : count - first < K ? count - first : K;
  const int threads = (count + K - 1) / K; // threads with elements
  const int waves = (threads + wave - 1) / wave; // wavefronts with elements
  // This thread's elements in group memory, and their total (x).
  R *blocked = items + first + (first >> 5);
  R x{};
  if constexpr (scan_async_loads<R, Load>) {
    // 2 and 3 without registers for the elements: the copies land in the
    // striped slots, then each thread scans its slots in place.
    const int sj = seg + lane;
    R *striped = items + sj + (sj >> 5);
    const int stride = wave + wave / 32;
    for (int k = 0; k < K; ++k)
      if (full || sj + k * wave < count)
        scan_async_copy4(striped + k * stride,
                         load.address(begin + sj + k * wave));
    scan_async_wait();
    scan_wave_sync();
    if (mine > 0)
      x = blocked[0];
    for (int k = 1; k < K; ++k)
      if (k < mine)
        blocked[k] = x = op(x, blocked[k]);
  } else {
    // All partitions but the last are full: no bounds checks there, so the
    // loads form one straight run.
    R v[K];
    if (wave == 1) {
      for (int k = 0; k < K; ++k)
        if (full || first + k < count)
          v[k] = load(begin + first + k);
    } else {
      const int sj = seg + lane; // striped element of k == 0
      R *striped = items + sj + (sj >> 5);
      const int stride = wave + wave / 32;
      if (full) {
        // Opaque: the compiler cannot see that g's low bits are the lane, so
        // g + k * wave stays an add (not an or) and k * wave folds into the
        // address offsets of one base (fewer registers).
        const int g = opaque_int(begin + sj);
        for (int k = 0; k < K; ++k)
          v[k] = load(g + k * wave);
        for (int k = 0; k < K; ++k)
          striped[k * stride] = v[k];
      } else {
        for (int k = 0; k < K; ++k)
          if (sj + k * wave < count)
            striped[k * stride] = load(begin + sj + k * wave);
      }
      scan_wave_sync();
      const R *mine_slots = items + first + (first >> 5);
      for (int k = 0; k < K; ++k)
        if (full || first + k < count)
          v[k] = mine_slots[k];
    }

    // 3. Inclusive scan of this thread's elements, in registers; x: their
    // total. The scanned elements go back to group memory (this thread's
    // slots, which only it reads until step 7) rather than stay in
    // registers through the look-back, where they would cut the tiles that
    // fit on a multiprocessor.
    for (int k = 1; k < K; ++k)
      if (k < mine)
        v[k] = op(v[k - 1], v[k]);
    x = v[0];
    if (full) {
      x = v[K - 1];
    } else {
      for (int k = 1; k < K; ++k)
        if (k < mine)
          x = v[k];
    }
    for (int k = 0; k < K; ++k)
      if (k < mine)
        blocked[k] = v[k];
  }

  // 4. Inclusive scan of the thread totals within each wavefront
  // (shuffles). The threads with elements are the first `threads`, so a
  // lane with a value has values in every lane below it. `before`: the
  // lanes before this one in its wavefront (lane > 0).
  for (int d = 1; d < wave; d *= 2) {
    const R y = scan_shfl_up(x, static_cast<unsigned>(d));
    if (lane >= d && l < threads)
      x = op(y, x);
  }
  R before = x;
  if (wave > 1)
    before = scan_shfl_up(x, 1u);
  if (l < threads && (lane == wave - 1 || l == threads - 1))
    wave_totals[w] = x;
  idx.barrier.wait();

  // 5. Wavefront 0: lane 0 scans the wavefront totals in place and
  // publishes the partition's aggregate at once; the whole wavefront looks
  // back (its first step is a vote of all its lanes, which also brings lane
  // 0 back) and lane 0 publishes the inclusive prefix. The other
  // wavefronts wait at the barrier after it. p is the same for the whole
  // tile, and the look-back runs the same steps in every lane.
  if (w == 0) {
    R aggregate{};
    if (lane == 0) {
      aggregate = wave_totals[0];
      for (int u = 1; u < waves; ++u)
        wave_totals[u] = aggregate = op(aggregate, wave_totals[u]);
      if (p == 0)
        desc.publish(0, status_inclusive,
                     has_init ? op(init, aggregate) : aggregate);
      else
        desc.publish(p, status_aggregate, aggregate);
    }
    if (p > 0) {
      const R exclusive = scan_look_back<R>(p, lane, wave, desc, op);
      if (lane == 0) {
        desc.publish(p, status_inclusive, op(exclusive, aggregate));
        __builtin_memcpy(s.prefix, &exclusive, sizeof(R));
      }
    }
  }
  idx.barrier.wait();

  // 6. What comes before this thread's first element: the partition's
  // prefix (or init), the wavefronts before this one, the lanes before
  // this one; earlier operands on the left.
  bool has_pre = p > 0 || has_init;
  R pre = init;
  if (p > 0)
    __builtin_memcpy(&pre, s.prefix, sizeof(R));
  // (Only threads with elements: wavefront totals past the last
  // wavefront with elements were never written, and op is not called on
  // values that are not elements or combinations of them.)
  if (w > 0 && mine > 0) {
    pre = has_pre ? op(pre, wave_totals[w - 1]) : wave_totals[w - 1];
    has_pre = true;
  }
  if (lane > 0 && mine > 0) {
    pre = has_pre ? op(pre, before) : before;
    has_pre = true;
  }
  // The partition's start and size again from group memory (the compiler
  // must reload them after the barriers), so that no element index of the
  // loads is kept in a register through the look-back.
  const int out_begin = s.partition * P;
  const int out_count = total - out_begin < P ? total - out_begin : P;
  const bool out_full = out_count == P;
  if (Exclusive) {
    // Downwards: element k takes the inclusive value of k - 1, not yet
    // overwritten (has_pre always holds: an exclusive scan has an init).
    for (int k = K - 1; k > 0; --k)
      if (k < mine)
        blocked[k] = has_pre ? op(pre, blocked[k - 1]) : blocked[k - 1];
    if (mine > 0)
      blocked[0] = pre;
  } else if (has_pre) {
    for (int k = 0; k < K; ++k)
      if (k < mine)
        blocked[k] = op(pre, blocked[k]);
  }

  // 7. Store, transposed back through the wavefront's part of group
  // memory (the same lanes' slots as the loads of step 2), coalesced.
  if (wave == 1) {
    for (int k = 0; k < K; ++k)
      if (k < mine)
        store(out_begin + first + k, blocked[k]);
  } else {
    scan_wave_sync();
    const int sj = seg + lane;
    const R *striped = items + sj + (sj >> 5);
    const int stride = wave + wave / 32;
    if (out_full) {
      const int g = opaque_int(out_begin + sj); // as for the loads
      for (int k = 0; k < K; ++k)
        store(g + k * wave, striped[k * stride]);
    } else {
      for (int k = 0; k < K; ++k)
        if (sj + k * wave < out_count)
          store(out_begin + sj + k * wave, striped[k * stride]);
    }
  }
}

/// Scans load(0) ... load(n - 1) with op into store(i, value); n > 0.
/// has_init: init comes before the first element (always for Exclusive).
template <bool Exclusive, class R, class Load, class Op, class Store>
void tiled_scan(std::size_t n, bool has_init, R init, const Load &load,
                const Op &op, const Store &store) {
  static_assert(std::is_trivially_copyable<R>::value &&
                    std::is_default_constructible<R>::value,
                "hcc's parallel reduce and scans keep values in group memory "
                "and copy them between host and accelerator: the value type "
                "must be trivially copyable and default constructible");
  constexpr bool direct = direct_4b<R, Load>;
  constexpr std::size_t P = partition_size<R, direct>;
  constexpr int tile = scan_tile_size<R, direct>;
  // Element indices are ints in the kernel (load and store index
  // array_views, whose extents are ints).
  if (n > static_cast<std::size_t>(INT_MAX))
    throw ::hc::runtime_exception("hcc parallel STL: a scan of more than "
                                  "INT_MAX elements (array_view indices are "
                                  "ints)",
                                  0);
  const std::size_t partitions = (n + P - 1) / P;
  if (partitions * tile > static_cast<std::size_t>(INT_MAX))
    throw ::hc::runtime_exception("hcc parallel STL: a scan of this many elements "
                            "of this size needs more tiles than an extent "
                            "can hold",
                            0);
  const scan_layout<R> layout{partitions};
  unsigned char *state = scan_state(layout.bytes());
  unsigned *counter = reinterpret_cast<unsigned *>(state);
  scan_descriptors<R> desc;
  if constexpr (packed_descriptor<R>) {
    desc.words = reinterpret_cast<unsigned long long *>(state + layout.align);
  } else {
    desc.status = reinterpret_cast<unsigned *>(state + layout.align);
    desc.aggregates = reinterpret_cast<R *>(state + layout.cleared());
    desc.inclusives =
        reinterpret_cast<R *>(state + layout.cleared() + layout.values());
  }

  // The counter and the descriptors start at zero (status_invalid). The
  // queue runs the kernels in order, so the scan can follow at once.
  unsigned *words = counter;
  parallel_for_each(extent<1>(static_cast<int>(layout.cleared() /
                                               sizeof(unsigned))),
                    [=](index<1> i) [[hc]] { words[i[0]] = 0u; });

  const int total = static_cast<int>(n);
  completion_future done = parallel_for_each(
      extent<1>(static_cast<int>(partitions * tile)).tile(tile),
      [=](tiled_index<1> idx) [[hc]] {
        tile_static scan_tile_storage<R, direct> storage;
        scan_partition<Exclusive>(idx, storage, counter, desc, total,
                                  has_init, init, load, op, store);
      });
  done.wait();
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
