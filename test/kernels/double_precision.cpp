// RUN: %hcc %s -o %t && %t
// Double-precision arithmetic in kernels (add, mul, div, conversions) agrees
// with the host to double precision (far beyond what float could give; the
// last bits may differ where the device contracts a*b+c into an fma).
#include <hc.hpp>
#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static double f(int i) {
  double x = i / 7.0;
  return (x * x - 3.0 * x + 1.0) / (x + 1.0) + (double)(long long)(x * 1000.0);
}

int main() {
  if (!hc::accelerator().get_supports_double_precision()) {
    std::printf("no double precision on this accelerator\n");
    return 0;
  }
  const int n = 1000;
  std::vector<double> out(n, 0.0);
  hc::array_view<double, 1> v(n, out);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = f(i[0]);
  });
  for (int i = 0; i < n; ++i)
    CHECK(std::fabs(v[i] - f(i)) <= 1e-12 * (1.0 + std::fabs(f(i))));
  // A value that float cannot represent survives the round trip.
  CHECK(v[1] != (double)(float)v[1]);
  return 0;
}
