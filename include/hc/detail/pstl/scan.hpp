// The scan behind inclusive_scan, exclusive_scan and the transform_*_scan
// algorithms: a single-pass chained scan with decoupled look-back (Merrill
// and Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back",
// 2016). The input is read once and the output written once.
//
// The operation need only be associative (GENERALIZED_NONCOMMUTATIVE_SUM):
// every combination keeps the left operand earlier in the sequence than
// the right one.
//
// One kernel of one tile per partition of partition_size<R> elements (4096
// floats: 256 threads x 16 consecutive elements). A tile
//   1. takes the next partition number from a counter (atomic fetch-add),
//      so that partitions are handed out in the order the tiles start: a
//      tile only ever waits for partitions whose tiles are already running,
//      which guarantees progress however the tiles are scheduled;
//   2. loads its partition (coalesced, all of a thread's loads in flight),
//      transposes it through group memory so that each thread owns
//      consecutive elements, scans them in place there (registers would be
//      live through the look-back: fewer tiles per multiprocessor) and
//      scans the 256 thread totals (Hillis-Steele, double-buffered);
//   3. publishes the partition's aggregate in its descriptor, then looks
//      back: 32 threads read the descriptors of the 32 partitions before
//      it (waiting while one has published nothing), one thread folds the
//      window from its last inclusive prefix on (or all of it, and the
//      walk goes on 32 partitions further back); publishes its own
//      inclusive prefix;
//   4. writes its results, combined after that prefix (transposed back
//      through group memory, coalesced).
// The window's last inclusive prefix is found with a group-memory atomic
// max over the lanes that read one.
// Descriptors of values up to 4 bytes are one 64-bit word (status and
// value, stored and loaded atomically); larger values sit in two arrays
// (aggregates, inclusive prefixes) written before their status word is
// stored with release order and read after it is loaded with acquire order.
// The counter and the descriptors live in a per-thread block of accelerator
// memory, cleared by a small kernel queued before the scan (no host round
// trip).
//
// The CPU backend runs each tile to completion on one pool thread before
// the thread takes another tile, so the tiles waited for are running on
// other threads (or done); a waiting work-item yields its thread.
#ifndef HC_DETAIL_PSTL_SCAN_HPP
#define HC_DETAIL_PSTL_SCAN_HPP

#include "hc/detail/pstl/common.hpp"
#include "hc/detail/am_runtime.hpp"

#include <climits>
#include <thread>

