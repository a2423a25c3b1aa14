#include "backends/cuda/cuda_launch.hpp"

#include "core/grid_size.hpp"

#include "hc/detail/exceptions.hpp"

#include <algorithm>
#include <cctype>
#include <climits>
#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

constexpr std::size_t max_grid_x = 0x7fffffffu; // CUDA's gridDim.x limit
constexpr std::size_t max_grid_yz = 65535;      // gridDim.y and .z
constexpr std::size_t max_block_z = 64;         // CUDA's blockDim.z limit

} // namespace

unsigned pick_block_size(unsigned max_threads, unsigned warp_size,
                         unsigned preferred) {
  return non_tiled_group_size(max_threads, warp_size, preferred);
}

launch_dims plan_launch(const launch_geometry &g, const kernel_limits &k) {
  check_launch_rank(g);
  launch_dims dims;
  if (!g.tiled()) {
    std::size_t total = 1;
    for (int d = 0; d < g.rank; ++d)
      total *= g.global[d];
    if (total == 0)
      return dims;
    unsigned block = k.block_size ? k.block_size : 256;
    std::size_t per_sm =
        k.blocks_per_sm ? k.blocks_per_sm : std::max(1u, 2048u / block);
    dims.grid_x = static_cast<unsigned>(
        non_tiled_groups(total, block, k.sm_count, per_sm, max_grid_x));
    dims.block[0] = block;
    return dims;
  }

  const tile_counts counts = count_tiles(g);
  if (counts.items_per_tile > k.max_threads)
    throw Kalmar::invalid_compute_domain(
        "hc runtime: a tile of more than " + std::to_string(k.max_threads) +
        " work-items: the kernel cannot run with more on this device "
        "(CUDA's per-block limit for this kernel, which depends on the "
        "registers it uses)");
  for (int d = 0; d < g.rank; ++d)
    dims.block[d] = static_cast<unsigned>(g.tile[g.rank - 1 - d]);
  if (g.rank == 3 && g.tile[0] > max_block_z)
    throw Kalmar::invalid_compute_domain(
        "hc runtime: tile size " + std::to_string(g.tile[0]) +
        " in dimension 0 of a rank-3 tile exceeds CUDA's limit of " +
        std::to_string(max_block_z) +
        " for the slowest varying tile dimension");
  if (counts.tiles == 0)
    return launch_dims();
  const tile_grid grid =
      plan_tile_grid(counts, {max_grid_x, max_grid_yz, max_grid_yz});
  dims.grid_x = static_cast<unsigned>(grid.groups[0]);
  dims.grid_y = static_cast<unsigned>(grid.groups[1]);
  dims.grid_z = static_cast<unsigned>(grid.groups[2]);
  return dims;
}

int target_sm(const char *target) {
  if (!target || target[0] != 's' || target[1] != 'm' || target[2] != '_')
    return -1;
  const char *p = target + 3;
  if (!std::isdigit(static_cast<unsigned char>(*p)))
    return -1;
  long value = 0;
  while (std::isdigit(static_cast<unsigned char>(*p))) {
    value = value * 10 + (*p - '0');
    if (value > 100000)
      return -1;
    ++p;
  }
  // Feature suffixes: sm_90a (arch-specific), sm_100f (family).
  if (*p && !((*p == 'a' || *p == 'f') && p[1] == '\0'))
    return -1;
  return static_cast<int>(value);
}

std::vector<std::size_t> order_images(std::vector<image_candidate> candidates,
                                      int device_sm) {
  auto rank = [device_sm](const image_candidate &c) {
    bool runs = c.sm > 0 && c.sm <= device_sm;
    if (c.loaded && runs)
      return 0;
    if (c.sm == device_sm)
      return 1;
    if (runs)
      return 2;
    return 3;
  };
  std::stable_sort(candidates.begin(), candidates.end(),
                   [&](const image_candidate &a, const image_candidate &b) {
                     int ra = rank(a), rb = rank(b);
                     if (ra != rb)
                       return ra < rb;
                     if (ra == 2)
                       return a.sm > b.sm; // newest older target first
                     if (ra == 3)
                       return a.sm < b.sm; // least new first
                     return false;
                   });
  std::vector<std::size_t> order;
  for (const image_candidate &c : candidates)
    order.push_back(c.index);
  return order;
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
