// The accelerator's sort of arithmetic keys under the default order
// (sort / stable_sort without a comparator): an LSD radix sort, 4 bits per
// pass (8 passes for 32-bit keys, 16 for 64-bit, 2 for 8-bit...). Each pass:
//   1. count (kernel): each tile counts the digits of its contiguous chunk
//      (per thread in registers, then atomics on tile_static counters);
//   2. offsets (kernel, one tile): an exclusive scan of the 16 x tiles
//      counts, digit-major, so that tile t's elements of digit d follow
//      tile t-1's; the counts stay on the accelerator, so the passes are
//      queued without waiting for each other on the host;
//   3. scatter (kernel): each tile walks its chunk in rounds of
//      tile_size * radix_keys elements, each thread taking radix_keys
//      consecutive ones; it ranks every element among the round's elements
//      of its digit (the thread's own earlier ones, plus a scan over the
//      threads of 16 counters packed in 16-bit lanes of four 64-bit words)
//      and writes it after the elements already placed. Stable, so the sort
//      is stable.
// Keys are mapped to unsigned bit patterns that order like the values
// (sign bit flipped for signed integers; all bits of negative floats
// flipped; -0.0 ordered as +0.0, so stable_sort keeps their order).
#ifndef HC_DETAIL_PSTL_RADIX_SORT_HPP
#define HC_DETAIL_PSTL_RADIX_SORT_HPP

#include "hc/detail/pstl/common.hpp"

#include <cstdint>
#include <cstring>

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

constexpr int radix_bits_per_pass = 4;
constexpr int radix_buckets = 1 << radix_bits_per_pass;
/// Consecutive keys each thread of the scatter ranks per round, and the
/// round: 1024 keys, so a digit's count in a round fits a 16-bit lane.
constexpr int radix_keys = 4;
constexpr int radix_round = tile_size * radix_keys;

