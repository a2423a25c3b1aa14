// RUN: %hcc %s -o %t && %t
// array_view<T, 1>::data() on a view of host memory gives the host memory
// itself, with the kernel's results in it.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 777;
  std::vector<double> data(n, 0.0);
  hc::array_view<double, 1> v(n, data);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = i[0] * 0.5;
  });
  double *p = v.data();
  CHECK(p == data.data());
  for (int i = 0; i < n; ++i)
    CHECK(p[i] == i * 0.5);

  hc::array_view<const double, 1> c(v);
  const double *cp = c.data();
  CHECK(cp == data.data());
  return 0;
}
