// RUN: %hcc -hc -DHCC_ENABLE_ACCELERATOR_PRINTF %s -o %t && %t | FileCheck %s
// With HCC_ENABLE_ACCELERATOR_PRINTF, hc::printf prints from kernels the
// types hcc listed (strings, chars, 8- to 64-bit integers of both
// signednesses, float, double, hc::half promoted like a float, pointers),
// each line whole, before wait() returns, and returns PRINTF_SUCCESS.
#include <hc.hpp>
#include <hc_printf.hpp>

#include <cstdint>
#include <cstdio>

// CHECK-DAG: str [two] 0
// CHECK-DAG: str [two] 1
// CHECK-DAG: chars a -5 250
// CHECK-DAG: shorts -7 65000
// CHECK-DAG: ints -8 4000000000
// CHECK-DAG: longs -9 18446744073709551615 -10 11
// CHECK-DAG: floats 14.14 15.15 0.5
// CHECK-DAG: null (nil)
// CHECK: status 0
int main() {
  int status = -1;
  hc::array_view<int, 1> out(1, &status);
  hc::parallel_for_each(hc::extent<1>(2), [=](hc::index<1> i) [[hc]] {
    int e = hc::printf("str [%s] %d\n", "two", i[0]);
    if (i[0] == 0) {
      signed char sc = -5;
      unsigned char uc = 250;
      e |= hc::printf("chars %c %hhd %hhu\n", 'a', sc, uc);
      e |= hc::printf("shorts %hd %hu\n", short(-7), (unsigned short)65000);
      e |= hc::printf("ints %d %u\n", -8, 4000000000u);
      e |= hc::printf("longs %ld %lu %lld %llu\n", -9L, UINT64_MAX, -10LL, 11ULL);
      hc::half h = 0.5f;
      e |= hc::printf("floats %.2f %.2f %.1f\n", 14.14f, 15.15, h);
      e |= hc::printf("null %p\n", (void *)nullptr);
      out[0] = e;
    }
  }).wait();
  out.synchronize();
  std::printf("status %d\n", status);
  return 0;
}
