// RUN: %hcc %s -o %t && %t
// parallel_for_each is asynchronous: it returns a completion_future as soon
// as the kernel is enqueued, long before a long-running kernel finishes.
#include <hc.hpp>
#include <chrono>
#include <cstdio>
#include <type_traits>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

typedef std::chrono::steady_clock clk;

// Each work-item runs a long dependent chain: the kernel takes tens of
// milliseconds on a GPU and longer on the CPU backend.
static hc::completion_future slow_kernel(hc::array_view<unsigned, 1> v,
                                         unsigned iters) {
  return hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    unsigned x = i[0] + 1;
    for (unsigned j = 0; j < iters; ++j) {
      x = x * 1664525u + 1013904223u;
      x ^= x >> 13;
    }
    v[i] = x;
  });
}

static unsigned reference(unsigned i, unsigned iters) {
  unsigned x = i + 1;
  for (unsigned j = 0; j < iters; ++j) {
    x = x * 1664525u + 1013904223u;
    x ^= x >> 13;
  }
  return x;
}

int main() {
  const int n = 32;
  const unsigned iters = 2000000;
  std::vector<unsigned> data(n, 0);
  hc::array_view<unsigned, 1> v(n, data);

  static_assert(std::is_same<decltype(slow_kernel(v, 1)),
                             hc::completion_future>::value,
                "parallel_for_each returns a completion_future");

  // Warm up: load the kernel (and JIT it) outside the measurement.
  slow_kernel(v, 1).wait();
  CHECK(v[0] == reference(0, 1));

  clk::time_point t0 = clk::now();
  hc::completion_future f = slow_kernel(v, iters);
  clk::time_point t1 = clk::now();
  f.wait();
  clk::time_point t2 = clk::now();

  double launch_ms = std::chrono::duration<double, std::milli>(t1 - t0).count();
  double total_ms = std::chrono::duration<double, std::milli>(t2 - t0).count();
  std::printf("launch %.3f ms, launch+run %.3f ms\n", launch_ms, total_ms);
  CHECK(launch_ms * 4 < total_ms);

  CHECK(v[0] == reference(0, iters));
  CHECK(v[n - 1] == reference(n - 1, iters));
  return 0;
}