/// Sorts the keys of `data` (not empty) on the accelerator; they stay there
/// (the view's host copy is stale until it synchronizes).
template <class T> void radix_sort_view(const array_view<T, 1> &data) {
  const std::size_t n = static_cast<std::size_t>(data.get_extent()[0]);
  const tiling t = make_tiling(n);
  const long long total = static_cast<long long>(n);
  const long long chunk = t.chunk;
  const int tiles = t.tiles;
  const extent<1> ext(static_cast<int>(n));
  array_view<T, 1> spare(ext); // runtime-managed; never needed on the host
  spare.discard_data();
  // Digit counts, then their offsets, of every pass: they never leave the
  // accelerator, so the passes are queued without a host round trip.
  const int buckets_x_tiles = radix_buckets * tiles;
  array_view<unsigned, 1> counts{extent<1>(buckets_x_tiles)};
  counts.discard_data();
  completion_future done;
  const int passes = static_cast<int>(8 * sizeof(T)) / radix_bits_per_pass;

  for (int pass = 0; pass < passes; ++pass) {
    const int shift = pass * radix_bits_per_pass;
    array_view<T, 1> src = pass % 2 == 0 ? data : spare;
    array_view<T, 1> dst = pass % 2 == 0 ? spare : data;

    // 1. counts[d * tiles + tile]
    array_view<unsigned, 1> cv = counts;
    parallel_for_each(
        extent<1>(tiles * tile_size).tile(tile_size),
        [=](tiled_index<1> idx) [[hc]] {
          tile_static unsigned local[radix_buckets];
          const int l = idx.local[0];
          if (l < radix_buckets)
            local[l] = 0;
          idx.barrier.wait();
          const long long begin = idx.tile[0] * chunk;
          const long long end = begin + chunk < total ? begin + chunk : total;
          // Counted in registers (16-bit lanes: a thread sees at most
          // chunk / tile_size <= 8192 keys), added to the tile's counters
          // once: group-memory atomics per key collide on 16 counters.
          unsigned long long w[4] = {0, 0, 0, 0};
          for (long long g = begin + l; g < end; g += tile_size) {
            unsigned d = static_cast<unsigned>(radix_bits(src[g]) >> shift) &
                         (radix_buckets - 1);
            for (int q = 0; q < 4; ++q)
              if (static_cast<int>(d / 4) == q)
                w[q] += 1ull << (16 * (d % 4));
          }
          for (int d = 0; d < radix_buckets; ++d) {
            const unsigned c =
                static_cast<unsigned>((w[d / 4] >> (16 * (d % 4))) & 0xffff);
            if (c)
              atomic_fetch_add(&local[d], c);
          }
          idx.barrier.wait();
          if (l < radix_buckets)
            cv[l * tiles + idx.tile[0]] = local[l];
        });

    // 2. where each tile's elements of each digit start: an exclusive scan
    // of the counts, digit-major, by one tile (each thread sums a run of
    // them, the run totals are scanned, each thread rewrites its run).
    parallel_for_each(
        extent<1>(tile_size).tile(tile_size), [=](tiled_index<1> idx) [[hc]] {
          tile_static unsigned sums[tile_size];
          const int l = idx.local[0];
          const int per = (buckets_x_tiles + tile_size - 1) / tile_size;
          const int b = l * per;
          const int e = b + per < buckets_x_tiles ? b + per : buckets_x_tiles;
          unsigned run = 0;
          for (int i = b; i < e; ++i)
            run += cv[i];
          sums[l] = run;
          idx.barrier.wait();
          for (int s = 1; s < tile_size; s *= 2) {
            const unsigned y = l >= s ? sums[l - s] + sums[l] : sums[l];
            idx.barrier.wait();
            sums[l] = y;
            idx.barrier.wait();
          }
          run = l > 0 ? sums[l - 1] : 0;
          for (int i = b; i < e; ++i) {
            const unsigned k = cv[i];
            cv[i] = run;
            run += k;
          }
        });
    array_view<const unsigned, 1> offsets = counts;

    // 3. scatter, stable
    done = parallel_for_each(
        extent<1>(tiles * tile_size).tile(tile_size),
        [=](tiled_index<1> idx) [[hc]] {
          tile_static unsigned base[radix_buckets];
          tile_static unsigned long long lanes[4][tile_size];
          const int l = idx.local[0];
          const int tile = idx.tile[0];
          if (l < radix_buckets)
            base[l] = offsets[l * tiles + tile];
          const long long begin = tile * chunk;
          const long long end = begin + chunk < total ? begin + chunk : total;
          for (long long r0 = begin; r0 < end; r0 += radix_round) {
            // This thread's radix_keys consecutive keys, their digits and
            // how many of its earlier keys share each one's digit; w[q]
            // counts its keys per digit, lane d%4 of word d/4.
            T key[radix_keys];
            unsigned digit[radix_keys], before[radix_keys];
            bool valid[radix_keys];
            unsigned long long w[4] = {0, 0, 0, 0};
            for (int k = 0; k < radix_keys; ++k) {
              const long long g = r0 + static_cast<long long>(l) * radix_keys + k;
              valid[k] = g < end;
              key[k] = T{};
              digit[k] = 0;
              before[k] = 0;
              if (valid[k]) {
                key[k] = src[g];
                const unsigned d =
                    static_cast<unsigned>(radix_bits(key[k]) >> shift) &
                    (radix_buckets - 1);
                digit[k] = d;
                for (int q = 0; q < 4; ++q)
                  if (static_cast<int>(d / 4) == q) {
                    before[k] = static_cast<unsigned>(
                        (w[q] >> (16 * (d % 4))) & 0xffff);
                    w[q] += 1ull << (16 * (d % 4));
                  }
              }
            }
            for (int q = 0; q < 4; ++q)
              lanes[q][l] = w[q];
            idx.barrier.wait();
            for (int s = 1; s < tile_size; s *= 2) {
              unsigned long long y[4];
              for (int q = 0; q < 4; ++q)
                y[q] = l >= s ? lanes[q][l - s] + lanes[q][l] : lanes[q][l];
              idx.barrier.wait();
              for (int q = 0; q < 4; ++q)
                lanes[q][l] = y[q];
              idx.barrier.wait();
            }
            for (int k = 0; k < radix_keys; ++k) {
              if (!valid[k])
                continue;
              const unsigned d = digit[k];
              // Keys of digit d in earlier threads: the inclusive scan
              // minus this thread's own.
              unsigned long long earlier = 0;
              for (int q = 0; q < 4; ++q)
                if (static_cast<int>(d / 4) == q)
                  earlier = lanes[q][l] - w[q];
              const unsigned rank =
                  static_cast<unsigned>((earlier >> (16 * (d % 4))) & 0xffff) +
                  before[k];
              dst[base[d] + rank] = key[k];
            }
            idx.barrier.wait(); // every thread has read base[]
            if (l < radix_buckets)
              base[l] += static_cast<unsigned>(
                  (lanes[l / 4][tile_size - 1] >> (16 * (l % 4))) & 0xffff);
            idx.barrier.wait(); // base[] and lanes[] are reused
          }
        });
  }
  done.wait(); // the callers return when the sort is done
  // An even number of passes: the keys are back in `data`.
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
