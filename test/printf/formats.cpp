// RUN: %hcc -DHCC_ENABLE_ACCELERATOR_PRINTF %s -o %t && %t | FileCheck %s
// printf and hc::printf (enabled, as hcc wanted it) in kernels: ints,
// 64-bit ints, floats, strings
// (literals and a string built in the kernel), pointers, chars, widths and
// precisions, '*', %%; the kernel's whole output is on stdout, in program
// order, before wait() returns (the host's line after it comes last).
#include <hc.hpp>
#include <hc_printf.hpp>
#include <cstdio>

// CHECK: ints: -42 7 4000000000 beef 0777 [   12] [12   ] [00012]
// CHECK-NEXT: wide: -123456789012345 18446744073709551615 ffffffffffff
// CHECK-NEXT: floats: 1.500000 3.142 1.234568e+04 1e-07 [  -2.25] 0x1p+0
// CHECK-NEXT: strings: [hello] [     right] [left  ] [tr] [made in a kernel]
// CHECK-NEXT: null pointer: (nil) char: k percent: 100% star: [    42] [3.14 ]
// CHECK-NEXT: hc::printf 1 2.5 three returned 0
// CHECK-NEXT: from work-item 3
// CHECK-NEXT: after wait
int main() {
  int status = -1;
  hc::array_view<int, 1> result(1, &status);
  hc::parallel_for_each(hc::extent<1>(4), [=](hc::index<1> idx) [[hc]] {
    if (idx[0] == 0) {
      printf("ints: %d %i %u %x %#o [%5d] [%-5d] [%05d]\n", -42, 7, 4000000000u,
             0xbeefu, 0777u, 12, 12, 12);
      printf("wide: %lld %llu %lx\n", -123456789012345ll,
             18446744073709551615ull, 0xfffffffffffful);
      printf("floats: %f %.3f %e %g [%7.2f] %a\n", 1.5f, 3.14159, 12345.678,
             1e-7, -2.25, 1.0);
      char built[32];
      const char *words[] = {"made", "in", "a", "kernel"};
      int n = 0;
      for (const char *w : words) {
        for (const char *c = w; *c; ++c)
          built[n++] = *c;
        built[n++] = ' ';
      }
      built[n - 1] = '\0';
      printf("strings: [%s] [%10s] [%-6s] [%.2s] [%s]\n", "hello", "right",
             "left", "truncated", built);
      printf("null pointer: %p char: %c percent: 100%% star: [%*d] [%-*.*f]\n",
             (void *)nullptr, 'k', 6, 42, 5, 2, 3.14159);
      hc::PrintfError e = hc::printf("hc::printf %d %.1f %s ", 1, 2.5, "three");
      result[0] = static_cast<int>(e);
      printf("returned %d\n", static_cast<int>(e));
    }
  }).wait();
  hc::parallel_for_each(hc::extent<1>(4), [=](hc::index<1> idx) [[hc]] {
    if (idx[0] == 3)
      hc::printf("from work-item %d\n", idx[0]);
  }).wait();
  std::printf("after wait\n");
  return result[0] == hc::PRINTF_SUCCESS ? 0 : 1;
}
