// The order in which the GPU entry of a non-tiled rank-3 kernel visits its
// domain.
//
// The work-items of a non-tiled launch are unordered (parallel_for_each
// promises no order and no grouping), so the entry may give each thread
// whichever elements it likes. The linear walk (parallel_for_each.hpp:
// every thread steps through linear ids with a grid-sized stride) makes a
// work-group 256 consecutive elements of one row per step. In a 3-D
// stencil the rows above and below in z are then read by work-groups that
// run much later, after the plane has left the L2 cache: a 7-point stencil
// on 384 x 432 x 481 floats read 948 MB from DRAM for a 319 MB grid and ran
// at 0.83x of CUDA's one thread per point (benchmarks/twins/stencil3d, an
// H200).
//
// The column walk makes a work-group of 256 a brick of 32 x 8 elements in
// (x, y) that walks `depth` consecutive planes down z: a thread's next
// element is the z-neighbour of its last, so the planes a stencil needs
// are still in L1 or L2. Work-groups take (x, y, z-chunk) bricks with a
// grid-sized stride, x fastest. The same stencil then reads 343 MB and runs
// at 1.04x (depth 16; depth 8 0.99x, depth 4 0.92x; bricks of 32 x 4 x 2
// elements visited once each reached 0.90x, docs/performance.md).
//
// The planner picks the column walk only where it pays: the brick must
// waste few lanes at the x and y edges (the padded plane at most 9/8 of
// the real one), a domain of at least two planes and 32-bit ids; the depth
// is the largest of 16, 8, 4, 2 that still leaves min_work_items
// work-items, so that a small domain still spreads over the whole GPU.
// Otherwise the kernel keeps the linear walk (depth 0).
#ifndef HC_DETAIL_COLUMN_WALK_HPP
#define HC_DETAIL_COLUMN_WALK_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/fast_divide.hpp"

#include <cstddef>
#include <cstdint>

namespace hc {
namespace detail {

struct column_walk {
  // A work-group's brick: 32 elements along x (a warp's coalesced row), 8
  // along y. The walk runs only in work-groups of exactly this size.
  static constexpr std::uint32_t brick_x = 32, brick_y = 8;
  static constexpr std::uint32_t group_size = brick_x * brick_y;
  // Work-items (bricks x brick size) a depth must leave: 2^20, four times
  // what an H200 holds at once (132 SMs x 2048 threads), so that every
  // multiprocessor keeps getting bricks.
  static constexpr std::uint64_t min_work_items = std::uint64_t(1) << 20;

  std::uint32_t depth = 0; // planes per brick; 0: the linear walk
  std::uint32_t bricks_x = 0, bricks_y = 0, chunks_z = 0;
  fast_divider by_bricks_x, by_bricks_y;

  // The walk for a domain of nz x ny x nx elements (nz slowest).
  static column_walk plan(std::uint32_t nz, std::uint32_t ny,
                          std::uint32_t nx) {
    column_walk w;
    const std::uint64_t total = std::uint64_t(nz) * ny * nx;
    if (nz < 2 || total == 0 || total > 0xffffffffu)
      return w;
    const std::uint32_t bx = (nx + brick_x - 1) / brick_x;
    const std::uint32_t by = (ny + brick_y - 1) / brick_y;
    const std::uint64_t padded_plane =
        std::uint64_t(bx) * brick_x * by * brick_y;
    if (padded_plane * 8 > std::uint64_t(nx) * ny * 9)
      return w;
    for (std::uint32_t d = 16; d >= 2; d /= 2) {
      const std::uint32_t chunks = (nz + d - 1) / d;
      if (d <= nz &&
          std::uint64_t(bx) * by * chunks * group_size >= min_work_items) {
        w.depth = d;
        w.bricks_x = bx;
        w.bricks_y = by;
        w.chunks_z = chunks;
        w.by_bricks_x = fast_divider(bx);
        w.by_bricks_y = fast_divider(by);
        return w;
      }
    }
    return w;
  }

  // Runs f(z, y, x) for every element that thread `thread` of work-group
  // `group` of `groups` (each of group_size threads) visits. Host-callable
  // so that tests can check that the groups together visit every element
  // once.
  template <class F>
  HC_INLINE HC_HOST_DEVICE void
  walk(std::uint32_t group, std::uint32_t groups, std::uint32_t thread,
       std::uint32_t nz, std::uint32_t ny, std::uint32_t nx, F &&f) const {
    const std::uint32_t tx = thread % brick_x, ty = thread / brick_x;
    // The grid's stride in bricks as steps along x, y and z-chunks, so that
    // each step is a few adds and at most two carries.
    const std::uint32_t stride_rows = by_bricks_x.divide(groups);
    const std::uint32_t step_x = groups - stride_rows * bricks_x;
    const std::uint32_t step_z = by_bricks_y.divide(stride_rows);
    const std::uint32_t step_y = stride_rows - step_z * bricks_y;
    const std::uint32_t rows = by_bricks_x.divide(group);
    std::uint32_t bx = group - rows * bricks_x;
    std::uint32_t bz = by_bricks_y.divide(rows);
    std::uint32_t by = rows - bz * bricks_y;
    while (bz < chunks_z) {
      const std::uint32_t x = bx * brick_x + tx, y = by * brick_y + ty;
      if (x < nx && y < ny) {
        const std::uint32_t z0 = bz * depth;
        const std::uint32_t z1 = nz - z0 < depth ? nz : z0 + depth;
        for (std::uint32_t z = z0; z < z1; ++z)
          f(z, y, x);
      }
      bx += step_x;
      by += step_y;
      bz += step_z;
      if (bx >= bricks_x) {
        bx -= bricks_x;
        ++by;
      }
      if (by >= bricks_y) {
        by -= bricks_y;
        ++bz;
      }
    }
  }
};

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_COLUMN_WALK_HPP
