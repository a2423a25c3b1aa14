// RUN: %hcc -hc %s -o %t && %t
//
// When the tile size does not divide the extent, the tiles at the far edge
// are smaller, and their work-items see their own tile's size in
// tiled_index::tile_dim (as hcc reported it); tile_origin and tile still
// count in whole tiles.
#include <hc.hpp>

#include <cstdio>

static int failures = 0;

static void expect(const char *what, int i, int got, int want) {
  if (got != want && failures++ < 20)
    std::printf("FAIL %s at %d: %d, expected %d\n", what, i, got, want);
}

int main() {
  // Rank 1: 100 work-items in tiles of 16 (the last tile has 4).
  hc::array_view<int, 1> dim(100), origin(100), tile(100);
  hc::parallel_for_each(hc::extent<1>(100).tile(16),
                        [=](hc::tiled_index<1> t) [[hc]] {
    dim[t.global] = t.tile_dim[0];
    origin[t.global] = t.tile_origin[0];
    tile[t.global] = t.tile[0];
  }).wait();
  for (int i = 0; i < 100; ++i) {
    expect("rank 1 tile_dim", i, dim[i], i < 96 ? 16 : 4);
    expect("rank 1 tile_origin", i, origin[i], i / 16 * 16);
    expect("rank 1 tile", i, tile[i], i / 16);
  }

  // Rank 2: 10 x 7 in tiles of 4 x 3: partial in both dimensions.
  hc::array_view<int, 2> d0(10, 7), d1(10, 7), extent0(10, 7);
  hc::parallel_for_each(hc::extent<2>(10, 7).tile(4, 3),
                        [=](hc::tiled_index<2> t) [[hc]] {
    d0[t.global] = t.tile_dim[0];
    d1[t.global] = t.tile_dim[1];
    extent0[t.global] = t.get_tile_extent()[0];
  }).wait();
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 7; ++j) {
      expect("rank 2 tile_dim[0]", i * 7 + j, d0(i, j), i < 8 ? 4 : 2);
      expect("rank 2 tile_dim[1]", i * 7 + j, d1(i, j), j < 6 ? 3 : 1);
      expect("rank 2 get_tile_extent", i * 7 + j, extent0(i, j), d0(i, j));
    }

  if (failures) {
    std::printf("%d failures\n", failures);
    return 1;
  }
  std::printf("ok\n");
  return 0;
}
