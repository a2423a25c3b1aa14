// The accelerator's sort of arithmetic keys under the default order
// (sort / stable_sort without a comparator): an LSD radix sort, 8 bits per
// pass (1 pass for 8-bit keys, 2 for 16-bit, 4 for 32-bit, 8 for 64-bit).
// The keys are split into at most radix_max_tiles contiguous chunks, one
// per tile of 256 work-items, each walked in rounds of radix_round (4096)
// keys. Each pass is three kernels whose results stay on the accelerator,
// so the passes are queued without waiting on the host:
//   1. count: each tile counts its chunk's 256 digits (group-memory atomics
//      on one histogram per wavefront) into counts[digit * tiles + tile];
//   2. offsets: one tile per digit scans its row of counts (exclusive, in
//      place: where tile t's keys of digit d go among all keys of digit d)
//      and writes the row's total;
//   3. scatter: each tile scans the 256 totals (where each digit starts),
//      then per round: each wavefront loads radix_keys_per_item keys per
//      lane (lane-fastest, so loads are coalesced and a wavefront's keys
//      are in input order key by key), ranks each key among the
//      wavefront's earlier keys of its digit (the lanes holding the same
//      digit are found by eight ballots; the lowest one advances the
//      wavefront's counter of that digit in group memory), the wavefront
//      counters are turned into digit starts within the round (a prefix
//      over wavefronts per digit, then over digits), the round's keys are
//      placed in group memory in digit order, and written out from there:
//      consecutive work-items write consecutive addresses of a digit's run.
//      Every key keeps its order among the keys of its digit: the sort is
//      stable, so it serves stable_sort too.
// Correct for any wavefront size (1 on the CPU backend, where every lane is
// its own wavefront, 32 on NVIDIA GPUs, 32 or 64 on AMD's).
// Keys are mapped to unsigned bit patterns that order like the values
// (sign bit flipped for signed integers; all bits of negative floats
// flipped; -0.0 ordered as +0.0, so stable_sort keeps their order).
#ifndef HC_DETAIL_PSTL_RADIX_SORT_HPP
#define HC_DETAIL_PSTL_RADIX_SORT_HPP

#include "hc/detail/pstl/common.hpp"
#include "hc/detail/pstl/radix_warp.hpp"

#include <cstdint>
#include <cstring>
#include <limits>
#include <memory>

