// REQUIRES: cpu-backend
// RUN: %hcc --offload-arch=none -O2 %s -o %t
// RUN: timeout 30 %t | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-loops=false %s -o %t.fibers
// RUN: timeout 30 %t.fibers | FileCheck %s
//
// A tiled kernel with a barrier whose work-items also wait for one another
// through an atomic (work-item i of a tile spins until the ones after it
// have gone) cannot run as loops over the tile's work-items: the first
// work-item would spin for ever before the others start. Its tiles run as
// fibers, and it finishes with the right results
// (docs/runtime.md, "Work-items that wait").
//
// CHECK: turns: 8 8 8
// CHECK-NEXT: order: ok
// CHECK-NEXT: exchange: ok
#include <hc.hpp>

#include <atomic>
#include <cstdio>

int main() {
  const int tile = 8, tiles = 3, n = tile * tiles;
  auto *turns = new std::atomic<int>[tiles];
  for (int k = 0; k < tiles; ++k)
    turns[k] = 0;
  int order[n], exchanged[n];
  int *po = order, *pe = exchanged;
  hc::parallel_for_each(hc::accelerator(L"cpu").get_default_view(),
                        hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    const int i = t.local[0];
    std::atomic<int> &turn = turns[t.tile[0]];
    // The last work-item of the tile goes first.
    while (turn.load(std::memory_order_acquire) != tile - 1 - i) {
    }
    po[t.tile[0] * tile + tile - 1 - i] = i;
    turn.fetch_add(1, std::memory_order_release);
    sm[i] = t.global[0];
    t.barrier.wait();
    pe[t.global[0]] = sm[tile - 1 - i];
  }).wait();
  std::printf("turns: %d %d %d\n", turns[0].load(), turns[1].load(),
              turns[2].load());
  bool ordered = true, exchange = true;
  for (int k = 0; k < n; ++k) {
    ordered = ordered && order[k] == tile - 1 - k % tile;
    exchange = exchange && exchanged[k] == k / tile * tile + tile - 1 - k % tile;
  }
  std::printf("order: %s\n", ordered ? "ok" : "FAILED");
  std::printf("exchange: %s\n", exchange ? "ok" : "FAILED");
  delete[] turns;
  return ordered && exchange ? 0 : 1;
}
