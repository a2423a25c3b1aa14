// The atomic_int sample of hcc's wiki page "HSA Features": the SVM vector
// addition with atomic_int elements and a slightly longer calculation, table_c
// = (table_a + 1) + (table_b - 1). Host arrays, raw pointers captured by value,
// no array_view and no copy: the kernel's atomic loads and stores act on host
// memory (docs/platform-atomics.md). On a GPU this needs host stack memory to
// be visible to the device (docs/svm.md).

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: atomic_int: 2048 elements correct

#include <hc.hpp>

#include <atomic>
#include <cstdio>

int main() {
  constexpr int vecSize = 2048;
  std::atomic_int table_a[vecSize];
  std::atomic_int table_b[vecSize];
  std::atomic_int table_c[vecSize];
  std::atomic_int *p_a = &table_a[0];
  std::atomic_int *p_b = &table_b[0];
  std::atomic_int *p_c = &table_c[0];
  for (int i = 0; i < vecSize; ++i) {
    table_a[i].store(i);
    table_b[i].store(100 * i);
    table_c[i].store(-1);
  }

  hc::parallel_for_each(hc::extent<1>(vecSize), [=](hc::index<1> idx) [[hc]] {
    int i = idx[0];
    p_c[i] = (p_a[i] + 1) + (p_b[i] - 1);
  }).wait();

  int errors = 0;
  for (int i = 0; i < vecSize; ++i)
    if (table_c[i].load() != (i + 1) + (100 * i - 1)) {
      if (++errors < 5)
        std::printf("FAIL: table_c[%d] = %d, expected %d\n", i,
                    table_c[i].load(), (i + 1) + (100 * i - 1));
    }
  if (errors)
    return 1;
  std::printf("atomic_int: %d elements correct\n", vecSize);
  return 0;
}
