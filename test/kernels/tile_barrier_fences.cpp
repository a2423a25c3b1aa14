// RUN: %hcc %s -o %t && %t
// The fence variants of tile_barrier synchronise the tile like wait():
// wait_with_all_memory_fence and wait_with_tile_static_memory_fence for
// tile_static data, wait_with_global_memory_fence for global data.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 64, n = 64 * 16;
  std::vector<int> a(n, -1), b(n, -1), c(n, -1), scratch(n, 0);
  hc::array_view<int, 1> va(n, a), vb(n, b), vc(n, c), vs(n, scratch);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[64];
    int l = t.local[0], g = t.global[0];
    int mirror = t.tile_origin[0] + (tile - 1 - l);

    s[l] = 3 * g;
    t.barrier.wait_with_all_memory_fence();
    va[g] = s[tile - 1 - l];
    t.barrier.wait_with_all_memory_fence();

    s[l] = 5 * g;
    t.barrier.wait_with_tile_static_memory_fence();
    vb[g] = s[tile - 1 - l];

    vs[g] = 7 * g;  // global memory exchange within the tile
    t.barrier.wait_with_global_memory_fence();
    vc[g] = vs[mirror];
  });
  for (int k = 0; k < n; ++k) {
    int mirror = k / tile * tile + (tile - 1 - k % tile);
    CHECK(va[k] == 3 * mirror);
    CHECK(vb[k] == 5 * mirror);
    CHECK(vc[k] == 7 * mirror);
  }
  return 0;
}
