// RUN: %hcc %s -o %t && %t
// tile_barrier::wait() inside a loop: values rotate through tile_static
// memory one step per iteration, with two barriers per iteration.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int tile = 32, tiles = 16, n = tile * tiles, steps = 45;
  std::vector<int> out(n, -1);
  hc::array_view<int, 1> vo(n, out);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int ring[32];
    int l = t.local[0];
    int value = t.global[0];
    for (int s = 0; s < steps; ++s) {
      ring[l] = value;
      t.barrier.wait();
      value = ring[(l + 1) % tile] + 1;
      t.barrier.wait();
    }
    vo[t.global] = value;
  });
  for (int k = 0; k < n; ++k) {
    int origin = k / tile * tile;
    CHECK(vo[k] == origin + (k % tile + steps) % tile + steps);
  }
  return 0;
}
