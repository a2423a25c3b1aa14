// tiled_extent<D0[,D1[,D2]]> and tiled_index<D0,...> of ranks 1 to 3:
// global, local, tile, tile_origin, tile_extent, the static tile_dim0..2,
// barriers and tile_static memory; extent::tile<...>(), pad() and
// truncate(); async_parallel_for_each (HSA extension).

// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// CHECK: rank1 ok
// CHECK: rank2 ok
// CHECK: rank3 ok
// CHECK: pad 32x48 truncate 16x32
// CHECK: async ok

#include <amp.h>
#include <cstdio>
#include <vector>
using namespace concurrency;

static_assert(tiled_extent<4>::rank == 1 && tiled_extent<4, 2>::rank == 2 &&
                  tiled_extent<4, 2, 2>::rank == 3,
              "ranks");
static_assert(tiled_index<8, 4>::tile_dim0 == 8 &&
                  tiled_index<8, 4>::tile_dim1 == 4,
              "static tile sizes");

int main() {
  // Rank 1: each work-item writes the sum of its tile's locals, computed
  // through tile_static memory and a barrier.
  {
    std::vector<int> v(64);
    array_view<int, 1> av(64, v);
    extent<1> e = av.get_extent(); // hc::extent<1> converts
    parallel_for_each(e.tile<16>(), [=](tiled_index<16> t) restrict(amp) {
      tile_static int s[16];
      s[t.local[0]] = t.local[0];
      t.barrier.wait();
      int sum = 0;
      for (int k = 0; k < 16; ++k)
        sum += s[k];
      av[t] = sum + 1000 * t.tile[0] + (t.tile_origin[0] == 16 * t.tile[0]) +
              (t.tile_extent[0] == 16 ? 0 : 99);
    });
    bool ok = true;
    for (int i = 0; i < 64; ++i)
      ok &= av[i] == 120 + 1000 * (i / 16) + 1;
    std::printf("rank1 %s\n", ok ? "ok" : "WRONG");
  }
  // Rank 2: the global index decomposes into tile * tile size + local.
  {
    std::vector<int> v(32 * 48);
    array_view<int, 2> av(32, 48, v);
    tiled_extent<8, 16> te(av.get_extent());
    parallel_for_each(te, [=](tiled_index<8, 16> t) restrict(amp) {
      index<2> g = t.tile * index<2>(8, 16) + t.local;
      extent<2> e = t.get_tile_extent();
      av[t.global] = (g == t.global && t.tile_origin + t.local == t.global &&
                      e[0] == 8 && e[1] == 16) ? 1 : 0;
    });
    av.synchronize();
    int good = 0;
    for (int x : v)
      good += x;
    std::printf("rank2 %s\n", good == 32 * 48 ? "ok" : "WRONG");
  }
  // Rank 3.
  {
    std::vector<int> v(4 * 4 * 8);
    array_view<int, 3> av(4, 4, 8, v);
    extent<3> e(4, 4, 8);
    parallel_for_each(e.tile<2, 2, 4>(), [=](tiled_index<2, 2, 4> t) restrict(amp) {
      av[t] = t.tile[0] * 100 + t.tile[1] * 10 + t.tile[2];
    });
    bool ok = av(3, 2, 5) == 111 && av(0, 0, 0) == 0 && av(2, 3, 7) == 111;
    std::printf("rank3 %s\n", ok ? "ok" : "WRONG");
  }
  {
    tiled_extent<16, 16> te(extent<2>(20, 40));
    tiled_extent<16, 16> p = te.pad(), tr = te.truncate();
    std::printf("pad %dx%d truncate %dx%d\n", p[0], p[1], tr[0], tr[1]);
  }
  {
    std::vector<int> v(256);
    array_view<int, 1> av(256, v);
    completion_future cf = async_parallel_for_each(
        tiled_extent<64>(av.get_extent()),
        [=](tiled_index<64> t) restrict(amp) { av[t] = t.global[0]; });
    cf.wait();
    completion_future cf2 = async_parallel_for_each(
        av.get_extent(), [=](index<1> i) restrict(amp) { av[i] += 1; });
    cf2.wait();
    std::printf("async %s\n", av[255] == 256 ? "ok" : "WRONG");
  }
  return 0;
}
