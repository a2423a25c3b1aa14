// The scan behind inclusive_scan, exclusive_scan and the transform_*_scan
// algorithms: a single-pass chained scan with decoupled look-back (Merrill
// and Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back",
// 2016). The input is read once and the output written once.
//
// The operation need only be associative (GENERALIZED_NONCOMMUTATIVE_SUM):
// every combination keeps the left operand earlier in the sequence than
// the right one.
//
// One kernel of one tile per full partition of partition_size elements
// (8192 floats read from an array: 256 threads x 32 consecutive elements;
// see scan_items for the other shapes), and a kernel of one tile for a
// last, partial partition (see tiled_scan). A tile
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
// (device scope on NVIDIA GPUs: see scan_take_partition in
// scan_lookback.hpp).
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
#include "hc/detail/pstl/scan_lookback.hpp"
#include "hc/detail/pstl/scan_wave.hpp"

#include <climits>

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

/// The identity as a unary operation (plain scans and reduce).
struct identity {
  template <class T> const T &operator()(const T &v) const { return v; }
};

/// The load of a scan over rank-1 view `a` with unary operation u: a
/// contiguous_load where that is what it is (elements of R, no
/// transformation), which the scan may copy without registers.
template <class R, class View, class U>
auto scan_load(const View &a, const U &u) {
  using element = typename std::remove_const<
      typename std::remove_reference<decltype(a[0])>::type>::type;
  if constexpr (std::is_same<U, identity>::value &&
                std::is_same<element, R>::value)
    return contiguous_load<R, View>{a};
  else
    return [=](long long g) [[hc]] {
      return R(call_on_elements(u, a[static_cast<int>(g)]));
    };
}

/// Whether a scan reads 4-byte values straight from a contiguous array: it
/// gets its own partition shape (the same in the host and device passes).
template <class R, class Load>
constexpr bool direct_4b = sizeof(R) == 4 && is_contiguous_load<Load>::value;

/// The partition shape: scan_tile_size work-items x scan_items consecutive
/// elements each (a divisor of 32). Measured on an NVIDIA H100 80GB HBM3,
/// 2^28 floats against CUB (2026-11-22, at a9fce0c), when every partition
/// was scanned by code that tested its elements against the partition's
/// size (75 registers):
///   - Direct (contiguous 4-byte values, copied with cp.async): 256 x 32.
///     With one code for all partitions: 128 x 32 0.84-0.87x (256 x 32
///     0.85, 64 x 32 0.84, 512 x 16 0.75). Since the full partitions have
///     code of their own (32 registers), on an H200 (2026-11-29): 256 x 32
///     0.98-0.99x, 128 x 32 0.93-0.94, 256 x 16 0.85-0.87, 128 x 16
///     0.79-0.81. (256 x 32 needs one .shared variable per set of kernels,
///     llvm-passes/optimize/TileStaticLayout.h: without it the driver's
///     linker gave the reduce kernel of the same program the scan's 34 KiB
///     of group memory too, and reduce fell to 0.73x of CUB.)
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
constexpr int scan_tile_size = Direct              ? 256
                               : sizeof(R) <= 4    ? HC_PSTL_SCAN_TILE_4B
                                                   : 256;
template <class R, bool Direct = false>
constexpr int partition_size =
    scan_tile_size<R, Direct> * scan_items<R, Direct>;

/// Whether scan_partition copies with cp.async for this value and load.
template <class R, class Load>
constexpr bool scan_async_loads = HC_PSTL_SCAN_ASYNC_COPY && direct_4b<R, Load>;

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

/// Steps 2 to 7 of a tile's partition p (see the top of the file); Full
/// when the partition has partition_size elements. load(g) gives element g
/// as R, store(g, v) writes result g; has_init: init comes before element
/// 0 (always for Exclusive). Always inlined: a call would reach the
/// functor's views through a generic pointer and reload their fields
/// around every asynchronous copy.
template <bool Exclusive, bool Full, class R, class Desc, class Load, class Op,
          class Store>
