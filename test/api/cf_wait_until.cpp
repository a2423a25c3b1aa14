// RUN: %hcc %s -o %t && %t
// completion_future::wait_until(): times out (at about the given deadline)
// while a long kernel runs, reports ready once it has completed.
#include <hc.hpp>
#include <chrono>
#include <cstdio>
#include <future>
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
  slow_kernel(v, 1).wait();  // warm up (kernel load / JIT)

  clk::time_point t0 = clk::now();
  hc::completion_future f = slow_kernel(v, 2000000);
  clk::time_point t1 = clk::now();
  std::future_status s = f.wait_until(clk::now() + std::chrono::milliseconds(2));
  clk::time_point t2 = clk::now();
  f.wait();
  clk::time_point t3 = clk::now();

  std::printf("wait_until: %s after %.3f ms; kernel done %.3f ms after launch\n",
              s == std::future_status::ready ? "ready" : "timeout",
              ms(t2 - t1), ms(t3 - t0));
  if (s == std::future_status::timeout) {
    // It waited for the timeout, not much less.
    CHECK(ms(t2 - t1) >= 1.5);
  } else {
    CHECK(s == std::future_status::ready);
    // Only possible if the kernel really had finished by then.
    CHECK(ms(t2 - t0) * 2 >= ms(t3 - t0));
  }

  // Once completed, wait_until reports ready at once, whatever the timeout.
  CHECK(f.wait_until(clk::now()) == std::future_status::ready);
  clk::time_point t4 = clk::now();
  CHECK(f.wait_until(clk::now() + std::chrono::hours(1)) == std::future_status::ready);
  CHECK(ms(clk::now() - t4) < 1000.0);
  return 0;
}
