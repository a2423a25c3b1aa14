// The CUDA unpinned-copy engine (backends/cuda/cuda_copy_engine.hpp) over a
// fake driver (fake_copy_cuda.hpp) in each forced HCC_UNPINNED_COPY_MODE:
// staging at every size (also when short of pinned memory), pin-in-place
// with the pages unregistered once the copy finished and its fallback to
// staging, direct copies, and bad settings. The mode is read once per
// process, so each suite runs in a process of its own (CMakeLists.txt) and
// skips itself in any other mode.
#include "fake_copy_cuda.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

using namespace fake_copy_cuda;

namespace {

// Pinned pages are unregistered by the completion worker right after it
// completed the copy, so a waiter may get there first: poll a little.
int unregisters_after(int expected) {
  for (int i = 0; i < 2000; ++i) {
    {
      std::lock_guard<std::mutex> lock(g.mutex);
      if (g.unregisters >= expected)
        return g.unregisters;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  std::lock_guard<std::mutex> lock(g.mutex);
  return g.unregisters;
}

} // namespace

// Run with HCC_UNPINNED_COPY_MODE=2 (CMakeLists.txt). First in its suite:
// when the driver gives no more pinned memory than the first (smallest)
// buffer, larger copies go through that one buffer: smaller chunks, no
// overlap, still correct. The pool stays as it is afterwards.
TEST(CopyEngineStaging, ShortOfPinnedMemoryUsesWhatThereIs) {
  REQUIRE_MODE("2");
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.pinned_limit = 300 * KB;
  }
  round_trip r = copy_round_trip(3 * MB + 7);
  EXPECT_EQ(total(r.up), 3 * MB + 7);
  EXPECT_EQ(total(r.down), 3 * MB + 7);
  EXPECT_EQ(r.up.size(), 13u); // 256 KiB chunks
  for (const dma &d : r.up)
    EXPECT_TRUE(from_pinned_buffer(d));
  for (const dma &d : r.down)
    EXPECT_TRUE(from_pinned_buffer(d));
  EXPECT_EQ(pinned_bytes(), 256 * KB);
  std::lock_guard<std::mutex> lock(g.mutex);
  g.pinned_limit = 0;
}

TEST(CopyEngineStaging, EverySizeIsStaged) {
  REQUIRE_MODE("2");
  for (std::size_t bytes : {std::size_t(100), 16 * MB + 3}) {
    round_trip r = copy_round_trip(bytes);
    EXPECT_EQ(total(r.up), bytes);
    EXPECT_EQ(total(r.down), bytes);
    for (const dma &d : r.up)
      EXPECT_TRUE(from_pinned_buffer(d));
    for (const dma &d : r.down)
      EXPECT_TRUE(from_pinned_buffer(d));
  }
}

// Run with HCC_UNPINNED_COPY_MODE=1.
TEST(CopyEnginePinInPlace, EverySizeIsPinned) {
  REQUIRE_MODE("1");
  round_trip r = copy_round_trip(100);
  ASSERT_EQ(r.up.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.up[0]));
  EXPECT_EQ(unregisters_after(2), 2);
}

// Run with HCC_UNPINNED_COPY_MODE=1: pin-in-place at every size, and the
// pages unregistered once the copy finished.
TEST(CopyEnginePinInPlace, LargeCopiesArePinnedAndUnpinnedAfterwards) {
  REQUIRE_MODE("1");
  round_trip r = copy_round_trip(5 * MB + 100);
  ASSERT_EQ(r.up.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.up[0]));
  ASSERT_EQ(r.down.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.down[0]));
  EXPECT_EQ(unregisters_after(2), 2); // both directions, once finished
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_TRUE(g.registered.empty());
}

TEST(CopyEnginePinInPlace, RegistrationFailureFallsBackToStaging) {
  REQUIRE_MODE("1");
  g.clear();
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.refuse_register = true;
  }
  device &gpu = the_gpu();
  std::vector<char> src(6 * MB, 'x'), dst(6 * MB, 0);
  void *d = gpu.allocate(src.size());
  queue_ptr q = gpu.default_queue();
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.refuse_register = true;
  }
  q->copy(d, src.data(), src.size(), copy_direction::host_to_device, {})->wait();
  q->copy(dst.data(), d, dst.size(), copy_direction::device_to_host, {})->wait();
  EXPECT_EQ(src, dst);
  std::lock_guard<std::mutex> lock(g.mutex);
  for (const dma &x : g.dmas)
    EXPECT_NE(x.host, x.to_device ? (const void *)src.data()
                                  : (const void *)dst.data());
  g.refuse_register = false;
  gpu.deallocate(d);
}


// Run with HCC_UNPINNED_COPY_MODE=3.
TEST(CopyEngineDirect, EverySizeIsDirect) {
  REQUIRE_MODE("3");
  round_trip r = copy_round_trip(16 * MB);
  ASSERT_EQ(r.up.size(), 1u);
  ASSERT_EQ(r.down.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.up[0]));
  EXPECT_FALSE(from_pinned_buffer(r.down[0]));
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_EQ(g.unregisters, 0);
}

// Run with HCC_UNPINNED_COPY_MODE=9 and a bad threshold: one warning each,
// once per process, and the defaults.
TEST(CopyEngineBadSettings, ReportedOnceDefaultsUsed) {
  REQUIRE_MODE("9");
  testing::internal::CaptureStderr();
  copy_round_trip(16 * KB);
  copy_round_trip(16 * KB);
  std::string err = testing::internal::GetCapturedStderr();
  auto count = [&](const std::string &what) {
    std::size_t n = 0;
    for (std::size_t at = err.find(what); at != std::string::npos;
         at = err.find(what, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("hcc: warning: HCC_UNPINNED_COPY_MODE='9'"), 1u) << err;
  EXPECT_EQ(count("hcc: warning: HCC_H2D_STAGING_THRESHOLD='lots'"), 1u) << err;
}
