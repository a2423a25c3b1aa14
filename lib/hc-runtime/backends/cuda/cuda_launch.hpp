// Pure helpers of the CUDA backend (no driver calls), unit-tested on any
// machine: the grid and block of a launch, and which PTX image to load.
#ifndef HC_RUNTIME_CUDA_CUDA_LAUNCH_HPP
#define HC_RUNTIME_CUDA_CUDA_LAUNCH_HPP

#include "hc/detail/runtime.hpp"

#include <cstddef>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

// What the launch planner needs to know about a kernel on a device.
struct kernel_limits {
  unsigned max_threads = 1024; // CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK
  unsigned warp_size = 32;
  unsigned sm_count = 1;
  // Block size for non-tiled launches and how many such blocks fit on one
  // SM (0: unknown).
  unsigned block_size = 256;
  unsigned blocks_per_sm = 0;
};

struct launch_dims {
  unsigned grid_x = 0;              // 0: nothing to launch
  unsigned grid_y = 1, grid_z = 1;  // tiled launches: tiles along y and z
  unsigned block[3] = {1, 1, 1};    // x = fastest hc dimension
};

// Block size of non-tiled launches for a kernel that allows `max_threads`
// threads per block: `preferred` capped by the kernel's limit, a multiple of
// the warp size where possible.
unsigned pick_block_size(unsigned max_threads, unsigned warp_size,
                         unsigned preferred = 256);

// The grid and block of a launch (grid_x 0 when there is no work).
// Non-tiled: a 1-D grid of `block_size` threads, at most the blocks that are
// resident at once (the kernel walks the ids with a grid-sized stride).
// Tiled: one block per tile (x = tile[rank-1], y = tile[rank-2],
// z = tile[rank-3]), tiles numbered linearly over a 1-D grid.
// Throws Kalmar::invalid_compute_domain / runtime_exception for a tile the
// device cannot run as one block.
launch_dims plan_launch(const launch_geometry &geometry,
                        const kernel_limits &limits);

// The SM number of a PTX target name ("sm_90" → 90, "sm_90a" → 90,
// "sm_100f" → 100), -1 if it is not one.
int target_sm(const char *target);

struct image_candidate {
  std::size_t index; // registry index of the image
  int sm;            // target_sm() of its target
  bool loaded;       // already loaded on the device
};

// The order in which to try the images that define a kernel on a device of
// compute capability `device_sm` (major*10+minor): images already loaded
// there that it can run first (no new module), then an exact target match,
// then older targets, newest first (PTX is JIT-compiled forward), then the
// rest (newer or unknown targets: their JIT error explains why).
std::vector<std::size_t> order_images(std::vector<image_candidate> candidates,
                                      int device_sm);

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
