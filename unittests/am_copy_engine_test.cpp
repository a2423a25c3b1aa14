// The CUDA unpinned-copy engine (backends/cuda/cuda_copy_engine.hpp) and
// pinned host memory over a fake driver (fake_copy_cuda.hpp), in the
// default mode: which strategy a copy takes, that staged copies go through
// pinned buffers chunk by chunk and that the data arrives, that pinned
// allocations and locked user memory are copied directly. The forced modes
// (HCC_UNPINNED_COPY_MODE, read once per process) are tested in
// am_copy_engine_modes_test.cpp.
#include "fake_copy_cuda.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <mutex>
#include <vector>

using namespace fake_copy_cuda;

namespace {

class CopyEngineAuto : public testing::Test {
protected:
  void SetUp() override { REQUIRE_MODE("0"); }
};

} // namespace

// First in its suite: the staging buffers come as the copies need them
// (one small buffer for a small copy, not 16 MiB up front).
TEST_F(CopyEngineAuto, StagingBuffersGrowWithTheCopies) {
  EXPECT_EQ(pinned_bytes(), 0u); // nothing before the first staged copy
  copy_round_trip(16 * KB);      // one small buffer (for the way back)
  EXPECT_EQ(pinned_bytes(), 256 * KB);
  round_trip r = copy_round_trip(4 * MB); // 4 chunks: 4 buffers of 1 MiB
  EXPECT_EQ(r.up.size(), 4u);
  for (const dma &d : r.up)
    EXPECT_TRUE(from_pinned_buffer(d));
  EXPECT_EQ(pinned_bytes(), 4 * MB);
  r = copy_round_trip(64 * MB + 1); // the largest: 4 buffers of 4 MiB
  EXPECT_EQ(total(r.up), 64 * MB + 1);
  EXPECT_EQ(total(r.down), 64 * MB + 1);
  for (const dma &d : r.down)
    EXPECT_TRUE(from_pinned_buffer(d));
  EXPECT_EQ(pinned_bytes(), 16 * MB);
  std::size_t allocations;
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    allocations = g.alloc_flags.size();
  }
  copy_round_trip(3 * MB); // fits: nothing new
  copy_round_trip(100 * KB);
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_EQ(g.alloc_flags.size(), allocations);
}

// Below 64 KB to the device: the driver with the user's pointer
// (HCC_H2D_STAGING_THRESHOLD); from the device staged at every size (the
// original hcc's rule; HCC_D2H_STAGING_THRESHOLD is 0). From 64 KB on both
// staged.
TEST_F(CopyEngineAuto, SmallToDeviceIsDirectSmallFromDeviceIsStaged) {
  round_trip r = copy_round_trip(16 * KB);
  ASSERT_EQ(r.up.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.up[0])); // the user's pointer
  ASSERT_EQ(r.down.size(), 1u);
  EXPECT_TRUE(from_pinned_buffer(r.down[0]));
  r = copy_round_trip(64 * KB);
  ASSERT_EQ(r.up.size(), 1u);
  EXPECT_TRUE(from_pinned_buffer(r.up[0]));
  ASSERT_EQ(r.down.size(), 1u);
  EXPECT_TRUE(from_pinned_buffer(r.down[0]));
}

// A copy into pageable memory, direct or staged, is done when the call
// returns: its future is ready then, without an end event for the
// completion thread to find, and the data is in place.
TEST_F(CopyEngineAuto, CopiesIntoPageableMemoryAreReadyOnReturn) {
  device &gpu = the_gpu();
  queue_ptr q = gpu.default_queue();
  for (std::size_t bytes : {16 * KB, 3 * MB}) {
    std::vector<char> dst(bytes, 0);
    char *d = static_cast<char *>(gpu.allocate(bytes));
    std::memset(d, 0x5a, bytes);
    async_ptr c = q->copy(dst.data(), d, bytes,
                          copy_direction::device_to_host, {});
    EXPECT_TRUE(c->is_ready()) << bytes;
    EXPECT_EQ(dst[0], 0x5a);
    EXPECT_EQ(dst[bytes - 1], 0x5a);
    EXPECT_LE(c->begin_tick(), c->end_tick());
    EXPECT_NE(c->end_tick(), 0u);
    gpu.deallocate(d);
  }
  EXPECT_EQ(q->pending_count(), 0u);
}

TEST_F(CopyEngineAuto, MidSizesAreStagedInChunks) {
  round_trip r = copy_round_trip(3 * MB + 5);
  EXPECT_GE(r.up.size(), 2u); // chunked: the CPU overlaps the DMA
  EXPECT_EQ(total(r.up), 3 * MB + 5);
  for (const dma &d : r.up)
    EXPECT_TRUE(from_pinned_buffer(d));
  std::lock_guard<std::mutex> lock(g.mutex);
  for (unsigned flags : g.alloc_flags)
    EXPECT_TRUE(flags & CU_MEMHOSTALLOC_PORTABLE);
}

// Pin-in-place is off by default (docs/host-memory.md: measured slower).
TEST_F(CopyEngineAuto, LargeCopiesAreStaged) {
  round_trip r = copy_round_trip(5 * MB + 100);
  EXPECT_GE(r.up.size(), 2u);
  EXPECT_GE(r.down.size(), 2u);
  for (const dma &d : r.up)
    EXPECT_TRUE(from_pinned_buffer(d));
  for (const dma &d : r.down)
    EXPECT_TRUE(from_pinned_buffer(d));
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_TRUE(g.registered.empty());
  EXPECT_EQ(g.unregisters, 0);
}

TEST_F(CopyEngineAuto, PinnedAllocationsAreCopiedDirectly) {
  device &gpu = the_gpu();
  void *host = am_allocate(8 * MB, gpu, am_flag_host_pinned);
  ASSERT_NE(host, nullptr);
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    EXPECT_EQ(g.alloc_flags.back(),
              unsigned(CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  }
  am_record r;
  ASSERT_TRUE(am_find(static_cast<char *>(host) + 100, &r));
  EXPECT_TRUE(r.pinned);
  EXPECT_FALSE(r.in_device_memory);
  EXPECT_TRUE(am_is_pinned_host(host, 8 * MB));
  EXPECT_FALSE(am_is_pinned_host(host, 8 * MB + 1));
  void *d = gpu.allocate(8 * MB);
  g.clear();
  gpu.default_queue()
      ->copy(d, host, 8 * MB, copy_direction::host_to_device, {})
      ->wait();
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    ASSERT_EQ(g.dmas.size(), 1u);
    EXPECT_EQ(g.dmas[0].host, host);
    EXPECT_TRUE(g.registered.empty());
  }
  EXPECT_TRUE(am_release(host));
  gpu.deallocate(d);
}

TEST_F(CopyEngineAuto, HostLockMakesUserMemoryPinned) {
  device &gpu = the_gpu();
  std::vector<char> user(1 * MB);
  ASSERT_TRUE(am_host_lock(gpu, user.data(), user.size()));
  EXPECT_TRUE(am_is_pinned_host(user.data() + 10, 100));
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    EXPECT_EQ(g.registered.count(user.data()), 1u);
  }
  EXPECT_TRUE(am_host_unlock(gpu, user.data()));
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_EQ(g.registered.count(user.data()), 0u);
}
