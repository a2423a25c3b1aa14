// Out of memory, malloc: returns nullptr and the kernel goes on, with no
// error (docs/device-heap.md). A request larger than any heap fails on
// every backend; on a GPU, with a 4 MiB heap, work-items that ask for more
// than is left get nullptr, and once their blocks are freed the memory is
// there again.
// RUN: %hcc %s -o %t
// RUN: env HCC_DEVICE_HEAP_SIZE=4194304 %t | FileCheck %s
// CHECK: huge: 0 non-null
// CHECK: exhausted ok
// CHECK: recovered ok
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <cstdlib>

int main() {
  hc::array_view<int, 1> count(2);
  count[0] = count[1] = 0;
  std::size_t huge = std::size_t(1) << 50; // a PiB
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    void *p = malloc(huge + i[0]);
    void *q = calloc(huge, 4);
    if (p || q)
      hc::atomic_fetch_add(&count[0], 1);
  });
  std::printf("huge: %d non-null\n", count[0]);

  bool gpu = hc::accelerator().get_device_path() != L"cpu";
  // 4096 work-items ask for 4 KiB each: 16 MiB from a 4 MiB heap.
  const int n = 4096;
  hc::array_view<std::uint64_t, 1> ptrs(n);
  count[0] = 0;
  hc::parallel_for_each(ptrs.get_extent(), [=](hc::index<1> i) [[hc]] {
    char *p = static_cast<char *>(malloc(4096));
    if (p) {
      p[0] = 1;
      p[4095] = 2;
      hc::atomic_fetch_add(&count[0], 1);
    }
    ptrs[i] = reinterpret_cast<std::uintptr_t>(p);
  });
  int got = count[0];
  if (gpu && (got == 0 || got >= n)) {
    std::printf("exhausted: %d of %d allocations succeeded\n", got, n);
    return 1;
  }
  std::printf("exhausted ok\n");
  hc::parallel_for_each(ptrs.get_extent(), [=](hc::index<1> i) [[hc]] {
    free(reinterpret_cast<void *>(static_cast<std::uintptr_t>(ptrs[i])));
  });
  // Freed: the same amount again fits.
  count[0] = 0;
  hc::parallel_for_each(hc::extent<1>(got), [=](hc::index<1> i) [[hc]] {
    void *p = malloc(4096);
    if (p)
      hc::atomic_fetch_add(&count[0], 1);
    free(p);
  });
  if (count[0] != got) {
    std::printf("recovered: %d of %d\n", count[0], got);
    return 1;
  }
  std::printf("recovered ok\n");
  return 0;
}
