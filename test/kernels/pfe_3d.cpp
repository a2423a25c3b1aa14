// RUN: %hcc %s -o %t && %t
// parallel_for_each over extent<3> visits every (i, j, k) exactly once.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int d0 = 9, d1 = 31, d2 = 17;
  std::vector<int> hits(d0 * d1 * d2, 0), bad(1, 0);
  hc::array_view<int, 3> v(d0, d1, d2, hits);
  hc::array_view<int, 1> vb(1, bad);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<3> i) [[hc]] {
    if (!v.get_extent().contains(i))
      hc::atomic_fetch_add(&vb[0], 1);
    else
      hc::atomic_fetch_add(&v[i], 1);
  });
  CHECK(vb[0] == 0);
  for (int i = 0; i < d0; ++i)
    for (int j = 0; j < d1; ++j)
      for (int k = 0; k < d2; ++k)
        CHECK(v(i, j, k) == 1);
  return 0;
}
