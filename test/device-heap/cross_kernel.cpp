// Blocks outlive the kernel that allocated them: a first kernel allocates
// (malloc and new, small and page-sized), a second one, later, reads them
// in other work-items and frees them, a third allocates again and finds
// the memory reusable (docs/device-heap.md).
// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: kept ok
// CHECK: freed ok
// CHECK: reused ok
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

int main() {
  const int n = 8192;
  hc::array_view<std::uint64_t, 1> ptrs(n);
  hc::array_view<int, 1> bad(1);
  bad[0] = 0;
  hc::parallel_for_each(ptrs.get_extent(), [=](hc::index<1> i) [[hc]] {
    int words = (i[0] % 16 == 0) ? 40000 : i[0] % 32 + 1; // some whole pages
    int *p = (i[0] % 2) ? static_cast<int *>(malloc(words * sizeof(int)))
                        : new int[words];
    if (!p) {
      ptrs[i] = 0;
      return;
    }
    for (int k = 0; k < words; ++k)
      p[k] = i[0] * 7 + k;
    ptrs[i] = reinterpret_cast<std::uintptr_t>(p);
  });
  // Another kernel, reading every block from another work-item.
  hc::parallel_for_each(ptrs.get_extent(), [=](hc::index<1> i) [[hc]] {
    int owner = n - 1 - i[0];
    int words = (owner % 16 == 0) ? 40000 : owner % 32 + 1;
    int *p = reinterpret_cast<int *>(static_cast<std::uintptr_t>(ptrs[owner]));
    if (!p) {
      hc::atomic_fetch_add(&bad[0], 1);
      return;
    }
    for (int k = 0; k < words; ++k)
      if (p[k] != owner * 7 + k)
        hc::atomic_fetch_add(&bad[0], 1);
  });
  std::printf(bad[0] ? "kept: %d bad\n" : "kept ok\n", bad[0]);
  // And one more frees them, delete[] for new[] and free for malloc.
  hc::parallel_for_each(ptrs.get_extent(), [=](hc::index<1> i) [[hc]] {
    int owner = (i[0] + 4096) % n;
    int *p = reinterpret_cast<int *>(static_cast<std::uintptr_t>(ptrs[owner]));
    if (owner % 2)
      free(p);
    else
      delete[] p;
  });
  std::printf(bad[0] ? "freed: %d bad\n" : "freed ok\n", bad[0]);
  // Many rounds of the same allocations: only possible if freed memory is
  // reused (each round takes about 100 MiB, twelve more than the default
  // 512 MiB heap).
  for (int round = 0; round < 12; ++round)
    hc::parallel_for_each(ptrs.get_extent(), [=](hc::index<1> i) [[hc]] {
      int words = (i[0] % 16 == 0) ? 40000 : i[0] % 32 + 1;
      int *p = new int[words];
      p[words - 1] = i[0];
      if (p[words - 1] != i[0])
        hc::atomic_fetch_add(&bad[0], 1);
      delete[] p;
    });
  hc::accelerator_view av = hc::accelerator().get_default_view();
  av.wait();
  std::printf(bad[0] ? "reused: %d bad\n" : "reused ok\n", bad[0]);
  return bad[0] != 0;
}
