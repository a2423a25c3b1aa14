// The "fibonacci" sample of hcc's wiki page "HSA Features": each work-item
// allocates an array with new[], fills it with the Fibonacci sequence up to its
// own length, returns the last number and releases the array with delete[].
// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: fibonacci ok
#include <hc.hpp>
#include <cstdio>
#include <vector>

int main() {
  const int n = 20000;
  std::vector<long long> out(n);
  hc::array_view<long long, 1> result(n, out);
  hc::parallel_for_each(result.get_extent(), [=](hc::index<1> i) [[hc]] {
    int length = i[0] % 90 + 2; // fib(91) still fits in 64 bits
    long long *fib = new long long[length];
    fib[0] = 0;
    fib[1] = 1;
    for (int k = 2; k < length; ++k)
      fib[k] = fib[k - 1] + fib[k - 2];
    result[i] = fib[length - 1];
    delete[] fib;
  });
  result.synchronize();
  for (int i = 0; i < n; ++i) {
    long long a = 0, b = 1;
    int length = i % 90 + 2;
    for (int k = 2; k < length; ++k) {
      long long c = a + b;
      a = b;
      b = c;
    }
    if (out[i] != b) {
      std::printf("item %d: %lld, expected %lld\n", i, out[i], b);
      return 1;
    }
  }
  std::printf("fibonacci ok\n");
  return 0;
}
