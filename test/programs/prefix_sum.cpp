// RUN: %hcc %s -o %t && %t
// Inclusive prefix sum in three kernels (scan within tiles in tile_static
// memory, scan of the tile totals, add the offsets), compared with the CPU.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

#define TILE 128

int main() {
  const int tiles = 96, n = tiles * TILE;
  std::vector<int> data(n), out(n, 0), sums(tiles, 0);
  for (int i = 0; i < n; ++i)
    data[i] = (i % 17) - 5;
  hc::array_view<const int, 1> in(n, data);
  hc::array_view<int, 1> vout(n, out), vsums(tiles, sums);

  // 1. Hillis-Steele scan inside each tile.
  hc::parallel_for_each(hc::extent<1>(n).tile(TILE), [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int buf[2][TILE];
    int l = t.local[0];
    int cur = 0;
    buf[cur][l] = in[t.global];
    t.barrier.wait();
    for (int offset = 1; offset < TILE; offset *= 2) {
      int v = buf[cur][l];
      if (l >= offset)
        v += buf[cur][l - offset];
      buf[1 - cur][l] = v;
      cur = 1 - cur;
      t.barrier.wait();
    }
    vout[t.global] = buf[cur][l];
    if (l == TILE - 1)
      vsums[t.tile] = buf[cur][l];
  });
  // 2. Scan of the tile totals (one work-item; few tiles).
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    for (int k = 1; k < tiles; ++k)
      vsums[k] += vsums[k - 1];
  });
  // 3. Add the preceding tiles' total.
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    int tile = i[0] / TILE;
    if (tile > 0)
      vout[i] += vsums[tile - 1];
  });

  vout.synchronize();
  int running = 0;
  for (int i = 0; i < n; ++i) {
    running += data[i];
    CHECK(out[i] == running);
  }
  return 0;
}
