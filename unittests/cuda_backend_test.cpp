// CUDA backend pieces that need no GPU: discovery without a driver, error
// messages, launch planning and the choice of PTX image. Runs everywhere
// (CI has no GPU and no libcuda).
#include "backends/cuda/cuda_backend.hpp"
#include "backends/cuda/cuda_driver.hpp"
#include "backends/cuda/cuda_launch.hpp"
#include "core/grid_size.hpp"

#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace hc::detail;
using namespace hc::detail::rt::cuda;
using hcc_test::contains;
using hcc_test::scoped_env;


// --- discovery without a driver ----------------------------------------------

TEST(CudaDiscovery, MissingLibraryMeansNoDevices) {
  scoped_env lib("HCC_CUDA_LIBRARY", "/nonexistent/libcuda.so.1");
  scoped_env verbose("HCC_VERBOSE", "1");
  std::unique_ptr<rt::backend> b = rt::make_cuda_backend();
  EXPECT_STREQ(b->name(), "cuda");
  EXPECT_STREQ(b->name(), "cuda");
  testing::internal::CaptureStderr();
  std::vector<device *> found;
  EXPECT_NO_THROW(found = b->discover());
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(found.empty());
  EXPECT_TRUE(contains(log, "cannot load /nonexistent/libcuda.so.1")) << log;
}

TEST(CudaDiscovery, QuietWithoutVerbose) {
  scoped_env lib("HCC_CUDA_LIBRARY", "/nonexistent/libcuda.so.1");
  scoped_env verbose("HCC_VERBOSE", "0");
  testing::internal::CaptureStderr();
  EXPECT_TRUE(rt::make_cuda_backend()->discover().empty());
  EXPECT_EQ(testing::internal::GetCapturedStderr(), "");
}

TEST(CudaDiscovery, LibraryWithoutTheDriverApiMeansNoDevices) {
  // A real shared library that is not a CUDA driver.
  scoped_env lib("HCC_CUDA_LIBRARY", "libm.so.6");
  scoped_env verbose("HCC_VERBOSE", "1");
  testing::internal::CaptureStderr();
  EXPECT_TRUE(rt::make_cuda_backend()->discover().empty());
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(contains(log, "lacks cuGetErrorName")) << log;
}

TEST(CudaDiscovery, StubDriverMeansNoDevices) {
  // The CUDA toolkit's link stub exports every entry point and fails cuInit
  // with CUDA_ERROR_STUB_LIBRARY: like a machine with a toolkit, no GPU.
  const char *candidates[] = {"/usr/local/cuda/lib64/stubs/libcuda.so",
                              "/usr/local/cuda/lib/stubs/libcuda.so",
                              "/usr/lib/x86_64-linux-gnu/stubs/libcuda.so"};
  const char *stub = nullptr;
  for (const char *c : candidates)
    if (access(c, R_OK) == 0)
      stub = c;
  if (!stub)
    GTEST_SKIP() << "no CUDA stub library on this machine";
  scoped_env lib("HCC_CUDA_LIBRARY", stub);
  scoped_env verbose("HCC_VERBOSE", "1");
  testing::internal::CaptureStderr();
  std::vector<device *> found;
  EXPECT_NO_THROW(found = rt::make_cuda_backend()->discover());
  std::string log = testing::internal::GetCapturedStderr();
  EXPECT_TRUE(found.empty());
  EXPECT_TRUE(contains(log, "cuInit failed")) << log;
}

// --- error messages -----------------------------------------------------------

TEST(CudaErrors, FormatNamesCallAndResult) {
  EXPECT_EQ(format_error("cuMemAlloc_v2", 2, "CUDA_ERROR_OUT_OF_MEMORY",
                         "out of memory"),
            "cuMemAlloc_v2 failed with CUDA_ERROR_OUT_OF_MEMORY (2): out of "
            "memory");
  EXPECT_EQ(format_error("cuInit", 100, "CUDA_ERROR_NO_DEVICE", nullptr),
            "cuInit failed with CUDA_ERROR_NO_DEVICE (100)");
  EXPECT_EQ(format_error("cuLaunchKernel", 12345, nullptr, ""),
            "cuLaunchKernel failed with CUresult 12345 (12345)");
}

TEST(CudaErrors, BuiltinNames) {
  EXPECT_STREQ(builtin_error_name(0), "CUDA_SUCCESS");
  EXPECT_STREQ(builtin_error_name(2), "CUDA_ERROR_OUT_OF_MEMORY");
  EXPECT_STREQ(builtin_error_name(218), "CUDA_ERROR_INVALID_PTX");
  EXPECT_STREQ(builtin_error_name(700), "CUDA_ERROR_ILLEGAL_ADDRESS");
  EXPECT_STREQ(builtin_error_name(701), "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES");
  EXPECT_EQ(builtin_error_name(4242), nullptr);
}

