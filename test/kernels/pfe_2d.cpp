// RUN: %hcc %s -o %t && %t
// parallel_for_each over extent<2> visits every (i, j) exactly once; index
// component 0 is the row (slowest varying).
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int r = 123, c = 77;
  std::vector<int> hits(r * c, 0), bad(1, 0);
  hc::array_view<int, 1> v(r * c, hits), vb(1, bad);
  hc::parallel_for_each(hc::extent<2>(r, c), [=](hc::index<2> i) [[hc]] {
    if (i[0] < 0 || i[0] >= r || i[1] < 0 || i[1] >= c)
      hc::atomic_fetch_add(&vb[0], 1);
    else
      hc::atomic_fetch_add(&v[i[0] * c + i[1]], 1);
  });
  CHECK(vb[0] == 0);
  for (int k = 0; k < r * c; ++k)
    CHECK(v[k] == 1);
  return 0;
}
