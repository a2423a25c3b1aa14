// How many work-groups (CUDA blocks) a launch gets, for every GPU backend.
//
// Non-tiled launches. The kernel walks linear ids with a grid-sized stride
// (hc/detail/parallel_for_each.hpp), so any number works; the choice is
// about speed:
//
//  - one work-item per element was measured at 0.80x of the textbook saxpy
//    on an H200 (block start-up paid per element); a grid of what the GPU
//    holds at once (one wave) runs streaming kernels at 1.05x;
//  - but one wave assigns every work-item its elements statically, and with
//    a stride that is a multiple of a row (grids are multiples of 2048, rows
//    often powers of two) each work-item's elements lie in one column: a
//    kernel whose cost varies over the domain (Mandelbrot) finishes when the
//    work-groups of the costly columns do, at 0.60x of CUDA's one thread per
//    pixel on an H200.
//
// Several waves keep the per-element start-up small while the hardware
// hands the smaller work-groups to whichever unit is free.
//
// A capped grid has an odd number of work-groups. With an even count the
// stride is a multiple of a large power of two (every GPU's capacity here
// is), so a work-item meets the same slot of any power-of-two-sized table
// at each step: 2^26 atomic adds to 4096 counters, each work-item adding
// to one counter 31 times in a row, ran at 0.91x of CUDA's one thread per
// add on an H200, and at 0.99x with one work-group more.
#ifndef HC_RUNTIME_CORE_GRID_SIZE_HPP
#define HC_RUNTIME_CORE_GRID_SIZE_HPP

#include "hc/detail/exceptions.hpp"
#include "hc/detail/kernel_launch.hpp"

#include <algorithm>
#include <cstddef>
#include <string>

namespace hc {
namespace detail {
namespace rt {

// Throws invalid_compute_domain unless the launch has rank 1 to 3 (the
// headers flatten higher ranks).
inline void check_launch_rank(const launch_geometry &g) {
  if (g.rank < 1 || g.rank > 3)
    throw Kalmar::invalid_compute_domain(
        "hc runtime: kernel rank " + std::to_string(g.rank) +
        " (the runtime takes 1 to 3; higher ranks are flattened by the "
        "headers)");
}

// The work-group size of a non-tiled launch: `preferred` (0: 256), at most
// `max_items` (0: no limit known), rounded down to whole waves of
// `wave_size` where it holds one.
inline unsigned non_tiled_group_size(unsigned max_items, unsigned wave_size,
                                     unsigned preferred = 0) {
  if (preferred == 0)
    preferred = 256;
  unsigned group = std::min(preferred, max_items ? max_items : preferred);
  if (wave_size && group >= wave_size)
    group -= group % wave_size;
  return group ? group : 1;
}

// Waves of resident work-groups a non-tiled launch is given at most.
constexpr std::size_t non_tiled_waves = 8;

// The most work-groups a non-tiled launch gets on `units` compute units
// holding `resident_per_unit` groups each: non_tiled_waves waves, made odd
// (see above).
inline std::size_t non_tiled_group_cap(std::size_t units,
                                       std::size_t resident_per_unit) {
  return (std::max<std::size_t>(1, units) *
          std::max<std::size_t>(1, resident_per_unit) * non_tiled_waves) |
         1u;
}

// Work-groups for `total` work-items in groups of `group_size` on
// `units` compute units holding `resident_per_unit` groups each, at most
// `max_groups`; at least one when there is any work.
inline std::size_t non_tiled_groups(std::size_t total, std::size_t group_size,
                                    std::size_t units,
                                    std::size_t resident_per_unit,
                                    std::size_t max_groups) {
  if (total == 0)
    return 0;
  std::size_t groups = (total + group_size - 1) / group_size;
  std::size_t cap = non_tiled_group_cap(units, resident_per_unit);
  return std::max<std::size_t>(1, std::min({groups, cap, max_groups}));
}

// A tiled launch's tiles and work-items per tile. Throws
// invalid_compute_domain for a tile size of 0; the backend checks the
// work-items against its device's limit.
struct tile_counts {
  std::size_t tiles = 1; // 0 when the extent is empty
  std::size_t items_per_tile = 1;
  // Tiles along the grid's x, y and z: hc dimensions N-1, N-2 and N-3 (1
  // past the rank).
  std::size_t along_axis[3] = {1, 1, 1};
};
inline tile_counts count_tiles(const launch_geometry &g) {
  tile_counts c;
  for (int d = 0; d < g.rank; ++d) {
    if (g.tile[d] == 0)
      throw Kalmar::invalid_compute_domain(
          "hc runtime: tile size 0 in dimension " + std::to_string(d));
    const std::size_t along = (g.global[d] + g.tile[d] - 1) / g.tile[d];
    if (g.rank - 1 - d < 3)
      c.along_axis[g.rank - 1 - d] = along;
    c.tiles *= along;
    c.items_per_tile *= g.tile[d];
  }
  return c;
}

// The work-groups of a tiled launch along the grid's x, y and z: the
// tiles along each axis (`counts` of a launch with tiles), each capped at
// the backend's `max_groups` for that axis. The kernel walks each axis with
// a grid-sized stride (hc/detail/parallel_for_each.hpp), so a capped axis
// still runs every tile.
struct tile_grid {
  std::size_t groups[3] = {1, 1, 1};
};
inline tile_grid plan_tile_grid(const tile_counts &counts,
                                const std::size_t (&max_groups)[3]) {
  tile_grid t;
  for (int axis = 0; axis < 3; ++axis)
    t.groups[axis] = std::max<std::size_t>(
        1, std::min(counts.along_axis[axis],
                    std::max<std::size_t>(1, max_groups[axis])));
  return t;
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
