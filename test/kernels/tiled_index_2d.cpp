// RUN: %hcc %s -o %t && %t
// tiled_index<2> fields for run-time tile sizes: every work-item of a 2-D
// tiled domain sees the right global, local, tile, tile_origin and tile_dim.
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main(int argc, char **argv) {
  const int r = 24, c = 40;
  int k = argc > 100 ? std::atoi(argv[1]) : 0;
  int t0 = 4 + k, t1 = 8 + k;
  // Per work-item: 10 ints (global, local, tile, origin, dim; 2 each).
  std::vector<int> rec(r * c * 10, -1);
  hc::array_view<int, 3> v(r, c, 10, rec);
  hc::parallel_for_each(hc::extent<2>(r, c).tile(t0, t1),
                        [=](hc::tiled_index<2> ti) [[hc]] {
    int i = ti.global[0], j = ti.global[1];
    v(i, j, 0) = ti.global[0];      v(i, j, 1) = ti.global[1];
    v(i, j, 2) = ti.local[0];       v(i, j, 3) = ti.local[1];
    v(i, j, 4) = ti.tile[0];        v(i, j, 5) = ti.tile[1];
    v(i, j, 6) = ti.tile_origin[0]; v(i, j, 7) = ti.tile_origin[1];
    v(i, j, 8) = ti.tile_dim[0];    v(i, j, 9) = ti.tile_dim[1];
  });
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j) {
      CHECK(v(i, j, 0) == i && v(i, j, 1) == j);
      CHECK(v(i, j, 2) == i % 4 && v(i, j, 3) == j % 8);
      CHECK(v(i, j, 4) == i / 4 && v(i, j, 5) == j / 8);
      CHECK(v(i, j, 6) == i / 4 * 4 && v(i, j, 7) == j / 8 * 8);
      CHECK(v(i, j, 8) == 4 && v(i, j, 9) == 8);
    }
  return 0;
}