namespace hc {
namespace detail {
namespace pstl {

/// Below this many keys, sort runs on the host (documented).
constexpr std::size_t sort_host_threshold = 4096;

template <class T>
constexpr bool radix_sortable =
    std::is_arithmetic<T>::value && !std::is_same<T, bool>::value &&
    !std::is_same<T, long double>::value;

template <std::size_t Size> struct unsigned_of;
template <> struct unsigned_of<1> { using type = std::uint8_t; };
template <> struct unsigned_of<2> { using type = std::uint16_t; };
template <> struct unsigned_of<4> { using type = std::uint32_t; };
template <> struct unsigned_of<8> { using type = std::uint64_t; };

/// The key's bits, mapped so that unsigned order is the value order.
template <class T> inline typename unsigned_of<sizeof(T)>::type radix_bits(T v) {
  using U = typename unsigned_of<sizeof(T)>::type;
  const U top = static_cast<U>(U(1) << (8 * sizeof(T) - 1));
  if constexpr (std::is_floating_point<T>::value) {
    if (v == T(0))
      return top; // +0.0 and -0.0 are equal keys
    U u;
    __builtin_memcpy(&u, &v, sizeof(T));
    return (u & top) ? static_cast<U>(~u) : static_cast<U>(u | top);
  } else if constexpr (std::is_signed<T>::value) {
    return static_cast<U>(static_cast<U>(v) ^ top);
  } else {
    return static_cast<U>(v);
  }
}

constexpr int radix_bits_per_pass = 8;
constexpr int radix_buckets = 1 << radix_bits_per_pass;
/// Work-items per tile: one per digit in the per-digit steps.
constexpr int radix_tile = 256;
static_assert(radix_tile == radix_buckets, "one work-item per digit");
/// Keys each work-item ranks per round, and the round.
constexpr int radix_keys_per_item = 16;
constexpr int radix_round = radix_tile * radix_keys_per_item;
/// At most this many tiles (chunks): the counts matrix (256 x tiles) stays
/// at most 4 MiB, and there are enough tiles to fill a GPU several times.
/// HC_PSTL_RADIX_MAX_TILES (a test hook) lowers it, so that small inputs
/// walk several rounds per tile.
#ifndef HC_PSTL_RADIX_MAX_TILES
#define HC_PSTL_RADIX_MAX_TILES 4096
#endif
constexpr int radix_max_tiles = HC_PSTL_RADIX_MAX_TILES;
static_assert(radix_max_tiles >= 1 && radix_max_tiles <= 65536,
              "HC_PSTL_RADIX_MAX_TILES: 1 to 65536 tiles");
/// The smallest wavefront where the kernels run (1 on the CPU backend, 32
/// on the GPU targets), which bounds the wavefronts per tile.
#if HC_DEVICE_PASS
constexpr int radix_min_wave = 32;
#else
constexpr int radix_min_wave = 1;
#endif
constexpr int radix_max_waves = radix_tile / radix_min_wave;
/// Where the scatter keeps wavefront v's counter of digit d: wavefront-major
/// on the GPU (the lanes of a wavefront, ranking, hit distinct banks),
/// digit-major on the CPU (each work-item's walk over the 256 one-lane
/// wavefronts of its digit is contiguous).
inline int radix_slot(int v, int d) {
#if HC_DEVICE_PASS
  return v * radix_buckets + d;
#else
  return d * radix_max_waves + v;
#endif
}

/// Histogram copies of the count kernel: one per wavefront on the GPU
/// (fewer collisions of the atomics); one on the CPU, whose work-items of a
/// tile run one after another.
#if HC_DEVICE_PASS
constexpr int radix_count_copies = radix_tile / 32;
#else
constexpr int radix_count_copies = 1;
#endif

/// The 8-bit digit of key x at bit `shift`.
template <class T> inline unsigned radix_digit(T x, int shift) {
  return static_cast<unsigned>(radix_bits(x) >> shift) & (radix_buckets - 1);
}

/// The key whose radix_bits are all ones (so its digit is 255 at every
/// shift): the greatest value (a NaN for floating point).
template <class T> inline T radix_pad() {
  using U = typename unsigned_of<sizeof(T)>::type;
  if constexpr (std::is_floating_point<T>::value) {
    const U u = static_cast<U>(~U(0) >> 1); // positive, all-ones exponent
    T v;
    __builtin_memcpy(&v, &u, sizeof(T));
    return v;
  } else {
    return std::numeric_limits<T>::max();
  }
}

/// Group memory of radix_tile_scan: 16 rows of 16 values padded to 17 (the
/// 16 raking work-items hit different banks), and the 16 row sums.
struct radix_scan_storage {
  unsigned rows[16 * 17];
  unsigned sums[16];
};
static_assert(radix_tile == 256, "radix_tile_scan rakes 16 x 16 values");

/// Exclusive prefix sum over the tile's work-items (local id l) of v.
/// Every work-item of the tile calls it; it waits at the tile barrier, and
/// the storage may be reused after the caller's next barrier.
inline unsigned radix_tile_scan(const tile_barrier &barrier, int l, unsigned v,
                                radix_scan_storage &s) {
  const int at = (l / 16) * 17 + l % 16;
  s.rows[at] = v;
  barrier.wait();
  if (l < 16) {
    unsigned sum = 0;
    for (int i = 0; i < 16; ++i)
      sum += s.rows[l * 17 + i];
    s.sums[l] = sum;
  }
  barrier.wait();
  if (l < 16) {
    unsigned run = 0;
    for (int j = 0; j < l; ++j)
      run += s.sums[j];
    for (int i = 0; i < 16; ++i) {
      const unsigned x = s.rows[l * 17 + i];
      s.rows[l * 17 + i] = run;
      run += x;
    }
  }
  barrier.wait();
  return s.rows[at];
}

/// How the radix kernels split n keys: `tiles` chunks of `chunk` keys (a
/// multiple of radix_round; the last one may be short).
struct radix_tiling {
  int tiles;
  unsigned chunk;
};
inline radix_tiling radix_make_tiling(std::size_t n) {
  const std::size_t rounds = (n + radix_round - 1) / radix_round;
  std::size_t tiles = rounds < static_cast<std::size_t>(radix_max_tiles)
                          ? rounds
                          : static_cast<std::size_t>(radix_max_tiles);
  const std::size_t per_tile = (rounds + tiles - 1) / tiles;
  tiles = (rounds + per_tile - 1) / per_tile;
  return {static_cast<int>(tiles),
          static_cast<unsigned>(per_tile * radix_round)};
}

/// Pass kernel 1: counts[d * tiles + tile] = keys of digit d in the chunk.
template <class T>
completion_future radix_sort_count(const array_view<T, 1> &src,
                                   const array_view<unsigned, 1> &counts,
                                   unsigned total, radix_tiling t, int shift) {
  const int tiles = t.tiles;
  const unsigned chunk = t.chunk;
  return parallel_for_each(
      extent<1>(tiles * radix_tile).tile(radix_tile),
      [=](tiled_index<1> idx) [[hc]] {
        tile_static unsigned hist[radix_count_copies][radix_buckets];
        const int l = idx.local[0];
        for (int c = 0; c < radix_count_copies; ++c)
          hist[c][l] = 0;
        idx.barrier.wait();
        unsigned *mine = hist[(l / 32) % radix_count_copies];
        const unsigned begin = static_cast<unsigned>(idx.tile[0]) * chunk;
        const unsigned end = total - begin < chunk ? total : begin + chunk;
        for (unsigned r0 = begin; r0 < end; r0 += radix_round) {
          // All loads of the round first (they overlap), then the atomics.
          unsigned d[radix_keys_per_item];
          #pragma unroll
          for (int k = 0; k < radix_keys_per_item; ++k) {
            const unsigned g = r0 + static_cast<unsigned>(k * radix_tile + l);
            d[k] = g < end ? radix_digit(src[static_cast<int>(g)], shift)
                           : radix_buckets;
          }
          #pragma unroll
          for (int k = 0; k < radix_keys_per_item; ++k)
            if (d[k] < radix_buckets)
              atomic_fetch_add(&mine[d[k]], 1u);
        }
        idx.barrier.wait();
        unsigned sum = 0;
        for (int c = 0; c < radix_count_copies; ++c)
          sum += hist[c][l];
        counts[l * tiles + idx.tile[0]] = sum;
      });
}

/// Up to this many tiles, one tile of the offsets kernel scans all 256 rows
/// (a work-item per row, no barriers); above, a tile per row.
constexpr int radix_row_per_item_tiles = 32;

/// Pass kernel 2: scans each row d of the counts (exclusive, in place: where
/// tile t's keys of digit d go among all keys of digit d) and writes the
/// row's total to totals[d].
inline completion_future
radix_sort_offsets(const array_view<unsigned, 1> &counts,
                   const array_view<unsigned, 1> &totals, int tiles) {
  if (tiles <= radix_row_per_item_tiles)
    return parallel_for_each(
        extent<1>(radix_buckets).tile(radix_buckets),
        [=](tiled_index<1> idx) [[hc]] {
          const int row = idx.local[0] * tiles;
          unsigned at = 0;
          for (int i = 0; i < tiles; ++i) {
            const unsigned c = counts[row + i];
            counts[row + i] = at;
            at += c;
          }
          totals[idx.local[0]] = at;
        });
  return parallel_for_each(
      extent<1>(radix_buckets * radix_tile).tile(radix_tile),
      [=](tiled_index<1> idx) [[hc]] {
        tile_static radix_scan_storage scan;
        const int l = idx.local[0];
        const int row = idx.tile[0] * tiles;
        // Each work-item takes a run of `per` consecutive counts.
        const int per = (tiles + radix_tile - 1) / radix_tile;
        const int b = l * per < tiles ? l * per : tiles;
        const int e = b + per < tiles ? b + per : tiles;
        unsigned run = 0;
        for (int i = b; i < e; ++i)
          run += counts[row + i];
        const unsigned before = radix_tile_scan(idx.barrier, l, run, scan);
        unsigned at = before;
        for (int i = b; i < e; ++i) {
          const unsigned c = counts[row + i];
          counts[row + i] = at;
          at += c;
        }
        if (l == radix_tile - 1)
          totals[idx.tile[0]] = at;
      });
}

/// Pass kernel 3: the stable scatter of src into dst by the digit at
/// `shift` (see the header comment).
template <class T>
completion_future radix_sort_scatter(const array_view<T, 1> &src,
                                     const array_view<T, 1> &dst,
                                     const array_view<const unsigned, 1> &offsets,
                                     const array_view<const unsigned, 1> &totals,
                                     unsigned total, radix_tiling t, int shift) {
  const int tiles = t.tiles;
  const unsigned chunk = t.chunk;
  return parallel_for_each(
      extent<1>(tiles * radix_tile).tile(radix_tile),
      [=](tiled_index<1> idx) [[hc]] {
        // The round's keys in digit order.
        tile_static T placed[radix_round];
        // Per wavefront v and digit d, at radix_slot(v, d): the wavefront's
        // keys of that digit so far in the round; then where they start in
        // `placed`.
        tile_static unsigned short wave_count[radix_max_waves * radix_buckets];
        // Per digit: dst index of the round's key at placed[i] is
        // shift_out[d] + i (unsigned arithmetic, wraps).
        tile_static unsigned shift_out[radix_buckets];
        tile_static radix_scan_storage scan;

        const int l = idx.local[0];
        const int tile = idx.tile[0];
        const int wave = static_cast<int>(hc::__wavesize());
        const int waves = radix_tile / wave;
        const int w = l / wave;
        const unsigned lane = static_cast<unsigned>(l % wave);
        const radix_lanes lanes_below =
            static_cast<radix_lanes>((std::uint64_t{1} << lane) - 1u);
        const T pad = radix_pad<T>();
        for (int v = 0; v < waves; ++v) // later rounds: after the write-out
          wave_count[radix_slot(v, l)] = 0;

        // Work-item l tracks digit l: where the tile's next key of digit l
        // goes in dst (the keys of smaller digits, then earlier tiles').
        unsigned next = radix_tile_scan(idx.barrier, l, totals[l], scan) +
                        offsets[l * tiles + tile];

        const unsigned begin = static_cast<unsigned>(tile) * chunk;
        const unsigned end = total - begin < chunk ? total : begin + chunk;
        for (unsigned r0 = begin; r0 < end; r0 += radix_round) {
          const unsigned count = end - r0 < static_cast<unsigned>(radix_round)
                                     ? end - r0
                                     : static_cast<unsigned>(radix_round);
          // This wavefront's keys: the round's [w * wave * K, (w + 1) *
          // wave * K), key k of lane j at w * wave * K + k * wave + j.
          T key[radix_keys_per_item];
          // Key k's rank among the wavefront's keys of its digit, two per
          // word (the ranks live across the barriers: fewer registers).
          unsigned rank[radix_keys_per_item / 2];
          const int first = w * wave * radix_keys_per_item + static_cast<int>(lane);
          const int at = static_cast<int>(r0) + first; // int: offsets fold
          if (count == static_cast<unsigned>(radix_round)) {
            #pragma unroll
            for (int k = 0; k < radix_keys_per_item; ++k)
              key[k] = src[at + k * wave];
          } else {
            // The last round's missing keys are `pad`, whose digit is 255 at
            // every shift: ranked after every real key (they come last), they
            // fill the end of `placed`, which is not written out.
            #pragma unroll
            for (int k = 0; k < radix_keys_per_item; ++k)
              key[k] = first + k * wave < static_cast<int>(count)
                           ? src[at + k * wave]
                           : pad;
          }
          #pragma unroll
          for (int k = 0; k < radix_keys_per_item; ++k) {
            const unsigned d = radix_digit(key[k], shift);
            const radix_lanes peers = radix_match_digit(d);
            const unsigned below =
                static_cast<unsigned>(__builtin_popcountll(peers & lanes_below));
            const unsigned seen = wave_count[radix_slot(w, d)];
            radix_wave_sync(); // every peer has read the counter
            if (below == 0)
              wave_count[radix_slot(w, d)] = static_cast<unsigned short>(
                  seen + static_cast<unsigned>(__builtin_popcountll(peers)));
            radix_wave_sync(); // the next key's peers see the update
            if (k % 2 == 0) {
              rank[k / 2] = seen + below;
            } else {
              rank[k / 2] |= (seen + below) << 16;
              radix_pin(rank[k / 2]);
            }
          }
          idx.barrier.wait();

          // Digit l: its keys per wavefront -> where each wavefront's start
          // (within the digit), the digit's count, where the digit starts.
          unsigned mine = 0;
          for (int v = 0; v < waves; ++v) {
            const unsigned c = wave_count[radix_slot(v, l)];
            wave_count[radix_slot(v, l)] = static_cast<unsigned short>(mine);
            mine += c;
          }
          const unsigned start = radix_tile_scan(idx.barrier, l, mine, scan);
          for (int v = 0; v < waves; ++v)
            wave_count[radix_slot(v, l)] = static_cast<unsigned short>(
                wave_count[radix_slot(v, l)] + start);
          shift_out[l] = next - start;
          next += mine;
          idx.barrier.wait();

          // The digits again, from a shift the compiler cannot see through:
          // otherwise it keeps the ranking's counter addresses live across
          // the barriers (more registers, fewer tiles per multiprocessor).
          const int again = radix_opaque(shift);
          #pragma unroll
          for (int k = 0; k < radix_keys_per_item; ++k)
            placed[wave_count[radix_slot(w, radix_digit(key[k], again))] +
                   ((rank[k / 2] >> (16 * (k % 2))) & 0xffffu)] = key[k];
          idx.barrier.wait();

          for (unsigned i = static_cast<unsigned>(l); i < count; i += radix_tile) {
            const T x = placed[i];
            dst[static_cast<int>(shift_out[radix_digit(x, shift)] + i)] = x;
          }
          for (int v = 0; v < waves; ++v) // for the next round
            wave_count[radix_slot(v, l)] = 0;
          idx.barrier.wait(); // placed and shift_out are reused
        }
      });
}

/// The device memory a sort works in besides the keys: the spare buffer
/// the passes scatter into (as many keys as the largest sort so far) and
/// the tile counts and digit totals. Kept per host thread and key type and
/// reused by the next sort, freed when the thread ends: allocating and
/// freeing 256 MiB of device memory per call cost about 15% of a sort of
/// 2^26 keys on an H100 (docs/parallel-stl.md). Runtime-managed views: the
/// memory lives on the accelerator that first runs a pass over it.
template <class T> struct radix_scratch {
  std::unique_ptr<array_view<T, 1>> spare;
  array_view<unsigned, 1> counts{extent<1>(radix_buckets * radix_max_tiles)};
  array_view<unsigned, 1> totals{extent<1>(radix_buckets)};
};
template <class T> radix_scratch<T> &radix_scratch_for(std::size_t n) {
  static thread_local radix_scratch<T> scratch;
  if (!scratch.spare ||
      static_cast<std::size_t>(scratch.spare->get_extent()[0]) < n) {
    scratch.spare.reset(); // free the smaller one first
    scratch.spare.reset(new array_view<T, 1>(extent<1>(static_cast<int>(n))));
  }
  return scratch;
}

/// Sorts the keys of `data` (not empty) on the accelerator; they stay there
/// (the view's host copy is stale until it synchronizes).
template <class T> void radix_sort_view(const array_view<T, 1> &data) {
  const std::size_t n = static_cast<std::size_t>(data.get_extent()[0]);
  const radix_tiling t = radix_make_tiling(n);
  const unsigned total = static_cast<unsigned>(n);
  radix_scratch<T> &scratch = radix_scratch_for<T>(n);
  array_view<T, 1> spare =
      scratch.spare->section(index<1>(0), extent<1>(static_cast<int>(n)));
  spare.discard_data();
  // The digit counts of every tile, then their offsets, and the digit
  // totals: they never leave the accelerator.
  array_view<unsigned, 1> counts = scratch.counts.section(
      index<1>(0), extent<1>(radix_buckets * t.tiles));
  counts.discard_data();
  array_view<unsigned, 1> totals = scratch.totals;
  totals.discard_data();
  completion_future done;
  const int passes = static_cast<int>(sizeof(T)) * 8 / radix_bits_per_pass;
  for (int pass = 0; pass < passes; ++pass) {
    const int shift = pass * radix_bits_per_pass;
    const array_view<T, 1> &src = pass % 2 == 0 ? data : spare;
    const array_view<T, 1> &dst = pass % 2 == 0 ? spare : data;
    radix_sort_count(src, counts, total, t, shift);
    radix_sort_offsets(counts, totals, t.tiles);
    done = radix_sort_scatter(src, dst, array_view<const unsigned, 1>(counts),
                              array_view<const unsigned, 1>(totals), total, t,
                              shift);
  }
  if (passes % 2 != 0) { // one pass (8-bit keys): the keys are in spare
    const array_view<const T, 1> from = spare;
    const array_view<T, 1> to = data;
    done = parallel_for_each(extent<1>(static_cast<int>(n)),
                             [=](index<1> i) [[hc]] { to[i] = from[i]; });
  }
  done.wait(); // the callers return when the sort is done
}

/// Sorts the n keys at p (n > 0) on the accelerator.
template <class T> void radix_sort(T *p, std::size_t n) {
  array_view<T, 1> data(extent<1>(static_cast<int>(n)), p);
  radix_sort_view(data);
  data.synchronize();
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
