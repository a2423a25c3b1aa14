// RUN: %hcc %s -o %t && %t
// SAXPY on hc::arrays with asynchronous copies in and out (copy_async)
// around an asynchronous kernel, compared with the CPU. Arrays are captured
// by reference, scalars by value.
#include <hc.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1 << 18;
  const float a = 2.5f;
  std::vector<float> x(n), y(n), result(n, 0.0f);
  for (int i = 0; i < n; ++i) {
    x[i] = (float)(i % 1000) * 0.001f;
    y[i] = (float)(i % 777);
  }
  hc::array<float, 1> ax(n), ay(n);
  hc::completion_future cx = hc::copy_async(x.begin(), x.end(), ax);
  hc::completion_future cy = hc::copy_async(y.begin(), y.end(), ay);
  cx.wait();
  cy.wait();
  hc::completion_future k = hc::parallel_for_each(ax.get_extent(), [=, &ax, &ay](hc::index<1> i) [[hc]] {
    ay[i] = a * ax[i] + ay[i];
  });
  k.wait();
  hc::copy_async(ay, result.begin()).wait();
  for (int i = 0; i < n; ++i) {
    float expected = a * x[i] + y[i];
    CHECK(std::fabs(result[i] - expected) <= 1e-5f * std::fabs(expected) + 1e-6f);
  }
  return 0;
}
