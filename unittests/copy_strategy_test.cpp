// The unpinned-copy strategy table, settings parsing and chunking
// (core/copy_strategy.hpp), and the parallel memcpy of staged copies; no
// device needed.
#include "core/copy_strategy.hpp"
#include "core/host_memory.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <map>
#include <string>
#include <thread>
#include <vector>

using namespace hc::detail::rt;

namespace {

struct env_fixture {
  std::map<std::string, std::string> vars;
  std::vector<std::string> reports;
  copy_settings parse() {
    return parse_copy_settings(
        [this](const char *name) {
          auto it = vars.find(name);
          return it == vars.end() ? std::string() : it->second;
        },
        [this](const std::string &m) { reports.push_back(m); });
  }
};

constexpr std::size_t KB = 1024;
const copy_capabilities all_caps{true, true, true};

copy_strategy h2d(std::size_t bytes, const copy_settings &s = {},
                  const copy_capabilities &c = all_caps) {
  return choose_copy_strategy(true, bytes, s, c);
}
copy_strategy d2h(std::size_t bytes, const copy_settings &s = {},
                  const copy_capabilities &c = all_caps) {
  return choose_copy_strategy(false, bytes, s, c);
}

} // namespace

// The original hcc's staging threshold; pin-in-place off (measured slower than
// staging at every size on an H200: docs/performance.md).
TEST(CopySettings, DefaultsAreMeasured) {
  env_fixture e;
  copy_settings s = e.parse();
  EXPECT_EQ(s.mode, unpinned_copy_mode::automatic);
  EXPECT_EQ(s.h2d_staging_threshold, 64 * KB);
  EXPECT_EQ(s.h2d_pin_in_place_threshold, copy_threshold_off);
  EXPECT_EQ(s.d2h_pin_in_place_threshold, copy_threshold_off);
  EXPECT_EQ(s.d2h_staging_threshold, 0u);
  EXPECT_TRUE(e.reports.empty());
}

TEST(CopySettings, ReadsEveryVariableInKB) {
  env_fixture e;
  e.vars = {{"HCC_UNPINNED_COPY_MODE", "2"},
            {"HCC_H2D_STAGING_THRESHOLD", "0"},
            {"HCC_H2D_PININPLACE_THRESHOLD", "8192"},
            {"HCC_D2H_PININPLACE_THRESHOLD", "16"},
            {"HCC_D2H_STAGING_THRESHOLD", "4"}};
  copy_settings s = e.parse();
  EXPECT_EQ(s.mode, unpinned_copy_mode::staging);
  EXPECT_EQ(s.d2h_staging_threshold, 4 * KB);
  EXPECT_EQ(s.h2d_staging_threshold, 0u);
  EXPECT_EQ(s.h2d_pin_in_place_threshold, 8192 * KB);
  EXPECT_EQ(s.d2h_pin_in_place_threshold, 16 * KB);
  EXPECT_TRUE(e.reports.empty());
}

TEST(CopySettings, ThresholdsCanBeOff) {
  env_fixture e;
  e.vars = {{"HCC_H2D_STAGING_THRESHOLD", "off"},
            {"HCC_H2D_PININPLACE_THRESHOLD", "off"},
            {"HCC_D2H_PININPLACE_THRESHOLD", "OFF"}}; // exactly "off"
  copy_settings s = e.parse();
  EXPECT_EQ(s.h2d_staging_threshold, copy_threshold_off);
  EXPECT_EQ(s.h2d_pin_in_place_threshold, copy_threshold_off);
  EXPECT_EQ(s.d2h_pin_in_place_threshold, copy_threshold_off);
  ASSERT_EQ(e.reports.size(), 1u);
  EXPECT_NE(e.reports[0].find("HCC_D2H_PININPLACE_THRESHOLD='OFF'"),
            std::string::npos);
  EXPECT_NE(e.reports[0].find("using off"), std::string::npos);
}

