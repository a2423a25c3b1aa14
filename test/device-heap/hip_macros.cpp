// REQUIRES: cuda-backend
// HIP's macros size the heap: __HIP_SIZE_OF_PAGE (bytes a page) and
// __HIP_NUM_PAGES (pages), defined before <hc.hpp>. Here 64 pages of
// 8 KiB: 512 KiB. HCC_DEVICE_HEAP_SIZE overrides the number of pages
// (docs/device-heap.md). (The CPU backend's kernels use the process heap,
// which these do not size.)
// RUN: %hcc %s -o %t
// RUN: %t | FileCheck --check-prefix=MACROS %s
// RUN: env HCC_DEVICE_HEAP_SIZE=4194304 %t | FileCheck --check-prefix=ENV %s
// MACROS: 400 KiB: yes
// MACROS-NEXT: 600 KiB: no
// MACROS-NEXT: 64 pages of 8 KiB: yes
// MACROS-NEXT: 65 pages: no
// ENV: 400 KiB: yes
// ENV-NEXT: 600 KiB: yes
#define __HIP_SIZE_OF_PAGE 8192
#define __HIP_NUM_PAGES 64
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>

static bool fits(std::size_t bytes, int blocks) {
  hc::array_view<int, 1> ok(1);
  ok[0] = 0;
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    void *p[80];
    int got = 0;
    for (int b = 0; b < blocks; ++b)
      if ((p[b] = malloc(bytes)))
        ++got;
    for (int b = 0; b < blocks; ++b)
      free(p[b]);
    ok[0] = got == blocks;
  });
  return ok[0] != 0;
}

int main() {
  std::printf("400 KiB: %s\n", fits(400 << 10, 1) ? "yes" : "no");
  std::printf("600 KiB: %s\n", fits(600 << 10, 1) ? "yes" : "no");
  std::printf("64 pages of 8 KiB: %s\n", fits(8192, 64) ? "yes" : "no");
  std::printf("65 pages: %s\n", fits(8192, 65) ? "yes" : "no");
  return 0;
}
