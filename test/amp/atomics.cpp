// C++ AMP's atomic functions from kernels: the int / unsigned overloads
// (arguments convert, as with C++ AMP's non-template declarations), float
// exchange, compare-exchange, inc/dec, min/max, and/or/xor.

// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// CHECK: sum=1024 usum=2048 inc=1024 dec=-1024 max=1023 min=0 or=1023 xor=0 cas=1024 float-ok

#include <amp.h>
#include <cstdio>
using namespace concurrency;

int main() {
  const int n = 1024;
  int ints[8] = {0, 0, 0, 0, -1, 1 << 30, 0, 0};
  unsigned usum = 0;
  float f = 0.0f;
  array_view<int, 1> a(8, ints);
  array_view<unsigned, 1> u(1, &usum);
  array_view<float, 1> fv(1, &f);
  parallel_for_each(extent<1>(n), [=](index<1> idx) restrict(amp) {
    int i = idx[0];
    atomic_fetch_add(&a[0], 1);
    atomic_fetch_add(&u[0], 2);           // unsigned *, int: converts
    atomic_fetch_inc(&a[1]);
    atomic_fetch_dec(&a[2]);
    atomic_fetch_max(&a[4], i);
    atomic_fetch_min(&a[5], i);
    atomic_fetch_or(&a[3], i);
    atomic_fetch_xor(&a[6], i & 1);       // 512 odd items: even count
    int expected = a[7];
    while (!atomic_compare_exchange(&a[7], &expected, expected + 1)) {
    }
    atomic_exchange(&fv[0], 1.5f);
  });
  std::printf("sum=%d usum=%u inc=%d dec=%d max=%d min=%d or=%d xor=%d cas=%d %s\n",
              a[0], u[0], a[1], a[2], a[4], a[5], a[3], a[6], a[7],
              fv[0] == 1.5f ? "float-ok" : "float-wrong");
  return 0;
}