TEST(CopySettings, BadValuesAreReportedAndIgnored) {
  env_fixture e;
  e.vars = {{"HCC_UNPINNED_COPY_MODE", "4"},
            {"HCC_H2D_STAGING_THRESHOLD", "-1"},
            {"HCC_H2D_PININPLACE_THRESHOLD", "4MB"},
            {"HCC_D2H_PININPLACE_THRESHOLD", "99999999999999999999999"},
            {"HCC_D2H_STAGING_THRESHOLD", "64K"}};
  copy_settings s = e.parse();
  copy_settings d;
  EXPECT_EQ(s.d2h_staging_threshold, d.d2h_staging_threshold);
  EXPECT_EQ(s.mode, d.mode);
  EXPECT_EQ(s.h2d_staging_threshold, d.h2d_staging_threshold);
  EXPECT_EQ(s.h2d_pin_in_place_threshold, d.h2d_pin_in_place_threshold);
  EXPECT_EQ(s.d2h_pin_in_place_threshold, d.d2h_pin_in_place_threshold);
  ASSERT_EQ(e.reports.size(), 5u); // one line per bad variable
  EXPECT_NE(e.reports[0].find("HCC_UNPINNED_COPY_MODE='4'"), std::string::npos);
  EXPECT_NE(e.reports[0].find("using 0"), std::string::npos);
  EXPECT_NE(e.reports[1].find("HCC_H2D_STAGING_THRESHOLD='-1'"),
            std::string::npos);
  EXPECT_NE(e.reports[1].find("using 64"), std::string::npos);
  EXPECT_NE(e.reports[2].find("using off"), std::string::npos);
  EXPECT_NE(e.reports[3].find("HCC_D2H_PININPLACE_THRESHOLD"),
            std::string::npos);
  EXPECT_NE(e.reports[4].find("HCC_D2H_STAGING_THRESHOLD='64K'"),
            std::string::npos);
  EXPECT_NE(e.reports[4].find("using 0"), std::string::npos);
}

TEST(CopyStrategy, AutomaticDefaultsNeverPin) {
  EXPECT_EQ(h2d(1), copy_strategy::direct);
  EXPECT_EQ(h2d(64 * KB - 1), copy_strategy::direct);
  EXPECT_EQ(h2d(64 * KB), copy_strategy::staging);
  EXPECT_EQ(h2d(4096 * KB), copy_strategy::staging);
  EXPECT_EQ(h2d(1ull << 30), copy_strategy::staging);
  EXPECT_EQ(h2d(~std::size_t(0)), copy_strategy::staging);
  EXPECT_EQ(d2h(1), copy_strategy::staging); // original hcc: never direct
  EXPECT_EQ(d2h(64 * KB), copy_strategy::staging);
  EXPECT_EQ(d2h(1024 * KB), copy_strategy::staging);
  EXPECT_EQ(d2h(1ull << 30), copy_strategy::staging);
  EXPECT_EQ(d2h(~std::size_t(0)), copy_strategy::staging);
  // Below a threshold, but the device has no direct path from it (as HSA
  // in the original hcc): staging.
  copy_capabilities no_direct_d2h{true, false, true};
  copy_settings direct_small;
  direct_small.d2h_staging_threshold = 64 * KB;
  EXPECT_EQ(d2h(1, direct_small), copy_strategy::direct);
  EXPECT_EQ(d2h(1, direct_small, no_direct_d2h), copy_strategy::staging);
}

TEST(CopyStrategy, D2HStagingThreshold) {
  copy_settings s;
  s.d2h_staging_threshold = 0; // staging at every size (HIP's rule)
  EXPECT_EQ(d2h(1, s), copy_strategy::staging);
  s.d2h_staging_threshold = copy_threshold_off; // direct at every size
  EXPECT_EQ(d2h(1ull << 30, s), copy_strategy::direct);
  s.d2h_staging_threshold = 16 * KB;
  s.d2h_pin_in_place_threshold = 1024 * KB;
  EXPECT_EQ(d2h(16 * KB - 1, s), copy_strategy::direct);
  EXPECT_EQ(d2h(16 * KB, s), copy_strategy::staging);
  EXPECT_EQ(d2h(1024 * KB, s), copy_strategy::pin_in_place);
}

// The original hcc's thresholds, set through the variables.
TEST(CopyStrategy, AutomaticFollowsTheThresholds) {
  copy_settings s;
  s.h2d_pin_in_place_threshold = 4096 * KB;
  s.d2h_pin_in_place_threshold = 1024 * KB;
  EXPECT_EQ(h2d(64 * KB - 1, s), copy_strategy::direct);
  EXPECT_EQ(h2d(64 * KB, s), copy_strategy::staging);
  EXPECT_EQ(h2d(4096 * KB - 1, s), copy_strategy::staging);
  EXPECT_EQ(h2d(4096 * KB, s), copy_strategy::pin_in_place);
  EXPECT_EQ(h2d(1ull << 30, s), copy_strategy::pin_in_place);
  EXPECT_EQ(d2h(1, s), copy_strategy::staging);
  EXPECT_EQ(d2h(1024 * KB - 1, s), copy_strategy::staging);
  EXPECT_EQ(d2h(1024 * KB, s), copy_strategy::pin_in_place);
  s.h2d_staging_threshold = copy_threshold_off; // direct at every size
  EXPECT_EQ(h2d(1ull << 30, s), copy_strategy::direct);
}

