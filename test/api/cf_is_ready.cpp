// RUN: %hcc %s -o %t && %t
// completion_future::is_ready() reflects completion: not ready while a long
// kernel runs (unless it has really finished), ready after wait().
#include <hc.hpp>
#include <chrono>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

typedef std::chrono::steady_clock clk;

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

static double ms(clk::duration d) {
  return std::chrono::duration<double, std::milli>(d).count();
}

int main() {
  std::vector<unsigned> data(32, 0);
  hc::array_view<unsigned, 1> v(32, data);
  slow_kernel(v, 1).wait();  // warm up

  clk::time_point t0 = clk::now();
  hc::completion_future f = slow_kernel(v, 2000000);
  bool early = f.is_ready();
  clk::time_point t1 = clk::now();
  f.wait();
  clk::time_point t2 = clk::now();
  std::printf("is_ready right after launch: %d (%.3f ms), done after %.3f ms\n",
              (int)early, ms(t1 - t0), ms(t2 - t0));
  // Ready right after the launch only if the kernel had already finished.
  if (early)
    CHECK(ms(t1 - t0) * 2 >= ms(t2 - t0));
  CHECK(f.is_ready());
  return 0;
}
