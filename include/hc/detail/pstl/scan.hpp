// The tiled scan behind inclusive_scan, exclusive_scan and the
// transform_*_scan algorithms. The operation need only be associative
// (GENERALIZED_NONCOMMUTATIVE_SUM): every combination keeps the left operand
// earlier in the sequence than the right one.
//
// Each tile owns a contiguous chunk and walks it in rounds of tile_size
// elements; a round is scanned in tile_static memory (Hillis-Steele, log2
// tile_size steps) and carried into the next round.
//   pass 1 (kernel): each tile's total (skipped when there is one tile);
//   pass 2 (host):   the tiles' carry-ins, a scan of at most max_tiles totals;
//   pass 3 (kernel): each tile rescans its chunk from its carry-in and
//                    writes the results.
#ifndef HC_DETAIL_PSTL_SCAN_HPP
#define HC_DETAIL_PSTL_SCAN_HPP

#include "hc/detail/pstl/common.hpp"

namespace hc {
namespace detail {
namespace pstl {

/// One tile's walk over its chunk. With Write, stores the inclusive (or,
/// with Exclusive, the exclusive) results through `store`; returns the
/// chunk's total combined after the carry-in (if any).
template <bool Write, bool Exclusive, class R, class Load, class Op,
          class Store>
inline R scan_chunk(tiled_index<1> &idx, R *scratch, long long begin,
                    long long end, bool has_carry, R carry, const Load &load,
                    const Op &op, const Store &store) {
  const int l = idx.local[0];
  for (long long r0 = begin; r0 < end; r0 += tile_size) {
    const long long g = r0 + l;
    const bool valid = g < end;
    scratch[l] = valid ? load(g) : R{};
    idx.barrier.wait();
    for (int s = 1; s < tile_size; s *= 2) {
      R y{};
      if (l >= s)
        y = op(scratch[l - s], scratch[l]);
      idx.barrier.wait();
      if (l >= s)
        scratch[l] = y;
      idx.barrier.wait();
    }
    if (Write && valid) {
      if (Exclusive)
        store(g, l == 0 ? carry
                        : (has_carry ? op(carry, scratch[l - 1])
                                     : scratch[l - 1]));
      else
        store(g, has_carry ? op(carry, scratch[l]) : scratch[l]);
    }
    const long long left = end - r0;
    const int last = left < tile_size ? static_cast<int>(left) - 1
                                      : tile_size - 1;
    carry = has_carry ? op(carry, scratch[last]) : scratch[last];
    has_carry = true;
    idx.barrier.wait(); // the next round overwrites scratch
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

  // Pass 1 and 2: the carry into each tile.
  std::vector<R> carries(static_cast<std::size_t>(t.tiles));
  if (t.tiles > 1) {
    std::vector<R> totals(static_cast<std::size_t>(t.tiles));
    array_view<R, 1> tv = output_view(totals.data(), totals.size());
    parallel_for_each(extent<1>(t.tiles * tile_size).tile(tile_size),
                      [=](tiled_index<1> idx) [[hc]] {
                        tile_static group_storage<R> storage;
                        R *scratch = reinterpret_cast<R *>(storage.bytes);
                        const long long begin = idx.tile[0] * chunk;
                        const long long end =
                            begin + chunk < total ? begin + chunk : total;
                        R sum = scan_chunk<false, false>(
                            idx, scratch, begin, end, false, R{}, load, op,
                            no_store);
                        if (idx.local[0] == 0)
                          tv[idx.tile[0]] = sum;
                      });
    tv.synchronize();
    R running = init;
    bool has = has_init;
    for (std::size_t i = 0; i < totals.size(); ++i) {
      carries[i] = running;
      running = has ? op(running, totals[i]) : totals[i];
      has = true;
    }
  }
  carries[0] = init;

  // Pass 3: every tile from its carry-in (tile 0 has one only with init).
  // Waited for: the kernel reads `carries`, which dies with this frame.
  array_view<const R, 1> cv = input_view(carries.data(), carries.size());
  completion_future done = parallel_for_each(extent<1>(t.tiles * tile_size).tile(tile_size),
                    [=](tiled_index<1> idx) [[hc]] {
                      // Raw storage: group memory cannot hold objects
                      // with constructors.
                      tile_static group_storage<R> storage;
                      R *scratch = reinterpret_cast<R *>(storage.bytes);
                      const int tile = idx.tile[0];
                      const long long begin = tile * chunk;
                      const long long end =
                          begin + chunk < total ? begin + chunk : total;
                      scan_chunk<true, Exclusive>(
                          idx, scratch, begin, end, tile > 0 || has_init,
                          cv[tile], load, op, store);
                    });
  done.wait();
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