TEST(CopyStrategy, ForcedModes) {
  copy_settings s;
  s.mode = unpinned_copy_mode::pin_in_place;
  EXPECT_EQ(h2d(16, s), copy_strategy::pin_in_place);
  EXPECT_EQ(d2h(16, s), copy_strategy::pin_in_place);
  s.mode = unpinned_copy_mode::staging;
  EXPECT_EQ(h2d(1ull << 30, s), copy_strategy::staging);
  EXPECT_EQ(d2h(1ull << 30, s), copy_strategy::staging);
  s.mode = unpinned_copy_mode::direct;
  EXPECT_EQ(h2d(1ull << 30, s), copy_strategy::direct);
  EXPECT_EQ(d2h(1ull << 30, s), copy_strategy::direct);
}

TEST(CopyStrategy, WhatTheDeviceCannotDoFallsBack) {
  copy_capabilities no_pin{true, false, false};
  copy_settings pin_large;
  pin_large.h2d_pin_in_place_threshold = 4096 * KB;
  pin_large.d2h_pin_in_place_threshold = 1024 * KB;
  EXPECT_EQ(h2d(1ull << 30, pin_large, no_pin), copy_strategy::staging);
  EXPECT_EQ(d2h(1ull << 30, pin_large, no_pin), copy_strategy::staging);
  copy_settings s;
  s.mode = unpinned_copy_mode::pin_in_place; // forced, impossible: automatic
  EXPECT_EQ(h2d(16, s, no_pin), copy_strategy::direct);
  s.mode = unpinned_copy_mode::direct; // original hcc: no direct D2H path
  EXPECT_EQ(d2h(16, s, no_pin), copy_strategy::staging);
  copy_capabilities nothing{false, false, false};
  EXPECT_EQ(h2d(16, {}, nothing), copy_strategy::staging);
}

TEST(CopyChunks, CoverTheCopyExactly) {
  EXPECT_EQ(chunk_count(0, 4), 0u);
  EXPECT_EQ(chunk_count(8, 4), 2u);
  EXPECT_EQ(chunk_count(9, 4), 3u);
  std::size_t total = 0;
  for (std::size_t i = 0; i < chunk_count(10, 4); ++i) {
    copy_chunk c = chunk_at(10, 4, i);
    EXPECT_EQ(c.offset, total);
    total += c.size;
  }
  EXPECT_EQ(total, 10u);
  EXPECT_EQ(chunk_at(10, 4, 2).size, 2u);
}

TEST(PageRange, EnclosesTheBytes) {
  auto *p = reinterpret_cast<const void *>(std::uintptr_t(0x10010));
  page_range r = enclosing_pages(p, 0x1000, 0x1000);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(r.base), 0x10000u);
  EXPECT_EQ(r.bytes, 0x2000u);
  r = enclosing_pages(reinterpret_cast<const void *>(std::uintptr_t(0x20000)),
                      0x1000, 0x1000);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(r.base), 0x20000u);
  EXPECT_EQ(r.bytes, 0x1000u);
}

// The staging copies' memcpy (core/host_memory.hpp): every size, unaligned
// ends, several callers at once (one gets the helpers, the others copy
// alone).
TEST(ParallelMemcpy, CopiesExactlyTheBytes) {
  // (1 << 20) + 3 with 4 threads and 2162695 with 8: the size divided by
  // the number of slices is a whole number of cache lines plus a remainder
  // (the slices once missed the last few bytes: found on a 16-core GPU
  // machine, where staged copies lost their tails).
  const std::size_t sizes[] = {0,       1, (128 << 10) - 1, 128 << 10,
                               (1 << 20) + 3, (1 << 20) + 13, 2162695,
                               (24 << 20) + 7};
  for (copy_stores stores : {copy_stores::cached, copy_stores::streaming})
    for (std::size_t bytes : sizes) {
      std::vector<unsigned char> src(bytes + 2), dst(bytes + 2, 0xee);
      for (std::size_t i = 0; i < src.size(); ++i)
        src[i] = static_cast<unsigned char>(i * 31 + (i >> 11));
      parallel_memcpy(dst.data() + 1, src.data() + 1, bytes, stores);
      EXPECT_EQ(dst[0], 0xee);
      EXPECT_EQ(dst[bytes + 1], 0xee);
      EXPECT_TRUE(std::equal(src.begin() + 1, src.begin() + 1 + bytes,
                             dst.begin() + 1))
          << bytes << (stores == copy_stores::streaming ? " streaming" : "");
    }
  EXPECT_GE(memcpy_threads(), 1u);
  if (const char *n = std::getenv("HCC_COPY_THREADS")) // CMakeLists.txt
    EXPECT_EQ(memcpy_threads(), static_cast<unsigned>(std::atoi(n)));
}

