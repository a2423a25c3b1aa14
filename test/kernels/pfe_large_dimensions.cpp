// RUN: %hcc %s -o %t && %t
// Domains whose slow dimensions exceed the 65535 limit of a GPU grid's y/z
// dimensions, and a 1-D domain of over a million work-items, are covered
// completely.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int big = 70000;
  std::vector<int> a(big * 2, 0);
  hc::array_view<int, 2> va(big, 2, a);
  hc::parallel_for_each(va.get_extent(), [=](hc::index<2> i) [[hc]] {
    va[i] += i[0] * 2 + i[1] + 1;
  });
  for (int k = 0; k < big * 2; ++k)
    CHECK(va(k / 2, k % 2) == k + 1);

  std::vector<int> b(2 * big, 0);
  hc::array_view<int, 3> vb(2, big, 1, b);
  hc::parallel_for_each(vb.get_extent(), [=](hc::index<3> i) [[hc]] {
    vb[i] += i[0] * big + i[1] + 1;
  });
  for (int k = 0; k < 2 * big; ++k)
    CHECK(vb(k / big, k % big, 0) == k + 1);

  const int n = 1 << 21;
  std::vector<int> c(n, 0);
  hc::array_view<int, 1> vc(n, c);
  hc::parallel_for_each(vc.get_extent(), [=](hc::index<1> i) [[hc]] {
    vc[i] += i[0];
  });
  vc.synchronize();
  for (int k = 0; k < n; ++k)
    CHECK(c[k] == k);
  return 0;
}
