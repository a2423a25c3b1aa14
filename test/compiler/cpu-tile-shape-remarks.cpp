// Which tile shape a split tile gets its own code for: the lengths of the
// tile_static array dimensions that the local position indexes, one work-item
// in the dimensions a kernel of lower rank pads, "any" where the position
// indexes no such array. Compile-only.
// UNSUPPORTED: gpu-lit
// RUN: %hcc --offload-arch=none -O2 -c %s -o /dev/null -Rpass-analysis=hcc-cpu-tile-loops 2>&1 | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-shape-speculation=false -c %s -o /dev/null -Rpass-analysis=hcc-cpu-tile-loops 2>&1 | FileCheck --check-prefix=OFF %s

// CHECK-DAG: remark: its tiles of 1 x 1 x 128 work-items run code made for that shape
// CHECK-DAG: remark: its tiles of 1 x 16 x 32 work-items run code made for that shape
// CHECK-DAG: remark: its tiles of 4 x 8 x 2 work-items run code made for that shape
// CHECK-DAG: remark: its tiles of 1 x any x 64 work-items run code made for that shape
// CHECK-DAG: remark: its tiles of 1 x 1 x 32 work-items run code made for that shape
// CHECK-DAG: remark: its tiles of 1 x 1 x 48 work-items run code made for that shape
// CHECK-NOT: made for that shape
// OFF-NOT: made for that shape
#include <hc.hpp>

struct particle {
  float x, y, z, mass;
};

void one_dimension(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(128),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[128];
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    v[t.global] = s[127 - t.local[0]];
  });
}

// Rows by the first position, columns by the second.
void two_dimensions(hc::array_view<float, 2> v) {
  hc::parallel_for_each(v.get_extent().tile(16, 32),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static float s[16][32];
    s[t.local[0]][t.local[1]] = v[t.global];
    t.barrier.wait();
    v[t.global] = s[15 - t.local[0]][t.local[1]];
  });
}

void three_dimensions(hc::array_view<int, 3> v) {
  hc::parallel_for_each(v.get_extent().tile(4, 8, 2),
                        [=](hc::tiled_index<3> t) [[hc]] {
    tile_static int s[4][8][2];
    s[t.local[0]][t.local[1]][t.local[2]] = v[t.global];
    t.barrier.wait();
    v[t.global] = s[3 - t.local[0]][t.local[1]][1 - t.local[2]];
  });
}

// The row position only selects which half of the tile writes.
void one_position_indexes(hc::array_view<int, 2> v) {
  hc::parallel_for_each(v.get_extent().tile(2, 64),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static int s[64];
    if (t.local[0] == 0)
      s[t.local[1]] = v[t.global];
    t.barrier.wait();
    v[t.global] = s[63 - t.local[1]];
  });
}

// Two arrays: the shorter one.
void shortest_array(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(32),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int big[256], small[32];
    big[t.local[0]] = v[t.global];
    small[t.local[0]] = v[t.global] * 2;
    t.barrier.wait();
    v[t.global] = big[31 - t.local[0]] + small[t.local[0] ^ 1];
  });
}

// Elements of 16 bytes.
void structure_elements(hc::array_view<float, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(48),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static particle s[48];
    s[t.local[0]] = particle{v[t.global], 1.0f, 2.0f, 3.0f};
    t.barrier.wait();
    v[t.global] = s[47 - t.local[0]].x * s[t.local[0]].mass;
  });
}

// No tile_static array indexed by a position: no copy.
void no_array(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int count;
    if (t.local[0] == 0)
      count = 0;
    t.barrier.wait();
    hc::atomic_fetch_add(&count, v[t.global]);
    t.barrier.wait();
    v[t.global] = count;
  });
}

// A multiple of the position: not the array's own stride.
void strided_index(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(16),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[64];
    s[4 * t.local[0]] = v[t.global];
    t.barrier.wait();
    v[t.global] = s[4 * (15 - t.local[0])];
  });
}
