// Which of a kernel's two GPU entry points a launch uses
// (core/kernel_entry.hpp, hc/detail/offset_width.hpp): the 32-bit-offset
// one while the images define it and no storage of 2 GiB or more exists.
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

} // namespace
