// Calls through function pointers whose addresses are taken in device
// code work: a pointer chosen at run time, a table of pointers in the
// kernel, and a pointer passed to a helper. (A pointer captured from the
// host does not: diag-function-pointer.cpp.)

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: function pointers: ok
#include <hc.hpp>

#include <cstdio>

int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
int negate(int x) [[hc]] { return -x; }

int apply(int (*f)(int), int x) { return f(x); }

int main() {
  const int n = 90;
  hc::array_view<int, 1> v(n);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    int (*table[3])(int) = {twice, square, negate};
    int k = i[0];
    int (*pick)(int) = k % 2 ? twice : square;
    v[i] = table[k % 3](k) + apply(pick, k);
  });
  for (int k = 0; k < n; ++k) {
    int t = k % 3 == 0 ? 2 * k : k % 3 == 1 ? k * k : -k;
    int p = k % 2 ? 2 * k : k * k;
    if (v[k] != t + p) {
      std::printf("v[%d] = %d, expected %d\n", k, v[k], t + p);
      return 1;
    }
  }
  std::printf("function pointers: ok\n");
  return 0;
}
