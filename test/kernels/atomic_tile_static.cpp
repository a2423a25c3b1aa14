// RUN: %hcc %s -o %t && %t
// hc atomics on a tile_static variable: every tile counts its own
// work-items in group memory, independently of the other tiles.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 128, tiles = 40;
  std::vector<int> counts(tiles, 0), ranks(tile * tiles, -1);
  hc::array_view<int, 1> vc(tiles, counts), vr(tile * tiles, ranks);
  hc::parallel_for_each(hc::extent<1>(tile * tiles).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int count;
    if (t.local[0] == 0)
      count = 0;
    t.barrier.wait();
    vr[t.global] = hc::atomic_fetch_add(&count, 1);
    t.barrier.wait();
    if (t.local[0] == 0)
      vc[t.tile] = count;
  });
  for (int k = 0; k < tiles; ++k)
    CHECK(vc[k] == tile);
  // Within each tile the ranks are 0 .. tile-1, each once.
  for (int k = 0; k < tiles; ++k) {
    std::vector<int> seen(tile, 0);
    for (int l = 0; l < tile; ++l) {
      int r = vr[k * tile + l];
      CHECK(r >= 0 && r < tile);
      seen[r]++;
    }
    for (int l = 0; l < tile; ++l)
      CHECK(seen[l] == 1);
  }
  return 0;
}
