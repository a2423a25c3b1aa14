// RUN: %hcc -hc %s -o %t && %t
//
// hcc's packed-data and multimedia intrinsics (__unpacklo/hi_*, __pack_*,
// __unpack_*, __bitalign_b32, __bytealign_b32, __lerp_u8x4,
// __packcvt_u8x4_f32, __unpackcvt_f32_u8x4, __sad*), in a kernel and on
// the host, against hand-computed values (element 0 is the lowest).
#include <hc.hpp>

#include <cstdint>
#include <cstdio>

using namespace hc;

// Every result as 64 bits, one slot per case.
static void compute(std::uint64_t *r) [[cpu]] [[hc]] {
  int k = 0;
  r[k++] = __unpacklo_u8x4(0x44332211u, 0x88776655u);
  r[k++] = __unpackhi_u8x4(0x44332211u, 0x88776655u);
  r[k++] = __unpacklo_u16x2(0x22221111u, 0x44443333u);
  r[k++] = __unpackhi_u16x4(0x4444333322221111ull, 0x8888777766665555ull);
  r[k++] = __unpacklo_u32x2(0x2222222211111111ull, 0x4444444433333333ull);
  r[k++] = static_cast<std::uint64_t>(
      __unpackhi_s8x8(0x0807060504030201ll, 0x1817161514131211ll));
  r[k++] = __pack_u8x4_u32(0x44332211u, 0xAAu, 2);
  r[k++] = __pack_u16x4_u32(0x4444333322221111ull, 0xBBBBu, 5); // index 1
  r[k++] = static_cast<std::uint32_t>(__pack_s16x2_s32(0x22221111, -1, 0));
  r[k++] = __builtin_bit_cast(std::uint64_t,
                              __pack_f32x2_f32(0.0, 1.5f, 1));
  r[k++] = __unpack_u32_u8x4(0x44332211u, 3);
  r[k++] = static_cast<std::uint32_t>(__unpack_s32_s8x4(0x0080FF00, 1));
  r[k++] = static_cast<std::uint32_t>(__unpack_s32_s16x4(0x7FFF800000000000ll, 2));
  r[k++] = __unpack_u32_u32x2(0x2222222211111111ull, 1);
  r[k++] = static_cast<std::uint32_t>(__unpack_s32_s3x2(0xFFFFFFFE00000001ll, 1));
  r[k++] = __builtin_bit_cast(std::uint32_t,
                              __unpack_f32_f32x2(__pack_f32x2_f32(0.0, 2.5f, 0), 0));
  r[k++] = __bitalign_b32(0x89ABCDEFu, 0x01234567u, 8);
  r[k++] = __bytealign_b32(0x89ABCDEFu, 0x01234567u, 3);
  r[k++] = __lerp_u8x4(0x00FF0A01u, 0x02FF0B03u, 0x01000101u);
  r[k++] = __packcvt_u8x4_f32(-3.0f, 2.5f, 3.5f, 300.0f);
  r[k++] = __builtin_bit_cast(std::uint32_t, __unpackcvt_f32_u8x4(0x00C80000u, 2));
  r[k++] = __sad_u32_u32(3u, 10u, 100u);
  r[k++] = __sad_u32_u16x2(0x00010005u, 0x00040002u, 10u);
  r[k++] = __sad_u32_u8x4(0x01020304u, 0x04030201u, 1u);
  r[k++] = __sadhi_u16x2_u8x4(0x01020304u, 0x04030201u, 1u);
}

int main() {
  const std::uint64_t want[] = {
      0x66225511u,           0x88447733u,           0x33331111u,
      0x8888444477773333ull, 0x3333333311111111ull, 0x1808170716061505ull,
      0x44AA2211u,           0x44443333BBBB1111ull, 0x2222FFFFu,
      0x3FC0000000000000ull, 0x44u,                 0xFFFFFFFFu,
      0xFFFF8000u,           0x22222222u,           0xFFFFFFFEu,
      0x40200000u,           0x6789ABCDu,           0x23456789u,
      0x01FF0B02u,           0xFF040200u,           0x43480000u,
      107u,                  16u,                   9u,
      (8u << 16) + 1u};
  const int n = sizeof(want) / sizeof(want[0]);
  hc::array_view<std::uint64_t, 1> got(n);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    compute(got.data());
  }).wait();
  std::uint64_t host[n];
  compute(host);
  int failures = 0;
  for (int k = 0; k < n; ++k)
    if ((got[k] != want[k] || host[k] != want[k]) && failures++ < 20)
      std::printf("FAIL case %d: kernel %#llx host %#llx expected %#llx\n", k,
                  (unsigned long long)got[k], (unsigned long long)host[k],
                  (unsigned long long)want[k]);
  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
