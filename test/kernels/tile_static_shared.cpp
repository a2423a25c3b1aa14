// RUN: %hcc %s -o %t && %t
// tile_static memory is shared by the work-items of one tile (after a
// barrier each reads what a neighbour wrote) and separate for each tile
// (every tile sees its own values).
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 64, n = 64 * 32;
  std::vector<int> neigh(n, -1), owner(n, -1);
  hc::array_view<int, 1> vn(n, neigh), vo(n, owner);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int values[64];
    tile_static int tile_id;
    int l = t.local[0];
    values[l] = t.global[0];
    if (l == 0)
      tile_id = t.tile[0];
    t.barrier.wait();
    vn[t.global] = values[(l + 1) % 64];
    vo[t.global] = tile_id;
  });
  for (int k = 0; k < n; ++k) {
    int origin = k / tile * tile;
    CHECK(vn[k] == origin + (k % tile + 1) % tile);
    CHECK(vo[k] == k / tile);
  }
  return 0;
}
