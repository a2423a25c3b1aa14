// RUN: %hcc %s -o %t && %t
// In hc an extent need not be a multiple of the tile size: the last tiles
// are partial, and every index of the extent is visited exactly once (no
// index outside it).
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1000;  // tile 64: 15 full tiles and one of 40
  std::vector<int> hits(n, 0), bad(1, 0);
  hc::array_view<int, 1> vh(n, hits), vb(1, bad);
  hc::parallel_for_each(hc::extent<1>(n).tile(64), [=](hc::tiled_index<1> t) [[hc]] {
    int g = t.global[0];
    if (g < 0 || g >= n || t.local[0] >= 64 || g != t.tile[0] * 64 + t.local[0])
      hc::atomic_fetch_add(&vb[0], 1);
    else
      hc::atomic_fetch_add(&vh[g], 1);
  });
  CHECK(vb[0] == 0);
  for (int k = 0; k < n; ++k)
    CHECK(vh[k] == 1);

  const int r = 37, c = 45;  // tile 8 x 8
  std::vector<int> hits2(r * c, 0);
  hc::array_view<int, 2> vh2(r, c, hits2);
  hc::parallel_for_each(hc::extent<2>(r, c).tile(8, 8), [=](hc::tiled_index<2> t) [[hc]] {
    if (t.global[0] >= r || t.global[1] >= c)
      hc::atomic_fetch_add(&vb[0], 1);
    else
      hc::atomic_fetch_add(&vh2[t.global], 1);
  });
  CHECK(vb[0] == 0);
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j)
      CHECK(vh2(i, j) == 1);
  return 0;
}
