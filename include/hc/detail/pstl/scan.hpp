// The tiled scan behind inclusive_scan, exclusive_scan and the
// transform_*_scan algorithms. The operation need only be associative
// (GENERALIZED_NONCOMMUTATIVE_SUM): every combination keeps the left operand
// earlier in the sequence than the right one.
//
// Each tile owns a contiguous chunk and walks it in rounds of
// tile_size * scan_items<R> elements (2048 floats): every thread folds
// scan_items consecutive elements of the round in group memory, the 256
// thread totals are scanned (Hillis-Steele, log2 tile_size steps), and the
// round's total is carried into the next round.
//   pass 1 (kernel): each tile's total (skipped when there is one tile);
//   pass 2 (kernel, one tile): the tiles' carry-ins, an exclusive scan of
//                    at most max_tiles totals (on the accelerator: no host
//                    round trip between the passes);
//   pass 3 (kernel): each tile rescans its chunk from its carry-in and
//                    writes the results.
#ifndef HC_DETAIL_PSTL_SCAN_HPP
#define HC_DETAIL_PSTL_SCAN_HPP

#include "hc/detail/pstl/common.hpp"

namespace hc {
namespace detail {
namespace pstl {

/// Elements each thread scans in a row, per round: rounds of
/// tile_size * scan_items<R> elements keep the group memory of a tile at
/// 8 KiB for values up to 4 bytes and bound it at 16 KiB for larger ones.
template <class R>
constexpr int scan_items = sizeof(R) <= 4 ? 8 : sizeof(R) <= 8 ? 4
                         : sizeof(R) <= 16 ? 2 : 1;

/// Group memory of a scanning tile: one round of elements (skewed by one
/// slot every 32, so that threads reading their consecutive elements hit
/// different banks) and one total per thread. Raw bytes: tile_static
/// variables cannot have constructors.
template <class R> struct alignas(R) scan_storage {
  static constexpr int round = tile_size * scan_items<R>;
  unsigned char items[sizeof(R) * (round + round / 32)];
  unsigned char sums[sizeof(R) * tile_size];
};

/// One tile's walk over its chunk [begin, end), in rounds of
/// tile_size * K elements: the tile loads a round (coalesced) into group
/// memory, each thread folds its K consecutive elements in order, the
/// threads' totals are scanned (Hillis-Steele, log2 tile_size steps), each
/// thread rescans its elements from its prefix, and the tile stores the
/// round (coalesced). With Write, stores the inclusive (or, with
/// Exclusive, the exclusive) results through `store`; returns the chunk's
/// total combined after the carry-in (if any). Every combination keeps the
/// earlier operand on the left.
template <bool Write, bool Exclusive, class R, class Load, class Op,
          class Store>
inline R scan_chunk(tiled_index<1> &idx, scan_storage<R> &storage,
                    long long begin, long long end, bool has_carry, R carry,
                    const Load &load, const Op &op, const Store &store) {
  constexpr int K = scan_items<R>;
  constexpr int round = scan_storage<R>::round;
  R *items = reinterpret_cast<R *>(storage.items);
  R *sums = reinterpret_cast<R *>(storage.sums);
  auto slot = [](int j) { return j + (j >> 5); };
  const int l = idx.local[0];
  for (long long r0 = begin; r0 < end; r0 += round) {
    const long long left = end - r0;
    const int count = left < round ? static_cast<int>(left) : round;
    const int threads = (count + K - 1) / K; // threads with elements
    for (int k = 0; k < K; ++k) {
      const int j = k * tile_size + l;
      if (j < count)
        items[slot(j)] = load(r0 + j);
    }
    idx.barrier.wait();
    // This thread's elements [first, first + mine), folded in order.
    const int first = l * K;
    const int mine = l < threads ? (count - first < K ? count - first : K) : 0;
    R acc{};
    if (mine > 0) {
      acc = items[slot(first)];
      for (int k = 1; k < mine; ++k) {
        acc = op(acc, items[slot(first + k)]);
        if (Write)
          items[slot(first + k)] = acc;
      }
    }
    sums[l] = acc;
    idx.barrier.wait();
    for (int s = 1; s < threads; s *= 2) {
      R y{};
      if (l >= s && l < threads)
        y = op(sums[l - s], sums[l]);
      idx.barrier.wait();
      if (l >= s && l < threads)
        sums[l] = y;
      idx.barrier.wait();
    }
    if (Write && mine > 0) {
      // What comes before this thread's first element.
      const bool has_pre = has_carry || l > 0;
      R pre = carry;
      if (l > 0)
        pre = has_carry ? op(carry, sums[l - 1]) : sums[l - 1];
      if (Exclusive) {
        // Downwards: element k takes the inclusive value of k - 1, which
        // is still unchanged.
        for (int k = mine - 1; k > 0; --k)
          items[slot(first + k)] =
              has_pre ? op(pre, items[slot(first + k - 1)])
                      : items[slot(first + k - 1)];
        items[slot(first)] = pre;
      } else if (has_pre) {
        for (int k = 0; k < mine; ++k)
          items[slot(first + k)] = op(pre, items[slot(first + k)]);
      }
    }
    const R total = sums[threads - 1];
    idx.barrier.wait(); // the round's results are in place
    if (Write)
      for (int k = 0; k < K; ++k) {
        const int j = k * tile_size + l;
        if (j < count)
          store(r0 + j, items[slot(j)]);
      }
    carry = has_carry ? op(carry, total) : total;
    has_carry = true;
    idx.barrier.wait(); // the next round overwrites items and sums
  }
  return carry;
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
  const tiling t = make_tiling(n);
  const long long total = static_cast<long long>(n);
  const long long chunk = t.chunk;
  auto no_store = [](long long, const R &) [[hc]] {};

  // Pass 1 and 2: the carry into each tile. Totals and carries stay on
  // the accelerator (runtime-managed views), so the three kernels are
  // queued without a host round trip.
  array_view<R, 1> carries{extent<1>(t.tiles)};
  carries.discard_data();
  if (t.tiles > 1) {
    array_view<R, 1> tv{extent<1>(t.tiles)};
    tv.discard_data();
    parallel_for_each(extent<1>(t.tiles * tile_size).tile(tile_size),
                      [=](tiled_index<1> idx) [[hc]] {
                        tile_static scan_storage<R> storage;
                        const long long begin = idx.tile[0] * chunk;
                        const long long end =
                            begin + chunk < total ? begin + chunk : total;
                        R sum = scan_chunk<false, false>(
                            idx, storage, begin, end, false, R{}, load, op,
                            no_store);
                        if (idx.local[0] == 0)
                          tv[idx.tile[0]] = sum;
                      });
    // carries[i] = init op totals[0] op ... op totals[i - 1] (carries[0],
    // without init, is never read): the same walk, exclusive, by one tile.
    const long long tiles = t.tiles;
    parallel_for_each(extent<1>(tile_size).tile(tile_size),
                      [=](tiled_index<1> idx) [[hc]] {
                        tile_static scan_storage<R> storage;
                        scan_chunk<true, true>(
                            idx, storage, 0, tiles, has_init, init,
                            [=](long long g) [[hc]] { return R(tv[static_cast<int>(g)]); },
                            op,
                            [=](long long g, const R &v) [[hc]] {
                              carries[static_cast<int>(g)] = v;
                            });
                      });
  }

  // Pass 3: every tile from its carry-in (tile 0 has one only with init).
  completion_future done = parallel_for_each(extent<1>(t.tiles * tile_size).tile(tile_size),
                    [=](tiled_index<1> idx) [[hc]] {
                      tile_static scan_storage<R> storage;
                      const int tile = idx.tile[0];
                      const long long begin = tile * chunk;
                      const long long end =
                          begin + chunk < total ? begin + chunk : total;
                      scan_chunk<true, Exclusive>(
                          idx, storage, begin, end, tile > 0 || has_init,
                          tile > 0 ? R(carries[tile]) : init, load, op, store);
                    });
  done.wait();
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
