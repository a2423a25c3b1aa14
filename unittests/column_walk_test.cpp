// The column walk of non-tiled rank-3 kernels (hc/detail/column_walk.hpp):
// when the planner picks it, and that the work-groups of any grid together
// visit every element of the domain exactly once.
#include "hc/detail/column_walk.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

using hc::detail::column_walk;

namespace {

// How often the walk of `groups` work-groups visits each element; fails
// the test at the first visit outside the domain.
std::vector<unsigned> visits(const column_walk &w, std::uint32_t groups,
                             std::uint32_t nz, std::uint32_t ny,
                             std::uint32_t nx) {
  std::vector<unsigned> seen(std::size_t(nz) * ny * nx, 0);
  for (std::uint32_t g = 0; g < groups; ++g)
    for (std::uint32_t t = 0; t < column_walk::group_size; ++t)
      w.walk(g, groups, t, nz, ny, nx,
             [&](std::uint32_t z, std::uint32_t y, std::uint32_t x) {
               ASSERT_LT(z, nz);
               ASSERT_LT(y, ny);
               ASSERT_LT(x, nx);
               ++seen[(std::size_t(z) * ny + y) * nx + x];
             });
  return seen;
}

void expect_each_once(std::uint32_t nz, std::uint32_t ny, std::uint32_t nx,
                      std::uint32_t groups) {
  const column_walk w = column_walk::plan(nz, ny, nx);
  ASSERT_NE(w.depth, 0u) << nz << " x " << ny << " x " << nx;
  const std::vector<unsigned> seen = visits(w, groups, nz, ny, nx);
  std::size_t wrong = 0;
  for (unsigned n : seen)
    wrong += n != 1;
  EXPECT_EQ(wrong, 0u) << nz << " x " << ny << " x " << nx << ", " << groups
                       << " work-groups";
}

TEST(ColumnWalk, PlansLargeDomainsDeep) {
  const column_walk w = column_walk::plan(384, 432, 481);
  EXPECT_EQ(w.depth, 16u);
  EXPECT_EQ(w.bricks_x, 16u); // 481 / 32, rounded up
  EXPECT_EQ(w.bricks_y, 54u); // 432 / 8
  EXPECT_EQ(w.chunks_z, 24u);
}

TEST(ColumnWalk, ShallowerWhenTheDomainIsSmall) {
  // 4 x 8 bricks per plane: 16 planes deep would leave 2^17 work-items
  // (too few), 2 planes deep 2^20.
  const column_walk w = column_walk::plan(256, 64, 128);
  EXPECT_EQ(w.depth, 2u);
  EXPECT_EQ(w.chunks_z, 128u);
}

TEST(ColumnWalk, LinearWhereBricksWasteLanesOrWorkIsScarce) {
  // x of 16: half of each brick's lanes idle.
  EXPECT_EQ(column_walk::plan(4096, 1024, 16).depth, 0u);
  // y of 9: 7 of 16 rows idle.
  EXPECT_EQ(column_walk::plan(4096, 9, 4096).depth, 0u);
  // One plane: nothing to walk down.
  EXPECT_EQ(column_walk::plan(1, 4096, 4096).depth, 0u);
  // Fewer than min_work_items elements at any depth.
  EXPECT_EQ(column_walk::plan(64, 64, 64).depth, 0u);
  // Ids past 32 bits.
  EXPECT_EQ(column_walk::plan(4096, 1024, 1025).depth, 0u);
  // Empty.
  EXPECT_EQ(column_walk::plan(16, 0, 4096).depth, 0u);
}

TEST(ColumnWalk, VisitsEveryElementOnce) {
  // Partial bricks along x and y, a partial last chunk along z, grids
  // smaller and larger than the brick count, a grid of one work-group, and
  // grids whose stride carries along x, y and z.
  expect_each_once(300, 72, 481, 1); // 16 x 9 bricks, 8 deep, 38 chunks
  expect_each_once(300, 72, 481, 7);
  expect_each_once(300, 72, 481, 16 * 9 + 5);
  expect_each_once(300, 72, 481, 16 * 9 * 3 + 17);
  expect_each_once(300, 72, 481, 20000); // more work-groups than bricks
  expect_each_once(71, 72, 481, 129);    // 2 deep, a last chunk of one
  expect_each_once(1000, 40, 64, 129);   // 2 x 5 bricks
  expect_each_once(2, 2048, 512, 257);   // one chunk
}

} // namespace
