// array (captured by reference, as C++ AMP requires), array_view over host
// data, copy in every direction, copy_async and completion_future::then.

// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// CHECK: array: 0 3 6 9 ... 3069
// CHECK: copy back: 3069
// CHECK: copy_async + then: 3069 then-ran
// CHECK: view to view: 3069

#include <amp.h>
#include <atomic>
#include <cstdio>
#include <vector>
using namespace concurrency;

int main() {
  const int n = 1024;
  std::vector<int> host(n);
  for (int i = 0; i < n; ++i)
    host[i] = i;
  array<int, 1> arr(n, host.begin(), host.end());
  parallel_for_each(arr.get_extent(), [&arr](index<1> i) restrict(amp) {
    arr[i] *= 3;
  });
  std::vector<int> out(n);
  copy(arr, out.begin());
  std::printf("array: %d %d %d %d ... %d\n", out[0], out[1], out[2], out[3],
              out[n - 1]);

  std::vector<int> back(n, -1);
  array_view<int, 1> bv(n, back);
  copy(arr, bv);
  std::printf("copy back: %d\n", bv[n - 1]);

  array<int, 1> arr2(n);
  std::atomic<bool> ran{false};
  completion_future cf = copy_async(arr, arr2);
  cf.then([&ran] { ran = true; });
  cf.wait();
  std::vector<int> out2(n);
  copy(arr2, out2.begin());
  while (!ran) {
  }
  std::printf("copy_async + then: %d %s\n", out2[n - 1],
              ran ? "then-ran" : "then-missing");

  std::vector<int> dst(n);
  array_view<int, 1> dv(n, dst);
  copy(array_view<const int, 1>(bv), dv);
  dv.synchronize();
  std::printf("view to view: %d\n", dst[n - 1]);
  return 0;
}
