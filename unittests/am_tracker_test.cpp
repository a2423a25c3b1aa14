// The <hc_am.hpp> runtime on the CPU device: am_alloc's flag rules, the
// tracker's range lookups and bookkeeping (include/hc/detail/am_runtime.hpp).
#include "core/am_tracker.hpp"
#include "hc/detail/am_runtime.hpp"
#include "hc/detail/exceptions.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstring>

using namespace hc::detail;

namespace {
device &cpu() { return cpu_device(); }
} // namespace

TEST(AmAlloc, FlagRules) {
  EXPECT_THROW(am_allocate(64, cpu(), 0x100), Kalmar::runtime_exception);
  EXPECT_THROW(am_allocate(64, cpu(), 0, 24), Kalmar::runtime_exception);
  EXPECT_EQ(am_allocate(0, cpu(), 0), nullptr);
  EXPECT_EQ(am_allocate(0, cpu(), am_flag_host_pinned), nullptr);
}

TEST(AmAlloc, CoherenceFollowsFlagsThenEnvironment) {
  am_record r;
  void *c = am_allocate(64, cpu(), am_flag_host_coherent);
  ASSERT_TRUE(am_find(c, &r));
  EXPECT_TRUE(r.coherent);
  // hcc: amHostPinned wins over amHostCoherent.
  hcc_test::scoped_env zero("HIP_HOST_COHERENT", "0");
  void *n = am_allocate(64, cpu(), am_flag_host_pinned | am_flag_host_coherent);
  ASSERT_TRUE(am_find(n, &r));
  EXPECT_FALSE(r.coherent);
  {
    void *p = am_allocate(64, cpu(), am_flag_host_pinned);
    ASSERT_TRUE(am_find(p, &r));
    EXPECT_FALSE(r.coherent);
    // Explicit flags ignore the variable.
    void *q = am_allocate(64, cpu(), am_flag_host_coherent);
    ASSERT_TRUE(am_find(q, &r));
    EXPECT_TRUE(r.coherent);
    EXPECT_TRUE(am_release(p));
    EXPECT_TRUE(am_release(q));
  }
  hcc_test::scoped_env unset("HIP_HOST_COHERENT", nullptr);
  void *d = am_allocate(64, cpu(), am_flag_host_pinned); // unset: coherent
  ASSERT_TRUE(am_find(d, &r));
  EXPECT_TRUE(r.coherent);
  EXPECT_TRUE(am_release(c));
  EXPECT_TRUE(am_release(n));
  EXPECT_TRUE(am_release(d));
}

TEST(AmAlloc, AlignedBlocksAreTrackedFromTheAlignedAddress) {
  for (std::size_t alignment : {std::size_t(64), std::size_t(4096)}) {
    char *p = static_cast<char *>(am_allocate(100, cpu(), 0, alignment));
    ASSERT_NE(p, nullptr);
    EXPECT_EQ(reinterpret_cast<std::uintptr_t>(p) % alignment, 0u);
    am_record r;
    ASSERT_TRUE(am_find(p + 99, &r));
    EXPECT_EQ(r.bytes, 100u);
    EXPECT_EQ(r.device_pointer, p);
    std::memset(p, 1, 100); // the CPU's memory: writable from the host
    EXPECT_TRUE(am_release(p));
    EXPECT_FALSE(am_find(p, nullptr));
  }
}

TEST(AmTracker, FindsInteriorPointersAndRefusesOverlaps) {
  char *p = static_cast<char *>(am_allocate(100, cpu(), 0));
  ASSERT_NE(p, nullptr);
  am_record r;
  ASSERT_TRUE(am_find(p + 99, &r));
  EXPECT_EQ(r.bytes, 100u);
  EXPECT_TRUE(r.am_managed);
  EXPECT_FALSE(r.in_device_memory); // the CPU's memory is host memory
  EXPECT_EQ(r.host_pointer, p);
  if (am_find(p + 100, &r)) // one past the end: another block, if any
    EXPECT_NE(r.host_pointer, p);
  am_record user;
  user.bytes = 10;
  user.dev = &cpu();
  EXPECT_FALSE(am_track(p + 50, user)); // overlaps the allocation
  EXPECT_FALSE(am_release(p + 1));      // not the base
  EXPECT_TRUE(am_release(p));
  EXPECT_FALSE(am_find(p, nullptr));
  EXPECT_FALSE(am_release(p));
}

TEST(AmTracker, UserRangesUpdateSizesAndReset) {
  static char buffer[256];
  am_record user;
  user.bytes = sizeof buffer;
  user.dev = &cpu();
  std::size_t d0, h0, u0;
  am_sizes(cpu(), &d0, &h0, &u0);
  ASSERT_TRUE(am_track(buffer, user));
  EXPECT_FALSE(am_track(buffer, user));
  EXPECT_TRUE(am_update(buffer + 3, 7, 0x42, buffer));
  am_record r;
  ASSERT_TRUE(am_find(buffer + 255, &r));
  EXPECT_EQ(r.app_id, 7);
  EXPECT_EQ(r.app_flags, 0x42u);
  EXPECT_EQ(r.app_pointer, static_cast<void *>(buffer));
  EXPECT_FALSE(r.am_managed);
  void *host = am_allocate(1000, cpu(), am_flag_host_pinned);
  std::size_t d, h, u;
  am_sizes(cpu(), &d, &h, &u);
  EXPECT_EQ(u - u0, sizeof buffer);
  EXPECT_EQ(h - h0, 1000u);
  EXPECT_FALSE(am_release(buffer)); // user memory: not am_free's
  EXPECT_GE(am_reset(cpu()), 2u);   // frees `host`, forgets `buffer`
  EXPECT_FALSE(am_find(buffer, nullptr));
  EXPECT_FALSE(am_find(host, nullptr));
}

TEST(AmCopy, HostToHost) {
  char a[32] = "tracked host copy", b[32] = {};
  EXPECT_TRUE(am_copy_bytes(b, a, sizeof a));
  EXPECT_STREQ(b, a);
  EXPECT_FALSE(am_copy_bytes(nullptr, a, 4));
}

TEST(AmLock, CpuOnlyLockTracksTheRange) {
  static char buffer[4096];
  if (all_devices().size() > 1)
    GTEST_SKIP() << "a GPU is present; the lit tests cover locking there";
  EXPECT_TRUE(am_host_lock(cpu(), buffer, sizeof buffer));
  EXPECT_FALSE(am_is_pinned_host(buffer, 16)); // nothing to page-lock for
  EXPECT_FALSE(am_host_lock(cpu(), buffer, sizeof buffer)); // already
  EXPECT_TRUE(am_host_unlock(cpu(), buffer));
  EXPECT_FALSE(am_host_unlock(cpu(), buffer));
}
