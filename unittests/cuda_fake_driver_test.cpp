// The CUDA backend over a fake driver (cuda_fake_driver.hpp): device
// discovery and what it reports, device memory and copies, and kernel
// launches (grid and block geometry, the argument block, group memory,
// module loading and the errors of each). Completion of queued work is
// tested in cuda_fake_completion_test.cpp.
#include "core/grid_size.hpp"
#include "cuda_fake_driver.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

using namespace cuda_fake;
using hcc_test::contains;

// --- discovery ---------------------------------------------------------------------

TEST_F(CudaFake, DeviceInfo) {
  F().device_count = 2;
  std::vector<device *> devices = discover();
  ASSERT_EQ(devices.size(), 2u);
  const device_info &info = devices[1]->info();
  EXPECT_EQ(info.description, L"Fake GPU 1");
  EXPECT_EQ(info.device_path, L"cuda:1");
  EXPECT_EQ(info.backend, "cuda");
  EXPECT_FALSE(info.is_cpu);
  EXPECT_EQ(info.dedicated_memory_kb, (80ull << 30) / 1024);
  EXPECT_EQ(info.version, (9u << 16) | 0u);
  EXPECT_EQ(info.compute_units, 132u);
  EXPECT_EQ(info.max_tile_size, 1024u);
  EXPECT_EQ(info.max_tile_static_bytes, 227u * 1024u);
  EXPECT_EQ(info.wavefront_size, 32u);
  EXPECT_TRUE(info.supports_double_precision);
  EXPECT_FALSE(info.supports_cpu_shared_memory);
  EXPECT_FALSE(info.is_host_memory);
  EXPECT_FALSE(info.is_emulated);
}

TEST_F(CudaFake, InitFailureMeansNoDevices) {
  F().init_result = CUDA_ERROR_NO_DEVICE;
  EXPECT_TRUE(discover().empty());
}

TEST_F(CudaFake, MissingEntryPointMeansNoDevices) {
  F().hidden_symbols.insert("cuLaunchKernel");
  EXPECT_TRUE(discover().empty());
}

TEST_F(CudaFake, OptionalEntryPointsMayBeMissing) {
  F().hidden_symbols = {"cuFuncGetParamInfo", "cuEventElapsedTime",
                        "cuOccupancyMaxActiveBlocksPerMultiprocessor"};
  device &d = the_device();
  auto args = std::make_shared<args16>(args16{1, 2});
  async_ptr s = d.default_queue()->launch(make_launch("fake_kernel_a", 1 << 24, args), {});
  s->wait();
  ASSERT_EQ(F().launches.size(), 1u);
  // 2048 threads per SM, a few waves (core/grid_size.hpp)
  EXPECT_EQ(F().launches[0].grid[0], hc::detail::rt::non_tiled_group_cap(132, 8));
}

// --- memory --------------------------------------------------------------------------

TEST_F(CudaFake, AllocationFailureIsOutOfMemory) {
  device &d = the_device();
  F().alloc_result = CUDA_ERROR_OUT_OF_MEMORY;
  try {
    d.allocate(123456789);
    FAIL() << "no exception";
  } catch (const Kalmar::out_of_memory &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "123456789")) << m;
    EXPECT_TRUE(contains(m, "cuMemAlloc_v2")) << m;
    EXPECT_TRUE(contains(m, "CUDA_ERROR_OUT_OF_MEMORY")) << m;
    EXPECT_TRUE(contains(m, "cuda:0")) << m;
  }
}

TEST_F(CudaFake, CopiesRoundTrip) {
  device &d = the_device();
  queue_ptr q = d.default_queue();
  int in[64], out[64] = {};
  for (int i = 0; i < 64; ++i)
    in[i] = i * 3;
  void *a = d.allocate(sizeof in);
  void *b = d.allocate(sizeof in);
  async_ptr c1 = q->copy(a, in, sizeof in, copy_direction::host_to_device, {});
  async_ptr c2 = q->copy(b, a, sizeof in, copy_direction::device_to_device, {c1});
  async_ptr c3 = q->copy(out, b, sizeof in, copy_direction::device_to_host, {c2});
  c3->wait();
  EXPECT_EQ(std::memcmp(in, out, sizeof in), 0);
  EXPECT_TRUE(c1->is_ready());
  EXPECT_TRUE(c2->is_ready());
  // Same queue: no cross-stream waits.
  EXPECT_TRUE(F().stream_waits.empty());
  // Profiling (HCC_PROFILE, read once per process: see CMakeLists.txt):
  // 0.5 ms between the start and end events; without it, the begin tick
  // is the submission time.
  if (profiling_requested())
    EXPECT_EQ(c3->end_tick() - c3->begin_tick(), 500000u);
  else
    EXPECT_LE(c3->begin_tick(), c3->end_tick());
  int h[4] = {1, 2, 3, 4}, g[4] = {};
  q->copy(g, h, sizeof h, copy_direction::host_to_host, {})->wait();
  EXPECT_EQ(std::memcmp(g, h, sizeof h), 0);
  EXPECT_TRUE(q->copy(g, h, 0, copy_direction::host_to_device, {})->is_ready());
  q->wait();
  EXPECT_EQ(q->pending_count(), 0u);
  d.deallocate(a);
  d.deallocate(b);
  EXPECT_EQ(F().frees, 2);
}

// --- kernels -------------------------------------------------------------------------

