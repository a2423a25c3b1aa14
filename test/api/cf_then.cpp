// RUN: %hcc %s -o %t && %t | FileCheck %s
// completion_future::then(): the callback runs exactly once, and only after
// the kernel has completed.
#include <hc.hpp>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 64;
  std::vector<unsigned> data(n, 0);
  hc::array_view<unsigned, 1> v(n, data);
  const unsigned iters = 200000;

  std::atomic<int> calls(0);
  std::atomic<bool> ready_in_callback(false);

  hc::completion_future f = hc::parallel_for_each(
      v.get_extent(), [=](hc::index<1> i) [[hc]] {
        unsigned x = i[0];
        for (unsigned j = 0; j < iters; ++j)
          x = x * 1664525u + 1013904223u;
        v[i] = x;
      });
  hc::completion_future *pf = &f;
  f.then([&calls, &ready_in_callback, pf]() {
    ready_in_callback = pf->is_ready();
    calls.fetch_add(1);
  });

  f.wait();
  // The callback may run on another thread shortly after completion.
  for (int k = 0; k < 1000 && calls.load() == 0; ++k)
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));

  CHECK(calls.load() == 1);
  CHECK(ready_in_callback.load());
  std::printf("callback ran %d time(s)\n", calls.load());

  unsigned x = n - 1;
  for (unsigned j = 0; j < iters; ++j)
    x = x * 1664525u + 1013904223u;
  CHECK(v[n - 1] == x);
  return 0;
}
// CHECK: callback ran 1 time(s)
