// RUN: %hcc %s -o %t && %t
// Tiled domains with more tiles along their slow dimensions than a GPU
// grid holds along y and z (65535): every tile runs once, with its own
// tile coordinates, barriers matched, and the work-item builtins number
// the groups as hcc did (dimension 0 = the fastest hc dimension).
#include <hc.hpp>
#include <hc_defines.h>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  // Rank 2: 66000 tiles along dimension 0 (the grid's y), 2 along 1.
  const int rows = 66000, cols = 64;
  std::vector<int> a(rows * cols, 0);
  hc::array_view<int, 2> va(rows, cols, a);
  hc::parallel_for_each(va.get_extent().tile(1, 32),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static int sum;
    if (t.local[1] == 0)
      sum = 0;
    t.barrier.wait();
    hc::atomic_fetch_add(&sum, 1);
    t.barrier.wait();
    // Every work-item of the tile saw the whole tile arrive.
    va[t.global] += t.tile[0] * 2 + t.tile[1] + (sum == 32 ? 1 : -1000000);
  });
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      CHECK(va(r, c) == r * 2 + c / 32 + 1);

  // Rank 3: 65600 tiles along dimension 0 (the grid's z), 3 along 1 (y),
  // partial tiles along 2 (x); the builtins' group ids and counts.
  const int d0 = 65600, d1 = 3, d2 = 20;
  std::vector<int> b(d0 * d1 * d2, 0), groups(d0 * d1 * d2, 0);
  hc::array_view<int, 3> vb(d0, d1, d2, b), vg(d0, d1, d2, groups);
  hc::parallel_for_each(vb.get_extent().tile(1, 1, 16),
                        [=](hc::tiled_index<3> t) [[hc]] {
    vb[t.global] = (t.tile[0] * d1 + t.tile[1]) * 2 + t.tile[2] + 1;
    const bool ids = hc_get_group_id(0) == unsigned(t.tile[2]) &&
                     hc_get_group_id(1) == unsigned(t.tile[1]) &&
                     hc_get_group_id(2) == unsigned(t.tile[0]);
    const bool counts = hc_get_num_groups(0) == 2 &&
                        hc_get_num_groups(1) == unsigned(d1) &&
                        hc_get_num_groups(2) == unsigned(d0);
    vg[t.global] = ids && counts ? 1 : 0;
  });
  for (int i = 0; i < d0; ++i)
    for (int j = 0; j < d1; ++j)
      for (int k = 0; k < d2; ++k) {
        CHECK(vb(i, j, k) == (i * d1 + j) * 2 + k / 16 + 1);
        CHECK(vg(i, j, k) == 1);
      }
  return 0;
}
