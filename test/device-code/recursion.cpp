// Recursion is allowed in kernels: NVPTX (and AMDGPU) compile recursive
// calls with a call stack in local memory. Direct and mutual recursion,
// with a depth that depends on the work-item. (Deep recursion can exhaust
// the per-thread stack the driver reserves, 1 KiB by default on CUDA.)

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: recursion: ok
#include <hc.hpp>

#include <cstdio>

long factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

bool is_odd(unsigned n);
bool is_even(unsigned n) { return n == 0 ? true : is_odd(n - 1); }
bool is_odd(unsigned n) { return n == 0 ? false : is_even(n - 1); }

int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

int main() {
  const int n = 32;
  hc::array_view<long, 1> v(n);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    int k = i[0];
    v[i] = factorial(k % 15) + (is_even(k) ? 1000000000000L : 0) + fib(k % 12);
  });
  const int fibs[12] = {0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89};
  for (int k = 0; k < n; ++k) {
    long f = 1;
    for (int j = 2; j <= k % 15; ++j)
      f *= j;
    long expected = f + (k % 2 == 0 ? 1000000000000L : 0) + fibs[k % 12];
    if (v[k] != expected) {
      std::printf("v[%d] = %ld, expected %ld\n", k, v[k], expected);
      return 1;
    }
  }
  std::printf("recursion: ok\n");
  return 0;
}