TEST(CudaErrors, MessageWithoutDriverFunctions) {
  driver_api api; // no entry points: falls back to the built-in names
  EXPECT_EQ(error_message(api, "cuStreamCreate", 201, "cuda:0 (GPU)"),
            "hc runtime: cuda:0 (GPU): cuStreamCreate failed with "
            "CUDA_ERROR_INVALID_CONTEXT (201)");
  EXPECT_EQ(error_message(api, "cuInit", 31337, ""),
            "hc runtime: cuInit failed with CUresult 31337 (31337)");
}

TEST(CudaErrors, ThrowMapsOutOfMemory) {
  driver_api api;
  try {
    throw_error(api, "cuMemAlloc_v2", CUDA_ERROR_OUT_OF_MEMORY, "cuda:0");
    FAIL() << "no exception";
  } catch (const Kalmar::out_of_memory &e) {
    EXPECT_TRUE(contains(e.what(), "CUDA_ERROR_OUT_OF_MEMORY")) << e.what();
  }
  try {
    throw_error(api, "cuLaunchKernel", CUDA_ERROR_LAUNCH_FAILED, "cuda:0");
    FAIL() << "no exception";
  } catch (const Kalmar::out_of_memory &) {
    FAIL() << "not an out-of-memory error";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_EQ(std::string(e.what()),
              "hc runtime: cuda:0: cuLaunchKernel failed with "
              "CUDA_ERROR_LAUNCH_FAILED (719)");
    EXPECT_EQ(e.get_error_code(), Kalmar::E_FAIL_CODE);
  }
}

// --- launch planning -------------------------------------------------------------

namespace {
launch_geometry linear(std::size_t n) {
  launch_geometry g;
  g.rank = 1;
  g.global[0] = n;
  return g;
}
kernel_limits h100() {
  kernel_limits k;
  k.max_threads = 1024;
  k.warp_size = 32;
  k.sm_count = 132;
  k.block_size = 256;
  k.blocks_per_sm = 8;
  return k;
}
} // namespace

TEST(CudaLaunchPlan, BlockSize) {
  EXPECT_EQ(pick_block_size(1024, 32), 256u);
  EXPECT_EQ(pick_block_size(200, 32), 192u); // a multiple of the warp
  EXPECT_EQ(pick_block_size(20, 32), 20u);   // below a warp: as allowed
  EXPECT_EQ(pick_block_size(0, 32), 256u);   // unknown limit
  EXPECT_EQ(pick_block_size(1024, 32, 512), 512u);
}

TEST(CudaLaunchPlan, NonTiled) {
  launch_dims d = plan_launch(linear(1000), h100());
  EXPECT_EQ(d.grid_x, 4u);
  EXPECT_EQ(d.block[0], 256u);
  EXPECT_EQ(d.block[1], 1u);
  EXPECT_EQ(d.block[2], 1u);
  // Large: capped at a few waves of resident blocks (core/grid_size.hpp),
  // the kernel strides.
  d = plan_launch(linear(1u << 30), h100());
  EXPECT_EQ(d.grid_x, rt::non_tiled_group_cap(132, 8));
  EXPECT_EQ(d.grid_x % 2, 1u); // an odd stride of blocks
  EXPECT_EQ(rt::non_tiled_group_cap(132, 8),
            132u * 8u * rt::non_tiled_waves + 1u);
  // Unknown occupancy: 2048 threads per SM.
  kernel_limits k = h100();
  k.blocks_per_sm = 0;
  EXPECT_EQ(plan_launch(linear(1u << 30), k).grid_x,
            rt::non_tiled_group_cap(132, 8));
  // Below the cap: one block per 256 work-items.
  EXPECT_EQ(plan_launch(linear(256u * 5000u), h100()).grid_x, 5000u);
  // Tiny.
  EXPECT_EQ(plan_launch(linear(1), h100()).grid_x, 1u);
}

TEST(CudaLaunchPlan, EmptyLaunch) {
  EXPECT_EQ(plan_launch(linear(0), h100()).grid_x, 0u);
  launch_geometry g;
  g.rank = 2;
  g.global[0] = 0;
  g.global[1] = 64;
  g.tile[0] = 8;
  g.tile[1] = 8;
  EXPECT_EQ(plan_launch(g, h100()).grid_x, 0u);
}

