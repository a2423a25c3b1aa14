// RUN: %hcc %s -o %t && %t
// parallel_for_each over extent<4> (hc supports any rank): every index<4>
// of the domain is visited exactly once, with components in range.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  int dims[4] = {3, 5, 7, 11};
  hc::extent<4> e(dims);
  const int total = 3 * 5 * 7 * 11;
  std::vector<int> hits(total, 0), bad(1, 0);
  hc::array_view<int, 1> v(total, hits), vb(1, bad);
  hc::parallel_for_each(e, [=](hc::index<4> i) [[hc]] {
    if (!e.contains(i)) {
      hc::atomic_fetch_add(&vb[0], 1);
      return;
    }
    int lin = ((i[0] * 5 + i[1]) * 7 + i[2]) * 11 + i[3];
    hc::atomic_fetch_add(&v[lin], 1);
  });
  CHECK(vb[0] == 0);
  for (int k = 0; k < total; ++k)
    CHECK(v[k] == 1);
  return 0;
}
