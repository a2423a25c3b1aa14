// The device heap's settings and messages (core/device_heap_config.cpp)
// and the layout the runtime and the device allocator share
// (include/hc/detail/device_heap_layout.h).
#include "core/device_heap_config.hpp"
#include "hc/detail/device_heap_layout.h"

#include <gtest/gtest.h>

#include <string>

using namespace hc::detail;
using hc::detail::rt::device_heap_config;
using hc::detail::rt::device_heap_error_text;
using hc::detail::rt::resolve_device_heap_config;

namespace dh = hc::detail::device_heap;

TEST(DeviceHeapConfig, DefaultsTo512MiBOf64KiBPages) {
  std::string warning;
  device_heap_config c = resolve_device_heap_config(0, 0, 0, warning);
  EXPECT_EQ(c.page_shift, 16u);
  EXPECT_EQ(c.bytes(), std::uint64_t(512) << 20);
  EXPECT_TRUE(warning.empty());
}

TEST(DeviceHeapConfig, HipMacrosSizeTheHeap) {
  std::string warning;
  device_heap_config c = resolve_device_heap_config(8192, 100, 0, warning);
  EXPECT_EQ(c.page_shift, 13u);
  EXPECT_EQ(c.num_pages, 100u);
  EXPECT_TRUE(warning.empty());
}

TEST(DeviceHeapConfig, EnvironmentOverridesThePageCount) {
  std::string warning;
  device_heap_config c =
      resolve_device_heap_config(8192, 100, (1 << 20) + 100, warning);
  EXPECT_EQ(c.page_shift, 13u);
  EXPECT_EQ(c.num_pages, 128u); // whole pages, rounded down
  EXPECT_TRUE(warning.empty());
}

TEST(DeviceHeapConfig, BadValuesAreReplacedWithAWarning) {
  std::string warning;
  device_heap_config c = resolve_device_heap_config(1000, 0, 0, warning);
  EXPECT_EQ(c.page_shift, 16u);
  EXPECT_NE(warning.find("__HIP_SIZE_OF_PAGE=1000"), std::string::npos);
  warning.clear();
  c = resolve_device_heap_config(0, 0, 100, warning);
  EXPECT_EQ(c.num_pages, 1u);
  EXPECT_NE(warning.find("less than one page"), std::string::npos);
  warning.clear();
  c = resolve_device_heap_config(4096, std::uint64_t(1) << 40, 0, warning);
  EXPECT_EQ(c.num_pages, (1u << 30) - 1);
  EXPECT_NE(warning.find("more than the heap supports"), std::string::npos);
}

TEST(DeviceHeapConfig, ErrorTexts) {
  device_heap_config c;
  c.page_shift = 16;
  c.num_pages = 16;
  dh::status s{};
  s.error = dh::error_exhausted;
  s.size = 12345;
  std::string text = device_heap_error_text(s, c, "hc runtime: cuda:0");
  EXPECT_EQ(text.rfind("hc runtime: cuda:0: device heap exhausted:", 0), 0u);
  EXPECT_NE(text.find("12345 bytes"), std::string::npos);
  EXPECT_NE(text.find("1048576-byte device heap"), std::string::npos);
  EXPECT_NE(text.find("HCC_DEVICE_HEAP_SIZE"), std::string::npos);
  s.error = dh::error_double_free;
  s.address = 0xabc0;
  EXPECT_NE(device_heap_error_text(s, c, "x").find("double free of 0xabc0"),
            std::string::npos);
  s.error = dh::error_foreign;
  EXPECT_NE(device_heap_error_text(s, c, "x")
                .find("free of 0xabc0, which is not the start of a block"),
            std::string::npos);
}

TEST(DeviceHeapLayout, MetadataThenPageAlignedArena) {
  dh::layout l = dh::layout_for(16, 8192);
  EXPECT_GE(l.page_info, sizeof(dh::control));
  EXPECT_LT(l.page_info, l.page_count);
  EXPECT_LT(l.page_count, l.page_next);
  EXPECT_LT(l.page_next, l.page_listed);
  EXPECT_LT(l.page_listed, l.page_taken);
  EXPECT_LT(l.page_taken, l.page_bitmap);
  // 128 bitmap words (16-byte chunks) a 64 KiB page.
  EXPECT_EQ(dh::words_per_page(16), 128u);
  EXPECT_GE(l.metadata, l.page_bitmap + 8192ull * 128 * 4);
  EXPECT_EQ(l.arena % (1u << 16), 0u);
  EXPECT_GE(l.arena, l.metadata);
  EXPECT_EQ(l.total, l.arena + (8192ull << 16));
  // Metadata overhead under 1% of the heap for the default heap.
  EXPECT_LT(double(l.arena) / double(8192ull << 16), 0.01);
}

TEST(DeviceHeapLayout, SizeClassesKeepEightChunksAPage) {
  EXPECT_EQ(dh::classes_for(16), 9u); // 16 B .. 4 KiB
  EXPECT_EQ(dh::classes_for(12), 6u); // 16 B .. 512 B in 4 KiB pages
  EXPECT_EQ(dh::classes_for(24), 9u);
  for (unsigned shift = dh::min_page_shift; shift <= dh::max_page_shift;
       ++shift) {
    unsigned largest = 1u << (dh::classes_for(shift) - 1 + dh::min_chunk_shift);
    EXPECT_GE((1u << shift) / largest, 8u) << shift;
  }
}
