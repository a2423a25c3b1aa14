// RUN: %hcc %s -o %t && %t
// hc::copy(array, array) and array::copy_to(array) copy all elements, also
// between arrays on different views.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1000;
  std::vector<int> init(n);
  for (int i = 0; i < n; ++i)
    init[i] = 5 * i;
  hc::accelerator acc;
  hc::array<int, 1> a(n, init.begin(), init.end());
  hc::array<int, 1> b(n);
  hc::array<int, 1> c(hc::extent<1>(n), acc.create_view());

  hc::copy(a, b);
  b.copy_to(c);

  std::vector<int> out(n);
  hc::copy(c, out.begin());
  for (int i = 0; i < n; ++i)
    CHECK(out[i] == 5 * i);

  // 2-D arrays.
  hc::array<int, 2> m(10, 100, init.begin());
  hc::array<int, 2> m2(10, 100);
  hc::copy(m, m2);
  std::vector<int> out2(n);
  hc::copy(m2, out2.begin());
  for (int i = 0; i < n; ++i)
    CHECK(out2[i] == 5 * i);
  return 0;
}
