// The HSA backend's pure parts, without ROCr or a GPU: the MessagePack
// reader, the kernarg segment laid out from code-object metadata, target-id
// matching of images to agents, and the dispatch geometry. (The reader of
// whole code objects runs on every lit program's images through
// hcc-hsaco-info, scripts/check-amdgpu-images.py.)
#include "backends/hsa/hsa_code_object.hpp"
#include "backends/hsa/hsa_isa.hpp"
#include "backends/hsa/hsa_kernarg.hpp"
#include "backends/hsa/hsa_launch.hpp"
#include "backends/hsa/hsa_msgpack.hpp"
#include "core/grid_size.hpp"
#include "hc/detail/exceptions.hpp"
#include "test_env.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <stdexcept>
#include <vector>

using namespace hc::detail::rt::hsa;
using hc::detail::launch_geometry;
using hcc_test::contains;

namespace {

std::vector<unsigned char> bytes(std::initializer_list<int> b) {
  std::vector<unsigned char> v;
  for (int x : b)
    v.push_back(static_cast<unsigned char>(x));
  return v;
}

TEST(HsaMsgpack, ReadsMapsArraysStringsIntegers) {
  // {"a": [1, -2, 300, true], "bc": "xyz", "n": nil, 7: 65536}
  auto data = bytes({0x84, 0xa1, 'a', 0x94, 0x01, 0xfe, 0xcd, 0x01, 0x2c,
                     0xc3, 0xa2, 'b', 'c', 0xa3, 'x', 'y', 'z', 0xa1, 'n',
                     0xc0, 0x07, 0xce, 0x00, 0x01, 0x00, 0x00});
  msgpack_value v = parse_msgpack(data.data(), data.size());
  ASSERT_EQ(v.kind, msgpack_value::type::map);
  const msgpack_value *a = v.find("a");
  ASSERT_TRUE(a && a->kind == msgpack_value::type::array);
  ASSERT_EQ(a->array.size(), 4u);
  EXPECT_EQ(a->array[0].integer, 1);
  EXPECT_EQ(a->array[1].integer, -2);
  EXPECT_EQ(a->array[2].integer, 300);
  EXPECT_TRUE(a->array[3].boolean);
  ASSERT_TRUE(v.find("bc"));
  EXPECT_EQ(v.find("bc")->string, "xyz");
  EXPECT_EQ(v.find("n")->kind, msgpack_value::type::nil);
  EXPECT_EQ(v.map[3].second.integer, 65536);
  EXPECT_EQ(v.find("missing"), nullptr);
}

TEST(HsaMsgpack, SignedWidthsAndSkippedTypes) {
  // [int8 -128, int16 -300, int32 -70000, float64 1.0, bin8 2 bytes]
  auto data = bytes({0x95, 0xd0, 0x80, 0xd1, 0xfe, 0xd4, 0xd2, 0xff, 0xfe,
                     0xee, 0x90, 0xcb, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0xc4,
                     0x02, 0xaa, 0xbb});
  msgpack_value v = parse_msgpack(data.data(), data.size());
  ASSERT_EQ(v.array.size(), 5u);
  EXPECT_EQ(v.array[0].integer, -128);
  EXPECT_EQ(v.array[1].integer, -300);
  EXPECT_EQ(v.array[2].integer, -70000);
  EXPECT_EQ(v.array[3].kind, msgpack_value::type::other);
  EXPECT_EQ(v.array[4].kind, msgpack_value::type::other);
}

TEST(HsaMsgpack, RejectsTruncatedAndMalformedInput) {
  auto truncated = bytes({0x92, 0x01}); // array of 2, one element
  EXPECT_THROW(parse_msgpack(truncated.data(), truncated.size()),
               std::runtime_error);
  auto long_string = bytes({0xa5, 'a', 'b'});
  EXPECT_THROW(parse_msgpack(long_string.data(), long_string.size()),
               std::runtime_error);
  auto invalid = bytes({0xc1});
  try {
    parse_msgpack(invalid.data(), invalid.size());
    FAIL() << "0xc1 accepted";
  } catch (const std::runtime_error &e) {
    EXPECT_TRUE(contains(e.what(), "invalid type byte")) << e.what();
  }
  std::vector<unsigned char> deep(100, 0x91); // 100 nested arrays
  deep.push_back(0x01);
  EXPECT_THROW(parse_msgpack(deep.data(), deep.size()), std::runtime_error);
}

TEST(HsaCodeObject, RejectsWhatIsNotAnAmdgpuCodeObject) {
  const char text[] = "// PTX text, not an ELF";
  EXPECT_THROW(read_code_object_metadata(text, sizeof text),
               std::runtime_error);
  unsigned char elf[64] = {0x7f, 'E', 'L', 'F', 2, 1, 1, 0};
  try {
    read_code_object_metadata(elf, sizeof elf);
    FAIL() << "a Linux ELF accepted";
  } catch (const std::runtime_error &e) {
    EXPECT_TRUE(contains(e.what(), "OS/ABI is not AMDGPU HSA")) << e.what();
  }
}

// The metadata Clang 22 writes for an hcc kernel (code object v5): the
// 64-byte argument block, then the implicit arguments.
kernel_metadata v5_kernel(std::uint32_t block = 64) {
  kernel_metadata k;
  k.name = "_ZN2hc6detail9hc_kernelIZ4mainEUlNS_5indexILi1EEEE_Li1EEEvNS0_8raw_argsIT_XT0_EEE";
  k.symbol = k.name + ".kd";
  k.kernarg_segment_size = block + 256;
  k.kernarg_segment_align = 8;
  k.args = {{0, block, "by_value"},
            {block + 0, 4, "hidden_block_count_x"},
            {block + 4, 4, "hidden_block_count_y"},
            {block + 8, 4, "hidden_block_count_z"},
            {block + 12, 2, "hidden_group_size_x"},
            {block + 14, 2, "hidden_group_size_y"},
            {block + 16, 2, "hidden_group_size_z"},
            {block + 18, 2, "hidden_remainder_x"},
            {block + 20, 2, "hidden_remainder_y"},
            {block + 22, 2, "hidden_remainder_z"},
            {block + 40, 8, "hidden_global_offset_x"},
            {block + 48, 8, "hidden_global_offset_y"},
            {block + 56, 8, "hidden_global_offset_z"},
            {block + 64, 2, "hidden_grid_dims"},
            {block + 96, 4, "hidden_dynamic_lds_size"}};
  return k;
}

template <class T> T at(const std::vector<unsigned char> &seg, std::size_t o) {
  T v;
  std::memcpy(&v, seg.data() + o, sizeof v);
  return v;
}

TEST(HsaKernarg, LaysOutArgumentBlockAndHiddenArguments) {
  kernel_metadata k = v5_kernel();
  kernarg_plan plan = plan_kernargs(k, 64);
  EXPECT_EQ(plan.size, 320u);
  EXPECT_EQ(plan.align, 16u);
  EXPECT_EQ(plan.explicit_offset, 0u);
  EXPECT_EQ(plan.explicit_size, 64u);

  unsigned char block[64];
  for (int i = 0; i < 64; ++i)
    block[i] = static_cast<unsigned char>(i + 1);
  dispatch_shape shape;
  shape.dims = 2;
  shape.grid[0] = 1000; // 62 full groups of 16 and a partial one of 8
  shape.grid[1] = 8;
  shape.workgroup[0] = 16;
  shape.workgroup[1] = 8;
  shape.dynamic_group_bytes = 4096;
  std::vector<unsigned char> seg(plan.size, 0xcc);
  write_kernargs(plan, seg.data(), block, shape, 0x1234);
  EXPECT_EQ(std::memcmp(seg.data(), block, 64), 0);
  EXPECT_EQ(at<std::uint32_t>(seg, 64), 62u);   // block_count_x
  EXPECT_EQ(at<std::uint32_t>(seg, 68), 1u);    // block_count_y
  EXPECT_EQ(at<std::uint32_t>(seg, 72), 1u);    // block_count_z
  EXPECT_EQ(at<std::uint16_t>(seg, 76), 16u);   // group_size_x
  EXPECT_EQ(at<std::uint16_t>(seg, 78), 8u);    // group_size_y
  EXPECT_EQ(at<std::uint16_t>(seg, 80), 1u);    // group_size_z
  EXPECT_EQ(at<std::uint16_t>(seg, 82), 8u);    // remainder_x
  EXPECT_EQ(at<std::uint16_t>(seg, 84), 0u);    // remainder_y
  EXPECT_EQ(at<std::uint64_t>(seg, 104), 0u);   // global_offset_x
  EXPECT_EQ(at<std::uint16_t>(seg, 128), 2u);   // grid_dims
  EXPECT_EQ(at<std::uint32_t>(seg, 160), 4096u); // dynamic_lds_size
  // Everything the metadata does not name is zero (not the old contents).
  EXPECT_EQ(at<std::uint32_t>(seg, 88), 0u);
  EXPECT_EQ(seg[319], 0u);
}

TEST(HsaKernarg, QueuePointerAndPaddingKinds) {
  kernel_metadata k = v5_kernel(16);
  k.args.push_back({16 + 112, 8, "hidden_queue_ptr"});
  k.args.push_back({16 + 120, 8, "hidden_none"});
  kernarg_plan plan = plan_kernargs(k, 16);
  std::vector<unsigned char> seg(plan.size, 0xcc);
  unsigned char block[16] = {0};
  write_kernargs(plan, seg.data(), block, dispatch_shape(), 0x1122334455667788ull);
  EXPECT_EQ(at<std::uint64_t>(seg, 128), 0x1122334455667788ull);
  EXPECT_EQ(at<std::uint64_t>(seg, 136), 0u);
}

TEST(HsaKernarg, RejectsWhatTheBackendCannotDispatch) {
  auto message = [](const kernel_metadata &k, std::size_t bytes) {
    try {
      plan_kernargs(k, bytes);
    } catch (const std::runtime_error &e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  kernel_metadata k = v5_kernel();
  EXPECT_TRUE(contains(message(k, 48),
                       "argument block is 64 bytes in the code object but 48 "
                       "on the host"))
      << message(k, 48);

  kernel_metadata printf_kernel = v5_kernel();
  printf_kernel.args.push_back({64 + 72, 8, "hidden_hostcall_buffer"});
  EXPECT_TRUE(contains(message(printf_kernel, 64),
                       "needs hidden argument 'hidden_hostcall_buffer', which "
                       "hcc's HSA backend does not supply"))
      << message(printf_kernel, 64);

  kernel_metadata two = v5_kernel();
  two.args.push_back({64 + 200, 8, "global_buffer"});
  EXPECT_TRUE(contains(message(two, 64), "more than one explicit argument"));

  kernel_metadata outside = v5_kernel();
  outside.kernarg_segment_size = 100;
  EXPECT_TRUE(contains(message(outside, 64), "lies outside the kernarg segment"));

  kernel_metadata wrong_size = v5_kernel();
  wrong_size.args[1].size = 8; // hidden_block_count_x is 4 bytes
  EXPECT_TRUE(contains(message(wrong_size, 64), "is 8 bytes, expected 4"));
}

TEST(HsaIsa, MatchesTargetIdFeatures) {
  const std::string mi210 = "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-";
  EXPECT_EQ(agent_target_id(mi210), "gfx90a:sramecc+:xnack-");
  EXPECT_EQ(isa_match("gfx90a", mi210), 0);               // any setting
  EXPECT_EQ(isa_match("gfx90a:xnack-", mi210), 1);
  EXPECT_EQ(isa_match("gfx90a:sramecc+:xnack-", mi210), 2);
  EXPECT_EQ(isa_match("gfx90a:xnack+", mi210), -1);       // pinned other way
  EXPECT_EQ(isa_match("gfx942", mi210), -1);
  EXPECT_EQ(isa_match("gfx90", mi210), -1);               // no prefix match
  EXPECT_EQ(isa_match("gfx1100", "amdgcn-amd-amdhsa--gfx1100"), 0);
  // A feature the agent does not have cannot be pinned.
  EXPECT_EQ(isa_match("gfx1100:xnack+", "amdgcn-amd-amdhsa--gfx1100"), -1);
  EXPECT_EQ(isa_match("", mi210), -1);
}

TEST(HsaDispatch, NonTiledIsOneDimensionalAndCapped) {
  agent_limits limits;
  limits.compute_units = 4;
  launch_geometry g;
  g.rank = 2;
  g.global[0] = 1000;
  g.global[1] = 1000;
  dispatch_shape s = plan_dispatch(g, limits);
  EXPECT_EQ(s.dims, 1u);
  EXPECT_EQ(s.workgroup[0], 256u);
  // 4 CUs x 2048 work-items, a few waves (core/grid_size.hpp)
  EXPECT_EQ(s.grid[0], hc::detail::rt::non_tiled_group_cap(4, 8) * 256u);
  EXPECT_EQ(s.grid[1], 1u);
  EXPECT_EQ(s.grid[0] % s.workgroup[0], 0u);

  g.rank = 1;
  g.global[0] = 10;
  g.global[1] = 1;
  s = plan_dispatch(g, limits);
  EXPECT_EQ(s.grid[0], 256u); // one uniform work-group; the kernel skips
  g.global[0] = 0;
  EXPECT_EQ(plan_dispatch(g, limits).dims, 0u);
}

TEST(HsaDispatch, TiledMapsTilesToWorkGroups) {
  agent_limits limits;
  launch_geometry g;
  g.rank = 3;
  g.global[0] = 4;
  g.global[1] = 30;
  g.global[2] = 64;
  g.tile[0] = 2;
  g.tile[1] = 8;
  g.tile[2] = 16;
  g.dynamic_group_bytes = 512;
  dispatch_shape s = plan_dispatch(g, limits);
  EXPECT_EQ(s.dims, 3u);
  EXPECT_EQ(s.workgroup[0], 16u); // x = fastest hc dimension
  EXPECT_EQ(s.workgroup[1], 8u);
  EXPECT_EQ(s.workgroup[2], 2u);
  // 4 tiles along x (64/16), 4 along y (ceil(30/8)), 2 along z (4/2).
  EXPECT_EQ(s.grid[0], 4u * 16u);
  EXPECT_EQ(s.grid[1], 4u * 8u);
  EXPECT_EQ(s.grid[2], 2u * 2u);
  EXPECT_EQ(s.dynamic_group_bytes, 512u);

  g.tile[2] = 128; // 2 x 8 x 128 = 2048 work-items
  EXPECT_THROW(plan_dispatch(g, limits), Kalmar::invalid_compute_domain);
}

} // namespace
