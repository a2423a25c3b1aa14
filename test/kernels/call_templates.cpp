// RUN: %hcc %s -o %t && %t
// Function templates, class templates and generic lambdas used inside
// kernels are instantiated for the accelerator.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

template <typename T> T cube(T x) { return x * x * x; }

template <typename T, int N> struct Poly {
  T c[N];
  T eval(T x) const {
    T r = 0;
    for (int k = N - 1; k >= 0; --k)
      r = r * x + c[k];
    return r;
  }
};

template <typename T> void run(hc::array_view<T, 1> v) {
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = cube(static_cast<T>(i[0]));
  });
}

int main() {
  const int n = 100;
  std::vector<int> a(n, 0);
  std::vector<double> b(n, 0.0), c(n, 0.0);
  hc::array_view<int, 1> va(n, a);
  hc::array_view<double, 1> vb(n, b), vc(n, c);
  run(va);
  run(vb);
  Poly<double, 3> p = {{1.0, -2.0, 0.5}};  // 1 - 2x + 0.5x^2
  auto twice = [](auto x) { return x + x; };
  hc::parallel_for_each(vc.get_extent(), [=](hc::index<1> i) [[hc]] {
    vc[i] = twice(p.eval(i[0] * 0.25));
  });
  for (int i = 0; i < n; ++i) {
    CHECK(va[i] == i * i * i);
    CHECK(vb[i] == (double)i * i * i);
    double x = i * 0.25;
    CHECK(vc[i] == 2.0 * (1.0 - 2.0 * x + 0.5 * x * x));
  }
  return 0;
}