TEST_F(CudaFake, LaunchPassesTheArgumentBlock) {
  device &d = the_device();
  auto args = std::make_shared<args16>(args16{0x1122334455667788ull, 42});
  async_ptr s = d.default_queue()->launch(make_launch("fake_kernel_a", 1000, args), {});
  s->wait();
  ASSERT_EQ(F().launches.size(), 1u);
  const launch_record &r = F().launches[0];
  EXPECT_EQ(r.kernel, "fake_kernel_a");
  EXPECT_EQ(r.grid[0], 4u);
  EXPECT_EQ(r.grid[1], 1u);
  EXPECT_EQ(r.block[0], 256u);
  EXPECT_EQ(r.shared, 0u);
  ASSERT_EQ(r.args.size(), sizeof(args16));
  EXPECT_EQ(std::memcmp(r.args.data(), args.get(), sizeof(args16)), 0);
  EXPECT_EQ(F().module_loads, 1);
  // Second launch: module and function cached.
  d.default_queue()->launch(make_launch("fake_kernel_a", 10, args), {})->wait();
  d.default_queue()->launch(make_launch("fake_kernel_tiled", 10, args), {})->wait();
  EXPECT_EQ(F().module_loads, 1);
  EXPECT_EQ(F().launches.size(), 3u);
}

TEST_F(CudaFake, TiledLaunchAndDynamicGroupMemory) {
  device &d = the_device();
  auto args = std::make_shared<args16>();
  kernel_launch k = make_launch("fake_kernel_tiled", 0, args);
  k.geometry.rank = 2;
  k.geometry.global[0] = 100;
  k.geometry.global[1] = 70;
  k.geometry.tile[0] = 16;
  k.geometry.tile[1] = 32;
  k.geometry.dynamic_group_bytes = 1024;
  d.default_queue()->launch(k, {})->wait();
  EXPECT_TRUE(F().dynamic_shared_set.empty()); // below 48 KiB: no opt-in
  k.geometry.dynamic_group_bytes = 100 * 1024;
  d.default_queue()->launch(k, {})->wait();
  ASSERT_EQ(F().launches.size(), 2u);
  EXPECT_EQ(F().launches[1].block[0], 32u);
  EXPECT_EQ(F().launches[1].block[1], 16u);
  EXPECT_EQ(F().launches[1].grid[0], 3u); // ceil(70/32) tiles along x
  EXPECT_EQ(F().launches[1].grid[1], 7u); // ceil(100/16) along y
  EXPECT_EQ(F().launches[1].grid[2], 1u);
  EXPECT_EQ(F().launches[1].shared, 100u * 1024u);
  EXPECT_EQ(F().dynamic_shared_set, std::vector<int>{100 * 1024});
  // More than the device has: refused before launching.
  k.geometry.dynamic_group_bytes = 300 * 1024;
  EXPECT_THROW(d.default_queue()->launch(k, {}), Kalmar::runtime_exception);
}

TEST_F(CudaFake, KernelWithoutImage) {
  device &d = the_device();
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("no_such_kernel", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "kernel no_such_kernel has no PTX image")) << m;
    EXPECT_TRUE(contains(m, "HCC_OFFLOAD_ARCH=none")) << m;
  }
}

TEST_F(CudaFake, JitFailureCarriesTheLog) {
  device &d = the_device();
  F().load_result = CUDA_ERROR_INVALID_PTX;
  F().jit_error_log = "ptxas fatal   : Unresolved extern function 'puts'";
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("fake_kernel_bad_jit", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "cuModuleLoadDataEx failed with CUDA_ERROR_INVALID_PTX")) << m;
    EXPECT_TRUE(contains(m, "fake_bad.cpp")) << m;
    EXPECT_TRUE(contains(m, "Unresolved extern function 'puts'")) << m;
  }
  // The next try loads again (nothing broken is cached).
  F().load_result = CUDA_SUCCESS;
  d.default_queue()->launch(make_launch("fake_kernel_bad_jit", 10, args), {})->wait();
}

TEST_F(CudaFake, ImageForANewerGpuExplains) {
  device &d = the_device();
  F().load_result = CUDA_ERROR_INVALID_PTX;
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("fake_kernel_too_new", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_TRUE(contains(e.what(), "sm_100, newer than this device (sm_90)"))
        << e.what();
  }
}

TEST_F(CudaFake, ArgumentSizeMismatch) {
  device &d = the_device();
  F().param_size = 24;
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("fake_kernel_a", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_TRUE(contains(e.what(), "takes a 24-byte argument block but the host passed 16"))
        << e.what();
  }
  EXPECT_TRUE(F().launches.empty());
}

TEST_F(CudaFake, LaunchErrorNamesCallAndKernel) {
  device &d = the_device();
  F().launch_result = CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("fake_kernel_a", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "cuLaunchKernel failed with CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES (701)")) << m;
    EXPECT_TRUE(contains(m, "fake_kernel_a")) << m;
  }
  // The queue still works.
  F().launch_result = CUDA_SUCCESS;
  d.default_queue()->launch(make_launch("fake_kernel_a", 10, args), {})->wait();
}

TEST_F(CudaFake, EmptyLaunchIsReady) {
  device &d = the_device();
  auto args = std::make_shared<args16>();
  async_ptr s = d.default_queue()->launch(make_launch("fake_kernel_a", 0, args), {});
  EXPECT_TRUE(s->is_ready());
  EXPECT_TRUE(F().launches.empty());
}
