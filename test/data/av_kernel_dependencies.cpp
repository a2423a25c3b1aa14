// RUN: %hcc %s -o %t && %t
// Kernels that share array_views are ordered by their data: each kernel of a
// chain reads what the previous one wrote, with no wait in between.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 4096, steps = 20;
  std::vector<int> a(n, 0), b(n, 0);
  hc::array_view<int, 1> va(n, a), vb(n, b);
  for (int s = 0; s < steps; ++s) {
    // a -> b, then b -> a
    hc::parallel_for_each(vb.get_extent(), [=](hc::index<1> i) [[hc]] {
      vb[i] = va[i] + 1;
    });
    hc::parallel_for_each(va.get_extent(), [=](hc::index<1> i) [[hc]] {
      va[i] = vb[i] * 2;
    });
  }
  int expected = 0;
  for (int s = 0; s < steps; ++s)
    expected = (expected + 1) * 2;
  for (int i = 0; i < n; ++i)
    CHECK(va[i] == expected);
  return 0;
}
