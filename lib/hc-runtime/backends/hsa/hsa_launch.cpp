#include "backends/hsa/hsa_launch.hpp"

#include "core/grid_size.hpp"

#include "hc/detail/exceptions.hpp"

#include <algorithm>
#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {
constexpr std::size_t max_grid = 0xffffffffu;
} // namespace

dispatch_shape plan_dispatch(const launch_geometry &g, const agent_limits &k) {
  check_launch_rank(g);
  dispatch_shape s;
  s.dynamic_group_bytes = static_cast<std::uint32_t>(g.dynamic_group_bytes);
  if (!g.tiled()) {
    std::size_t total = g.total();
    if (total == 0) {
      s.dims = 0;
      return s;
    }
    const unsigned wg =
        non_tiled_group_size(k.max_workgroup_size ? k.max_workgroup_size : 256u,
                             k.wavefront_size, k.workgroup_size);
    // 2048 work-items resident per CU (core/grid_size.hpp).
    std::size_t groups =
        non_tiled_groups(total, wg, k.compute_units, 2048 / wg, max_grid / wg);
    s.dims = 1;
    s.workgroup[0] = static_cast<std::uint16_t>(wg);
    s.grid[0] = static_cast<std::uint32_t>(groups * wg);
    return s;
  }

  const tile_counts counts = count_tiles(g);
  if (counts.items_per_tile > k.max_workgroup_size)
    throw Kalmar::invalid_compute_domain(
        "hc runtime: a tile of more than " +
        std::to_string(k.max_workgroup_size) +
        " work-items: the HSA agent's work-group limit");
  if (counts.tiles == 0) {
    s.dims = 0;
    return s;
  }
  s.dims = static_cast<unsigned>(g.rank);
  for (int d = 0; d < g.rank; ++d)
    s.workgroup[d] = static_cast<std::uint16_t>(g.tile[g.rank - 1 - d]);
  // AQL states the grid in work-items, below 2^32 along each axis.
  std::size_t max_groups[3];
  for (int axis = 0; axis < 3; ++axis)
    max_groups[axis] = max_grid / s.workgroup[axis];
  const tile_grid grid = plan_tile_grid(counts, max_groups);
  for (int axis = 0; axis < 3; ++axis)
    s.grid[axis] =
        static_cast<std::uint32_t>(grid.groups[axis] * s.workgroup[axis]);
  return s;
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
