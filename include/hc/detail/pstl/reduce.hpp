// The tiled reduction behind reduce, transform_reduce, inner_product,
// count, find, mismatch, equal and all_of/any_of/none_of.
//
// Pass 1 (one kernel): each tile owns a contiguous chunk; its threads fold
// the chunk with a tile-sized stride (coalesced loads, four in flight per
// thread), then the tile folds
// its threads' values in a tree in tile_static memory and writes one
// partial. Pass 2 (host): at most max_tiles partials are folded in tile
// order. The operation must be associative and commutative, as the
// Parallelism TS requires of reduce (GENERALIZED_SUM).
#ifndef HC_DETAIL_PSTL_REDUCE_HPP
#define HC_DETAIL_PSTL_REDUCE_HPP

#include "hc/detail/pstl/common.hpp"
#include "hc/detail/am_runtime.hpp"

#include <algorithm>

namespace hc {
namespace detail {
namespace pstl {

/// Where the tiles of tile_partials leave their partials: max_tiles values
/// of R in page-locked host memory mapped into every GPU (am_alloc's
/// amHostPinned), one block per host thread and value type, allocated by
/// its first reduce and freed when the thread ends. The kernel writes it
/// directly and the host reads it once the kernel is done: no device
/// allocation, copy and free per call, which would cost a reduce of a few
/// hundred microseconds a noticeable share. Null when the memory cannot be
/// had (the callers then go through an array_view). This form once gave
/// wrong partials on an H100 and was dropped for a while (f88aec8): wait()
/// could return while the kernel still ran (a CUDA completion bug, fixed in
/// 012d43b; test/data/wait_then_read_pinned.cpp), and a block the host
/// reads right after wait() is where that shows first.
template <class R> struct pinned_partials {
  R *values = nullptr;
  pinned_partials() {
    accelerator acc;
    values = static_cast<R *>(am_allocate(sizeof(R) * max_tiles, acc.device(),
                                          am_flag_host_pinned));
  }
  ~pinned_partials() {
    if (values)
      am_release(values);
  }
  pinned_partials(const pinned_partials &) = delete;
  pinned_partials &operator=(const pinned_partials &) = delete;
};
template <class R> R *pinned_partials_buffer() {
  static thread_local pinned_partials<R> buffer;
  return buffer.values;
}

/// The kernel of tile_partials: tile i hands its partial to sink(i, value).
template <class R, class Load, class Op, class Sink>
completion_future tile_partials_kernel(const tiling &t, std::size_t n,
                                       const Load &load, const Op &op,
                                       const Sink &sink) {
  const long long total = static_cast<long long>(n);
  const long long chunk = t.chunk;
  return parallel_for_each(
      extent<1>(t.tiles * tile_size).tile(tile_size),
      [=](tiled_index<1> idx) [[hc]] {
        // Raw storage: group memory cannot hold objects with constructors.
        tile_static group_storage<R> storage;
        R *scratch = reinterpret_cast<R *>(storage.bytes);
        tile_static bool present[tile_size];
        const int l = idx.local[0];
        const long long begin = idx.tile[0] * chunk;
        const long long end = begin + chunk < total ? begin + chunk : total;
        R acc{};
        bool has = false;
        long long g = begin + l;
        if (g < end) {
          acc = load(g);
          has = true;
          g += tile_size;
        }
        // Four independent loads in flight per thread (the operation is
        // associative and commutative, so they may be combined first).
        for (; g + 3 * tile_size < end; g += 4 * tile_size) {
          R v0 = load(g), v1 = load(g + tile_size);
          R v2 = load(g + 2 * tile_size), v3 = load(g + 3 * tile_size);
          acc = op(acc, op(op(v0, v1), op(v2, v3)));
        }
        for (; g < end; g += tile_size)
          acc = op(acc, load(g));
        scratch[l] = acc;
        present[l] = has;
        idx.barrier.wait();
        for (int s = tile_size / 2; s > 0; s /= 2) {
          if (l < s && present[l + s]) {
            scratch[l] = present[l] ? op(scratch[l], scratch[l + s])
                                    : scratch[l + s];
            present[l] = true;
          }
          idx.barrier.wait();
        }
        if (l == 0)
          sink(idx.tile[0], scratch[0]);
      });
}

/// Folds load(0) ... load(n - 1) with op into per-tile partials (tile
/// order); n > 0. `load` maps a linear index to a value of R on the
/// accelerator (it captures the array_views it reads).
template <class R, class Load, class Op>
std::vector<R> tile_partials(std::size_t n, const Load &load, const Op &op) {
  static_assert(std::is_trivially_copyable<R>::value &&
                    std::is_default_constructible<R>::value,
                "hcc's parallel reduce and scans keep values in group memory "
                "and copy them between host and accelerator: the value type "
                "must be trivially copyable and default constructible");
  const tiling t = make_tiling(n);
  std::vector<R> partials(static_cast<std::size_t>(t.tiles));
  if (R *pinned = pinned_partials_buffer<R>()) {
    tile_partials_kernel<R>(t, n, load, op, [=](int tile, const R &v) [[hc]] {
      pinned[tile] = v;
    }).wait();
    std::copy(pinned, pinned + t.tiles, partials.begin());
    return partials;
  }
  array_view<R, 1> out = output_view(partials.data(), partials.size());
  tile_partials_kernel<R>(t, n, load, op, [=](int tile, const R &v) [[hc]] {
    out[tile] = v;
  });
  out.synchronize();
  return partials;
}


/// op(...op(op(init, load(0)), ...), load(n - 1)) up to reassociation and
/// reordering; n > 0.
template <class R, class Load, class Op>
R tiled_reduce(std::size_t n, R init, const Load &load, const Op &op) {
  for (const R &p : tile_partials<R>(n, load, op))
    init = op(init, p);
  return init;
}

/// Folds the tile partials without an initial value; n > 0.
template <class R, class Load, class Op>
R tiled_reduce(std::size_t n, const Load &load, const Op &op) {
  std::vector<R> partials = tile_partials<R>(n, load, op);
  R acc = partials[0];
  for (std::size_t i = 1; i < partials.size(); ++i)
    acc = op(acc, partials[i]);
  return acc;
}

/// The smallest index i < n with hit(i), or n; n > 0.
template <class Hit>
std::size_t first_index(std::size_t n, const Hit &hit) {
  const long long none = static_cast<long long>(n);
  long long found = tiled_reduce<long long>(
      n,
      [=](long long g) [[hc]] { return hit(g) ? g : none; },
      [](long long a, long long b) [[hc]] { return a < b ? a : b; });
  return static_cast<std::size_t>(found);
}

/// How many indices i < n have hit(i); n > 0.
template <class Hit>
std::size_t count_indices(std::size_t n, const Hit &hit) {
  unsigned long long c = tiled_reduce<unsigned long long>(
      n,
      [=](long long g) [[hc]] { return hit(g) ? 1ull : 0ull; },
      [](unsigned long long a, unsigned long long b) [[hc]] { return a + b; });
  return static_cast<std::size_t>(c);
}

} // namespace pstl
} // namespace detail
} // namespace hc

#endif