// Back-to-back copies of different sizes, each checked: the helpers claim
// pieces of one copy at a time, and a helper that wakes late (the test runs
// with more helpers than CI has cores, so they are descheduled often) must
// neither copy a piece of a finished copy into the next one nor miss one.
TEST(ParallelMemcpy, BackToBackCopiesWithLateHelpers) {
  const std::size_t max_bytes = 3 << 20;
  std::vector<unsigned char> src(max_bytes), dst(max_bytes);
  unsigned state = 12345;
  for (int round = 0; round < 2000; ++round) {
    state = state * 1103515245u + 12345u;
    std::size_t bytes = (128 << 10) + (state >> 8) % (max_bytes - (128 << 10));
    unsigned char tag = static_cast<unsigned char>(round);
    for (std::size_t i = 0; i < bytes; i += 4096)
      src[i] = static_cast<unsigned char>(tag + i / 4096);
    src[bytes - 1] = tag;
    std::fill(dst.begin(), dst.begin() + bytes + (bytes < max_bytes), 0xee);
    parallel_memcpy(dst.data(), src.data(), bytes,
                    round % 2 ? copy_stores::streaming : copy_stores::cached);
    for (std::size_t i = 0; i < bytes; i += 4096) // this round's marks
      ASSERT_EQ(dst[i], src[i])
          << "round " << round << " bytes " << bytes << " at " << i;
    ASSERT_EQ(dst[bytes - 1], src[bytes - 1]) << "round " << round;
    if (bytes < max_bytes)
      ASSERT_EQ(dst[bytes], 0xee) << "round " << round << ": wrote past the end";
  }
}

// The default thread count: 3/4 of the cores, 1 to 12 (host_memory.hpp).
TEST(ParallelMemcpy, DefaultThreadCount) {
  EXPECT_EQ(default_copy_threads(0), 1u); // hardware_concurrency() unknown
  EXPECT_EQ(default_copy_threads(1), 1u);
  EXPECT_EQ(default_copy_threads(2), 1u);
  EXPECT_EQ(default_copy_threads(6), 4u);
  EXPECT_EQ(default_copy_threads(4), 3u);
  EXPECT_EQ(default_copy_threads(16), 12u);
  EXPECT_EQ(default_copy_threads(128), 12u);
}

// Non-temporal stores need 16-byte aligned destinations and whole cache
// lines: every destination and source misalignment, and lengths around the
// 64-byte steps, must still copy exactly the bytes asked for.
TEST(StreamingMemcpy, EveryAlignmentAndLength) {
  std::vector<unsigned char> src(4096 + 64), dst(4096 + 64);
  for (std::size_t i = 0; i < src.size(); ++i)
    src[i] = static_cast<unsigned char>(i * 7 + 3);
  for (std::size_t to = 0; to < 16; ++to)
    for (std::size_t from = 0; from < 16; from += 5)
      for (std::size_t bytes : {0, 1, 15, 16, 17, 63, 64, 65, 127, 128, 129,
                                1000, 4096}) {
        std::fill(dst.begin(), dst.end(), 0xee);
        streaming_memcpy(dst.data() + to, src.data() + from, bytes);
        for (std::size_t i = 0; i < dst.size(); ++i) {
          bool inside = i >= to && i < to + bytes;
          unsigned char want = inside ? src[from + i - to] : 0xee;
          ASSERT_EQ(dst[i], want) << "to " << to << " from " << from
                                  << " bytes " << bytes << " at " << i;
        }
      }
}

TEST(ParallelMemcpy, ConcurrentCallers) {
  const std::size_t bytes = 3 << 20;
  std::vector<unsigned char> src(bytes);
  for (std::size_t i = 0; i < bytes; ++i)
    src[i] = static_cast<unsigned char>(i ^ (i >> 8));
  std::vector<std::vector<unsigned char>> dst(4,
                                              std::vector<unsigned char>(bytes));
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (int k = 0; k < 20; ++k)
        parallel_memcpy(dst[t].data(), src.data(), bytes);
    });
  for (std::thread &t : threads)
    t.join();
  for (const auto &d : dst)
    EXPECT_TRUE(d == src);
}