namespace hc {
namespace detail {
namespace pstl {

/// Consecutive elements each thread scans: partitions of
/// tile_size * scan_items<R> elements keep a tile's group memory near
/// 16 KiB (4096 values of up to 4 bytes, 2048 of 8, 1024 of 16, ...).
template <class R>
constexpr int scan_items = sizeof(R) <= 4    ? 16
                           : sizeof(R) <= 8  ? 8
                           : sizeof(R) <= 16 ? 4
                           : sizeof(R) <= 32 ? 2
                                             : 1;
template <class R>
constexpr int partition_size = tile_size * scan_items<R>;

/// Descriptors read per look-back step (threads 0 .. 31 of the tile).
constexpr int lookback_window = 32;

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

/// The descriptors of values up to 4 bytes: one word per partition, stored
/// and loaded as a whole (relaxed atomics: the value travels with its
/// status, nothing else needs ordering).
template <class R, bool Packed = packed_descriptor<R>> struct scan_descriptors {
  unsigned long long *words;

  void publish(long long p, unsigned status, const R &v) const {
    packed_word d{};
    __builtin_memcpy(d.value, &v, sizeof(R));
    d.status = status;
    unsigned long long w;
    __builtin_memcpy(&w, &d, sizeof w);
    __atomic_store_n(words + p, w, __ATOMIC_RELAXED);
  }
  /// The status of partition p and, unless invalid, its value in v.
  unsigned poll(long long p, R &v) const {
    unsigned long long w = __atomic_load_n(words + p, __ATOMIC_RELAXED);
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
    __atomic_store_n(status + p, s, __ATOMIC_RELEASE);
  }
  unsigned poll(long long p, R &v) const {
    unsigned s = __atomic_load_n(status + p, __ATOMIC_ACQUIRE);
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
template <class R>
struct alignas(alignof(R) > alignof(unsigned) ? alignof(R) : alignof(unsigned))
    scan_tile_storage {
  static constexpr int elements = partition_size<R>;
  // The partition, skewed by one slot every 32 so that threads reading
  // their consecutive elements hit different banks.
  unsigned char items[sizeof(R) * (elements + elements / 32)];
  // Thread totals: two buffers (one barrier per scan step) for values up
  // to 16 bytes, one (two barriers per step) for larger ones, which would
  // otherwise push the group memory of a tile past 48 KiB sooner.
  static constexpr bool ping_pong = sizeof(R) <= 16;
  unsigned char sums[ping_pong ? 2 : 1][sizeof(R) * tile_size];
  unsigned char window[sizeof(R) * lookback_window];
  unsigned char prefix[sizeof(R)]; // what comes before the partition
  int window_last; // the window's last inclusive prefix (lane), or -1
  int partition;
  int lookback_done;
};

/// One tile's partition: see the top of the file. load(g) gives element g
/// as R, store(g, v) writes result g; has_init: init comes before element
/// 0 (always for Exclusive).
template <bool Exclusive, class R, class Desc, class Load, class Op,
          class Store>
inline void scan_partition(tiled_index<1> &idx, scan_tile_storage<R> &s,
                           unsigned *counter, const Desc &desc,
                           long long total, bool has_init, const R &init,
                           const Load &load, const Op &op,
                           const Store &store) {
  constexpr int K = scan_items<R>;
  constexpr int P = partition_size<R>;
  constexpr int W = lookback_window;
  R *items = reinterpret_cast<R *>(s.items);
  R *window = reinterpret_cast<R *>(s.window);
  // Opaque to the optimiser: otherwise it computes every per-thread index
  // before the loop over tiles in hc's kernel entry and keeps them all in
  // registers through the whole tile.
  const int l = opaque_int(idx.local[0]);
  // Element j of the partition is in items[j + j / 32]. Written so that a
  // thread's slots are one base plus constants (fewer registers): striped
  // element k * tile_size + l, and blocked element l * K + k (K divides 32,
  // so k never carries into the skew).
  static_assert(32 % K == 0 && tile_size % 32 == 0, "skew arithmetic");
  R *striped = items + l + (l >> 5);
  auto stripe = [](int k) { return k * (tile_size + tile_size / 32); };
  R *blocked = items + l * K + ((l * K) >> 5);

  // 1. The partition: in the order the tiles get here.
  if (l == 0) {
    s.partition = static_cast<int>(atomic_fetch_add(counter, 1u));
    s.window_last = -1;
  }
  idx.barrier.wait();
  const int p = s.partition;
  const long long begin = static_cast<long long>(p) * P;
  const int count = total - begin < P ? static_cast<int>(total - begin) : P;

  // 2. Load striped (coalesced; the K loads are independent, so they are
  // all in flight), then each thread takes its K consecutive elements.
  // All partitions but the last are full: no bounds checks there, so the
  // loads form one straight run.
  const bool full = count == P;
  {
    R v[K];
    if (full) {
      const long long mine_begin = begin + l;
      for (int k = 0; k < K; ++k)
        v[k] = load(mine_begin + k * tile_size);
    } else {
      for (int k = 0; k < K; ++k) {
        const int j = k * tile_size + l;
        if (j < count)
          v[k] = load(begin + j);
      }
    }
    for (int k = 0; k < K; ++k) {
      const int j = k * tile_size + l;
      if (full || j < count)
        striped[stripe(k)] = v[k];
    }
  }
  idx.barrier.wait();
  const int first = l * K;
  const int mine = count <= first ? 0 : count - first < K ? count - first : K;
  const int threads = (count + K - 1) / K; // threads with elements
  // Inclusive scan of this thread's elements, in place in group memory
  // (only this thread touches these slots until the final transpose; kept
  // there rather than in registers, which would be live across the whole
  // look-back and cut the tiles resident per multiprocessor).
  R mine_total{};
  for (int k = 0; k < K; ++k)
    if (k < mine) {
      if (k > 0)
        blocked[k] = op(mine_total, blocked[k]);
      mine_total = blocked[k];
    }

  // Inclusive scan of the thread totals (Hillis-Steele).
  R *sums = reinterpret_cast<R *>(s.sums[0]);
  if (mine > 0)
    sums[l] = mine_total;
  idx.barrier.wait();
  if constexpr (scan_tile_storage<R>::ping_pong) {
    R *next = reinterpret_cast<R *>(s.sums[1]);
    for (int d = 1; d < threads; d *= 2) {
      if (l < threads)
        next[l] = l >= d ? op(sums[l - d], sums[l]) : sums[l];
      idx.barrier.wait();
      R *t = sums;
      sums = next;
      next = t;
    }
  } else {
    for (int d = 1; d < threads; d *= 2) {
      R y{};
      if (l >= d && l < threads)
        y = op(sums[l - d], sums[l]);
      idx.barrier.wait();
      if (l >= d && l < threads)
        sums[l] = y;
      idx.barrier.wait();
    }
  }

  // 3. Publish and look back. p is the same for the whole tile, so every
  // work-item takes the same branches and meets the same barriers.
  if (p == 0) {
    if (l == 0) {
      const R aggregate = sums[threads - 1];
      desc.publish(0, status_inclusive,
                   has_init ? op(init, aggregate) : aggregate);
    }
  } else {
    if (l == 0)
      desc.publish(p, status_aggregate, sums[threads - 1]);
    R exclusive{}; // work-item 0: what the windows seen so far add up to
    long long end = p; // the window is [end - W, end)
    for (;;) {
      if (l < W) {
        const long long j = end - W + l;
        unsigned st = status_invalid;
        R v{};
        if (j >= 0)
          while ((st = desc.poll(j, v)) == status_invalid)
            lookback_pause();
        window[l] = v;
        if (st == status_inclusive)
          atomic_fetch_max(&s.window_last, l);
      }
      idx.barrier.wait();
      if (l == 0) {
        // From the last inclusive prefix in the window (partition 0 always
        // publishes one, so a window reaching before it has one) to its
        // end; without one, all of it (aggregates only).
        const int last = s.window_last;
        const bool found = last >= 0;
        const int from = found ? last : 0;
        R acc = window[from];
        for (int k = from + 1; k < W; ++k)
          acc = op(acc, window[k]);
        exclusive = end == p ? acc : op(acc, exclusive);
        s.window_last = -1; // for the next window, after the barrier
        s.lookback_done = found;
        if (found) {
          desc.publish(p, status_inclusive, op(exclusive, sums[threads - 1]));
          __builtin_memcpy(s.prefix, &exclusive, sizeof(R));
        }
      }
      idx.barrier.wait();
      if (s.lookback_done)
        break;
      end -= W;
    }
  }

  // 4. The results: what comes before this thread's first element, then
  // its elements after it; transposed back and stored coalesced.
  const bool tile_has_pre = p > 0 || has_init;
  R tile_pre = init;
  if (p > 0)
    __builtin_memcpy(&tile_pre, s.prefix, sizeof(R));
  const bool has_pre = tile_has_pre || l > 0;
  R pre = tile_pre;
  if (l > 0)
    pre = tile_has_pre ? op(tile_pre, sums[l - 1]) : sums[l - 1];
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
  // The partition's start is read again from group memory (after the
  // look-back's barriers the compiler must reload it), so that the element
  // indices of the loads are not kept in registers through the whole tile;
  // before the last barrier, after which work-item 0 may go on to another
  // tile and overwrite it.
  const long long out_begin = static_cast<long long>(s.partition) * P + l;
  idx.barrier.wait();
  for (int k = 0; k < K; ++k)
    if (full || k * tile_size + l < count)
      store(out_begin + k * tile_size, striped[stripe(k)]);
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
  constexpr std::size_t P = partition_size<R>;
  const std::size_t partitions = (n + P - 1) / P;
  if (partitions * tile_size > static_cast<std::size_t>(INT_MAX))
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

  const long long total = static_cast<long long>(n);
  completion_future done = parallel_for_each(
      extent<1>(static_cast<int>(partitions * tile_size)).tile(tile_size),
      [=](tiled_index<1> idx) [[hc]] {
        tile_static scan_tile_storage<R> storage;
        scan_partition<Exclusive>(idx, storage, counter, desc, total,
                                  has_init, init, load, op, store);
      });
  done.wait();
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
