// RUN: %hcc -hc %s -o %t && %t | FileCheck %s
// Without HCC_ENABLE_ACCELERATOR_PRINTF, hc::printf prints nothing, in a
// kernel or on the host, and reports success (hcc's opt-in); plain printf
// still prints.
#include <hc.hpp>
#include <hc_printf.hpp>

#include <cstdio>

// CHECK-NOT: hc::printf
// CHECK: plain printf 7
// CHECK-NOT: hc::printf
// CHECK: returned 0 0
int main() {
  int from_kernel = -1;
  hc::array_view<int, 1> out(1, &from_kernel);
  hc::parallel_for_each(hc::extent<1>(4), [=](hc::index<1> i) [[hc]] {
    hc::PrintfError e = hc::printf("hc::printf in a kernel %d\n", i[0]);
    if (i[0] == 0)
      out[0] = e;
  }).wait();
  out.synchronize();
  hc::PrintfError on_host = hc::printf("hc::printf on the host\n");
  std::printf("plain printf %d\n", 7);
  std::printf("returned %d %d\n", from_kernel, int(on_host));
  return 0;
}