HC_INLINE void
scan_partition_items(tiled_index<1> &idx,
                     scan_tile_storage<R, direct_4b<R, Load>> &s, int p,
                     const Desc &desc, int total, bool has_init, const R &init,
                     const Load &load, const Op &op, const Store &store) {
  constexpr bool direct = direct_4b<R, Load>;
  constexpr int K = scan_items<R, direct>;
  constexpr int P = partition_size<R, direct>;
  constexpr int T = scan_tile_size<R, direct>;
  static_assert(32 % K == 0 && T % 32 == 0, "skew arithmetic");
  R *items = reinterpret_cast<R *>(s.items);
  R *wave_totals = reinterpret_cast<R *>(s.wave_totals);
  // Opaque to the optimiser: otherwise it computes every per-thread index
  // before the loop over tiles in hc's kernel entry and keeps them all in
  // registers through the whole tile.
  const int l = opaque_int(idx.local[0]);
  const int wave = static_cast<int>(hc::__wavesize()); // 32, 64 or 1
  const int lane = l & (wave - 1);
  const int w = l / wave;
  // Element indices are ints (array_view indices; tiled_scan checks n):
  // int arithmetic lets the compiler fold the constant offsets of a
  // thread's loads and stores into their addresses.
  const int begin = p * P;
  const int count = Full ? P : total - begin;

  // 2. Load: wavefront w owns elements [w * wave * K, (w + 1) * wave * K)
  // of the partition; lane i loads its elements k * wave + i (coalesced,
  // all K loads in flight) and the wavefront transposes them through its
  // part of group memory so that each thread has K consecutive elements
  // (thread l: l * K ...). Only a wavefront-level sync, no tile barrier.
  // Element j of the partition is in items[j + j / 32]; with a wave of 32
  // or 64 a thread's slots are one base plus constants.
  const int seg = w * wave * K;
  const int first = l * K; // == seg + lane * K
  // This thread's elements, the threads and wavefronts with elements.
  const int mine = Full                ? K
                   : count <= first    ? 0
                   : count - first < K ? count - first
                                       : K;
  const int threads = Full ? T : (count + K - 1) / K;
  const int waves = (threads + wave - 1) / wave;
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
      if (Full || sj + k * wave < count)
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
        if (Full || first + k < count)
          v[k] = load(begin + first + k);
    } else {
      const int sj = seg + lane; // striped element of k == 0
      R *striped = items + sj + (sj >> 5);
      const int stride = wave + wave / 32;
      if (Full) {
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
        if (Full || first + k < count)
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
    if (Full) {
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
    if (lane >= d && (Full || l < threads))
      x = op(y, x);
  }
  R before = x;
  if (wave > 1)
    before = scan_shfl_up(x, 1u);
  if (Full ? lane == wave - 1
           : l < threads && (lane == wave - 1 || l == threads - 1))
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
  const int out_count = Full ? P : total - out_begin;
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
    if (Full) {
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

/// A tile of the scan's main kernel: takes the next partition (all of
/// whose partition_size elements exist) and scans it.
template <bool Exclusive, class R, class Desc, class Load, class Op,
          class Store>
HC_INLINE void scan_partition(tiled_index<1> &idx,
                              scan_tile_storage<R, direct_4b<R, Load>> &s,
                              unsigned *counter, const Desc &desc, int total,
                              bool has_init, const R &init, const Load &load,
                              const Op &op, const Store &store) {
  const int l = idx.local[0];

  // 1. The partition: in the order the tiles get here. The first barrier
  // keeps work-item 0 from overwriting the partition number (and anyone
  // from group memory) while another work-item of the block is still in
  // its previous tile, where a block walks several (hc's tiled launch
  // gives each tile its own block up to CUDA's grid limit).
  idx.barrier.wait();
  if (l == 0)
    s.partition = static_cast<int>(scan_take_partition(counter));
  idx.barrier.wait();
  scan_partition_items<Exclusive, true>(idx, s, s.partition, desc, total,
                                        has_init, init, load, op, store);
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
  // The full partitions are the main kernel's; a last, partial one is a
  // kernel of its own, queued after it. A partial partition's code tests
  // every element against the partition's size and needs more than twice
  // the registers (77 against 32 for 4-byte values on sm_90): in the main
  // kernel it would cut the tiles that fit on a multiprocessor.
  const int full_partitions = static_cast<int>(n / P);
  const bool partial = n % P != 0;
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
  completion_future done;
  if (full_partitions > 0)
    done = parallel_for_each(extent<1>(full_partitions * tile).tile(tile),
                             [=](tiled_index<1> idx) [[hc]] {
                               tile_static scan_tile_storage<R, direct> storage;
                               scan_partition<Exclusive>(idx, storage, counter,
                                                         desc, total, has_init,
                                                         init, load, op, store);
                             });
  if (partial)
    done = parallel_for_each(
        extent<1>(tile).tile(tile), [=](tiled_index<1> idx) [[hc]] {
          tile_static scan_tile_storage<R, direct> storage;
          if (idx.local[0] == 0)
            storage.partition = full_partitions;
          idx.barrier.wait();
          scan_partition_items<Exclusive, false>(idx, storage, full_partitions,
                                                 desc, total, has_init, init,
                                                 load, op, store);
        });
  done.wait();
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
