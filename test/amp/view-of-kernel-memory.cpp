// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// An array_view made inside a kernel over the kernel's own memory (a local
// array, tile_static data) reads and writes that memory, also after being
// assigned to itself, on every backend.
#include <amp.h>
#include <cstdio>
#include <vector>

using namespace concurrency;

int main() {
  std::vector<int> out(10, -1), tiled(16, -1);
  array_view<int, 2> results(5, 2, out);
  parallel_for_each(results.get_extent(), [=](index<2> i) restrict(amp) {
    int data[10] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9};
    array_view<int, 2> local(5, 2, data);
    local = local;
    local[i] += 100;
    results[i] = local[i];
  });
  results.synchronize();

  array_view<int, 1> tile_out(16, tiled);
  parallel_for_each(tile_out.get_extent().tile<8>(),
                    [=](tiled_index<8> t) restrict(amp) {
    tile_static int shared[8];
    array_view<int, 1> view(8, shared);
    view[t.local] = t.global[0] * 2;
    t.barrier.wait();
    tile_out[t.global] = view[7 - t.local[0]];
  });
  tile_out.synchronize();
  // CHECK: local: 100 109, tile_static: 14 0 30 16
  std::printf("local: %d %d, tile_static: %d %d %d %d\n", out[0], out[9],
              tiled[0], tiled[7], tiled[8], tiled[15]);
  return 0;
}
