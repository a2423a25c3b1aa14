// RUN: %hcc %s -o %t && %t
// tiled_index<3> fields for run-time tile sizes in a 3-D tiled domain.
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main(int argc, char **argv) {
  const int d0 = 4, d1 = 6, d2 = 16;
  int k = argc > 100 ? std::atoi(argv[1]) : 0;
  int t0 = 2 + k, t1 = 3 + k, t2 = 4 + k;
  std::vector<int> rec(d0 * d1 * d2 * 15, -1);
  hc::array_view<int, 2> v(d0 * d1 * d2, 15, rec);
  hc::parallel_for_each(hc::extent<3>(d0, d1, d2).tile(t0, t1, t2),
                        [=](hc::tiled_index<3> ti) [[hc]] {
    int row = (ti.global[0] * d1 + ti.global[1]) * d2 + ti.global[2];
    for (int a = 0; a < 3; ++a) {
      v(row, a) = ti.global[a];
      v(row, 3 + a) = ti.local[a];
      v(row, 6 + a) = ti.tile[a];
      v(row, 9 + a) = ti.tile_origin[a];
      v(row, 12 + a) = ti.tile_dim[a];
    }
  });
  const int ext[3] = {d0, d1, d2}, tl[3] = {2, 3, 4};
  for (int i = 0; i < d0; ++i)
    for (int j = 0; j < d1; ++j)
      for (int m = 0; m < d2; ++m) {
        int row = (i * d1 + j) * d2 + m;
        int g[3] = {i, j, m};
        for (int a = 0; a < 3; ++a) {
          CHECK(g[a] < ext[a]);
          CHECK(v(row, a) == g[a]);
          CHECK(v(row, 3 + a) == g[a] % tl[a]);
          CHECK(v(row, 6 + a) == g[a] / tl[a]);
          CHECK(v(row, 9 + a) == g[a] / tl[a] * tl[a]);
          CHECK(v(row, 12 + a) == tl[a]);
        }
      }
  return 0;
}
