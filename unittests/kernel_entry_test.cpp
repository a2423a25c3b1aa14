// Which of a kernel's GPU entry points a launch uses (core/kernel_entry.hpp,
// hc/detail/offset_width.hpp): the 32-bit-offset one while the images
// define it and no storage of 2 GiB or more exists; for a tiled launch of
// one block per whole tile, the whole-tiles one under the same conditions.
#include "core/kernel_entry.hpp"
#include "hc/detail/runtime.hpp"
#include "ptx_image_desc.hpp"

#include <gtest/gtest.h>

using namespace hc::detail;

namespace {

const char two_entries_ptx[] = R"(
.version 7.8
.target sm_90
.address_size 64

.visible .entry entry_test_wide(
	.param .align 8 .b8 entry_test_wide_param_0[8]
)
{ ret; }
.visible .entry entry_test_narrow(
	.param .align 8 .b8 entry_test_narrow_param_0[8]
)
{ ret; }
.visible .entry entry_test_whole(
	.param .align 8 .b8 entry_test_whole_param_0[8]
)
{ ret; }
)";

struct KernelEntry : ::testing::Test {
  static void SetUpTestSuite() {
    static __hcc_image_desc desc =
        ptx_desc(two_entries_ptx, "sm_90", "kernel_entry_test.cpp");
    __hcc_register_image(&desc);
  }

  kernel_launch launch(const char *narrow) {
    kernel_launch k;
    k.device_name = "entry_test_wide";
    k.device_name_offsets32 = narrow;
    return k;
  }
};

// Storage over host memory records its size and allocates nothing, so a
// "2 GiB" view of a few bytes is enough for the runtime's bookkeeping.
char some_bytes[16];

TEST_F(KernelEntry, NarrowEntryWhileEveryStorageIsSmall) {
  kernel_launch k = launch("entry_test_narrow");
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx), "entry_test_narrow");
  storage *small = storage::create_for_host(some_bytes, (1u << 31) - 1);
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx), "entry_test_narrow");
  small->release();
}

TEST_F(KernelEntry, WideEntryWhileA2GiBStorageExists) {
  kernel_launch k = launch("entry_test_narrow");
  storage *large = storage::create_for_host(some_bytes, std::size_t(1) << 31);
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx), "entry_test_wide");
  storage *larger = storage::create_for_host(some_bytes, std::size_t(5) << 30);
  large->release();
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx), "entry_test_wide");
  larger->release();
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx), "entry_test_narrow");
}

TEST_F(KernelEntry, WideEntryWhenTheImagesLackTheNarrowOne) {
  // The pass removes the 32-bit entry where it would change nothing or
  // could be wrong; other image kinds are asked separately.
  kernel_launch k = launch("entry_test_removed");
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx), "entry_test_wide");
  k = launch("entry_test_narrow");
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_hsaco), "entry_test_wide");
  k = launch(nullptr);
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx), "entry_test_wide");
}

TEST_F(KernelEntry, WholeTilesEntryWhenAskedAndDefined) {
  kernel_launch k = launch("entry_test_narrow");
  k.device_name_whole_tiles = "entry_test_whole";
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx, true),
               "entry_test_whole");
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx, false),
               "entry_test_narrow");
  // Removed by the pass (32-bit offsets not safe there): the narrow one,
  // and with a 2 GiB storage the wide one, whatever the launch.
  k.device_name_whole_tiles = "entry_test_whole_removed";
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx, true),
               "entry_test_narrow");
  k.device_name_whole_tiles = "entry_test_whole";
  storage *large = storage::create_for_host(some_bytes, std::size_t(1) << 31);
  EXPECT_STREQ(rt::kernel_entry_point(k, __hcc_image_ptx, true),
               "entry_test_wide");
  large->release();
}

launch_geometry tiled(int rank, std::size_t g0, std::size_t g1, std::size_t g2,
                      std::size_t t0, std::size_t t1, std::size_t t2) {
  launch_geometry g;
  g.rank = rank;
  g.global[0] = g0;
  g.global[1] = g1;
  g.global[2] = g2;
  g.tile[0] = t0;
  g.tile[1] = t1;
  g.tile[2] = t2;
  return g;
}

TEST(WholeTilesLaunch, OneBlockPerWholeTileAlongEveryAxis) {
  // 256 x 384 in 32 x 32 tiles: 12 tiles along x (dimension 1), 8 along y.
  launch_geometry g = tiled(2, 256, 384, 1, 32, 32, 1);
  const unsigned exact[3] = {12, 8, 1};
  EXPECT_TRUE(rt::whole_tiles_launch(g, exact));
  const unsigned swapped[3] = {8, 12, 1};
  EXPECT_FALSE(rt::whole_tiles_launch(g, swapped));
  const unsigned capped[3] = {12, 4, 1}; // blocks loop over tiles
  EXPECT_FALSE(rt::whole_tiles_launch(g, capped));
  // A partial tile at an edge needs the domain test.
  launch_geometry partial = tiled(2, 250, 384, 1, 32, 32, 1);
  const unsigned partial_grid[3] = {12, 8, 1};
  EXPECT_FALSE(rt::whole_tiles_launch(partial, partial_grid));
  // Rank 1 and 3: x is the fastest dimension.
  const unsigned one[3] = {4, 1, 1};
  EXPECT_TRUE(rt::whole_tiles_launch(tiled(1, 1024, 1, 1, 256, 1, 1), one));
  const unsigned three[3] = {2, 3, 4};
  EXPECT_TRUE(rt::whole_tiles_launch(tiled(3, 16, 12, 8, 4, 4, 4), three));
  // Not tiled.
  launch_geometry flat;
  flat.rank = 1;
  flat.global[0] = 1024;
  EXPECT_FALSE(rt::whole_tiles_launch(flat, one));
}

} // namespace