TEST(CudaLaunchPlan, TiledMapsFastestDimensionToX) {
  launch_geometry g;
  g.rank = 2;
  g.global[0] = 100; // rows
  g.global[1] = 70;  // columns: fastest
  g.tile[0] = 16;
  g.tile[1] = 32;
  launch_dims d = plan_launch(g, h100());
  EXPECT_EQ(d.block[0], 32u);
  EXPECT_EQ(d.block[1], 16u);
  EXPECT_EQ(d.block[2], 1u);
  EXPECT_EQ(d.grid_x, 3u); // ceil(70/32) tiles along the columns
  EXPECT_EQ(d.grid_y, 7u); // ceil(100/16) along the rows
  EXPECT_EQ(d.grid_z, 1u);

  launch_geometry g3;
  g3.rank = 3;
  g3.global[0] = 4;
  g3.global[1] = 8;
  g3.global[2] = 1000;
  g3.tile[0] = 2;
  g3.tile[1] = 4;
  g3.tile[2] = 64;
  d = plan_launch(g3, h100());
  EXPECT_EQ(d.block[0], 64u);
  EXPECT_EQ(d.block[1], 4u);
  EXPECT_EQ(d.block[2], 2u);
  EXPECT_EQ(d.grid_x, 16u);
  EXPECT_EQ(d.grid_y, 2u);
  EXPECT_EQ(d.grid_z, 2u);

  launch_geometry g1;
  g1.rank = 1;
  g1.global[0] = 1u << 20;
  g1.tile[0] = 1024;
  d = plan_launch(g1, h100());
  EXPECT_EQ(d.block[0], 1024u);
  EXPECT_EQ(d.grid_x, 1024u);
  EXPECT_EQ(d.grid_y, 1u);
  EXPECT_EQ(d.grid_z, 1u);
}

// CUDA allows 65535 blocks along y and z; the kernel walks those axes with
// a grid-sized stride, so more tiles than that still run.
TEST(CudaLaunchPlan, TiledCapsYAndZAtCudasLimit) {
  launch_geometry g;
  g.rank = 3;
  g.global[0] = 70000; // tiles of 1 along z and y: 70000 each
  g.global[1] = 70000;
  g.global[2] = 64;
  g.tile[0] = 1;
  g.tile[1] = 1;
  g.tile[2] = 64;
  launch_dims d = plan_launch(g, h100());
  EXPECT_EQ(d.grid_x, 1u);
  EXPECT_EQ(d.grid_y, 65535u);
  EXPECT_EQ(d.grid_z, 65535u);

  launch_geometry empty = g;
  empty.global[1] = 0;
  EXPECT_EQ(plan_launch(empty, h100()).grid_x, 0u);
}

TEST(CudaLaunchPlan, TilesTheDeviceCannotRun) {
  launch_geometry g;
  g.rank = 1;
  g.global[0] = 4096;
  g.tile[0] = 1024;
  kernel_limits k = h100();
  k.max_threads = 512; // a register-heavy kernel
  EXPECT_THROW(plan_launch(g, k), Kalmar::invalid_compute_domain);

  launch_geometry g3;
  g3.rank = 3;
  g3.global[0] = g3.global[1] = g3.global[2] = 1024;
  g3.tile[0] = 128; // z > 64
  g3.tile[1] = 2;
  g3.tile[2] = 2;
  try {
    plan_launch(g3, h100());
    FAIL() << "no exception";
  } catch (const Kalmar::invalid_compute_domain &e) {
    EXPECT_TRUE(contains(e.what(), "limit of 64")) << e.what();
  }

  launch_geometry bad;
  bad.rank = 4;
  EXPECT_THROW(plan_launch(bad, h100()), Kalmar::invalid_compute_domain);
}

// --- image choice --------------------------------------------------------------

TEST(CudaImages, TargetNames) {
  EXPECT_EQ(target_sm("sm_90"), 90);
  EXPECT_EQ(target_sm("sm_90a"), 90);
  EXPECT_EQ(target_sm("sm_100f"), 100);
  EXPECT_EQ(target_sm("sm_52"), 52);
  EXPECT_EQ(target_sm("gfx90a"), -1);
  EXPECT_EQ(target_sm("sm_"), -1);
  EXPECT_EQ(target_sm("sm_90xyz"), -1);
  EXPECT_EQ(target_sm(nullptr), -1);
}

TEST(CudaImages, Order) {
  // Device sm_90: exact match first, then older newest-first, then newer.
  std::vector<image_candidate> c = {
      {0, 70, false}, {1, 100, false}, {2, 90, false}, {3, 80, false}};
  EXPECT_EQ(order_images(c, 90), (std::vector<std::size_t>{2, 3, 0, 1}));
  // An image already loaded there that the device can run wins.
  c[0].loaded = true;
  EXPECT_EQ(order_images(c, 90), (std::vector<std::size_t>{0, 2, 3, 1}));
  // A loaded image the device cannot run does not.
  std::vector<image_candidate> d = {{5, 100, true}, {6, 80, false}};
  EXPECT_EQ(order_images(d, 90), (std::vector<std::size_t>{6, 5}));
  // Only newer targets: still tried (the JIT error explains).
  std::vector<image_candidate> e = {{7, 120, false}, {8, 100, false}};
  EXPECT_EQ(order_images(e, 90), (std::vector<std::size_t>{8, 7}));
}
