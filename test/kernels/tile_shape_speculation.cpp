// REQUIRES: cpu-backend
// RUN: %hcc --offload-arch=none -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-shape-speculation=false %s -o %t.general
// RUN: %t.general | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-loops=false %s -o %t.fibers
// RUN: %t.fibers | FileCheck %s
//
// Split tiles have code made for the shape their tile_static arrays
// expect, taken when a tile has that shape; every other tile runs the
// general code. Each kernel runs with the expected shape, with smaller
// tiles, and over domains whose last tiles are partial (smaller than the
// rest, in the same launch): the results are the same whichever code a
// tile takes, and the same as with the copy turned off and on fibers.
//
// CHECK: rotate_1d expected: ok
// CHECK-NEXT: rotate_1d smaller: ok
// CHECK-NEXT: rotate_1d partial: ok
// CHECK-NEXT: tree_sum expected: ok
// CHECK-NEXT: tree_sum smaller: ok
// CHECK-NEXT: matmul expected: ok
// CHECK-NEXT: matmul smaller: ok
// CHECK-NEXT: neighbours_2d expected: ok
// CHECK-NEXT: neighbours_2d partial: ok
// CHECK-NEXT: cube_3d expected: ok
// CHECK-NEXT: cube_3d smaller: ok
// CHECK-NEXT: vec4_elements expected: ok
// CHECK-NEXT: vec4_elements smaller: ok
#include <hc.hpp>

#include <cstdio>
#include <vector>

namespace {

void report(const char *kernel, const char *shape, bool ok) {
  std::printf("%s %s: %s\n", kernel, shape, ok ? "ok" : "FAILED");
}

// Each work-item reads its right neighbour in the tile (wrapping at the
// tile's real end, which a partial tile brings forward).
void rotate_1d(const char *shape, int n, int tile) {
  std::vector<int> in(n), out(n, -1);
  for (int i = 0; i < n; ++i)
    in[i] = i * 7 % 101;
  hc::array_view<const int, 1> vin(n, in);
  hc::array_view<int, 1> vout(n, out);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[256];
    const int l = t.local[0];
    s[l] = vin[t.global];
    t.barrier.wait();
    const int rest = n - t.tile_origin[0];
    const int count = rest < tile ? rest : tile;
    vout[t.global] = s[(l + 1) % count] * 2 + l;
  });
  vout.synchronize();
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const int origin = i / tile * tile;
    const int count = n - origin < tile ? n - origin : tile;
    const int l = i - origin;
    ok &= out[i] == in[origin + (l + 1) % count] * 2 + l;
  }
  report("rotate_1d", shape, ok);
}

void tree_sum(const char *shape, int tiles, int tile) {
  const int n = tiles * tile;
  std::vector<float> in(n), sums(tiles);
  for (int i = 0; i < n; ++i)
    in[i] = static_cast<float>(i % 17);
  hc::array_view<const float, 1> vin(n, in);
  hc::array_view<float, 1> vsums(tiles, sums);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static float s[256];
    const int l = t.local[0];
    s[l] = vin[t.global];
    t.barrier.wait();
    for (int active = tile / 2; active > 0; active /= 2) {
      if (l < active)
        s[l] += s[l + active];
      t.barrier.wait();
    }
    if (l == 0)
      vsums[t.tile[0]] = s[0];
  });
  vsums.synchronize();
  bool ok = true;
  for (int k = 0; k < tiles; ++k) {
    float expected = 0;
    for (int i = 0; i < tile; ++i)
      expected += in[k * tile + i];
    ok &= sums[k] == expected;
  }
  report("tree_sum", shape, ok);
}

void matmul(const char *shape, int n, int tile) {
  std::vector<float> a(n * n), b(n * n), c(n * n);
  for (int i = 0; i < n * n; ++i) {
    a[i] = static_cast<float>(i % 5);
    b[i] = static_cast<float>(i % 3) - 1.0f;
  }
  hc::array_view<const float, 2> va(n, n, a), vb(n, n, b);
  hc::array_view<float, 2> vc(n, n, c);
  hc::parallel_for_each(vc.get_extent().tile(tile, tile),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static float as[16][16], bs[16][16];
    const int row = t.global[0], col = t.global[1];
    const int ly = t.local[0], lx = t.local[1];
    float sum = 0.0f;
    for (int k0 = 0; k0 < n; k0 += tile) {
      as[ly][lx] = va(row, k0 + lx);
      bs[ly][lx] = vb(k0 + ly, col);
      t.barrier.wait();
      for (int k = 0; k < tile; ++k)
        sum += as[ly][k] * bs[k][lx];
      t.barrier.wait();
    }
    vc[t.global] = sum;
  });
  vc.synchronize();
  bool ok = true;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float expected = 0;
      for (int k = 0; k < n; ++k)
        expected += a[i * n + k] * b[k * n + j];
      ok &= c[i * n + j] == expected;
    }
  report("matmul", shape, ok);
}

// Each work-item adds the value to its right in its tile's row, wrapping at
// the row's real end.
void neighbours_2d(const char *shape, int rows, int cols) {
  std::vector<int> in(rows * cols), out(rows * cols, -1);
  for (int i = 0; i < rows * cols; ++i)
    in[i] = i % 23;
  hc::array_view<const int, 2> vin(rows, cols, in);
  hc::array_view<int, 2> vout(rows, cols, out);
  hc::parallel_for_each(vout.get_extent().tile(16, 16),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static int s[16][16];
    const int ly = t.local[0], lx = t.local[1];
    s[ly][lx] = vin[t.global];
    t.barrier.wait();
    const int rest = cols - t.tile_origin[1];
    const int width = rest < 16 ? rest : 16;
    vout[t.global] = s[ly][lx] + 3 * s[ly][(lx + 1) % width];
  });
  vout.synchronize();
  bool ok = true;
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const int origin = j / 16 * 16;
      const int width = cols - origin < 16 ? cols - origin : 16;
      const int right = origin + (j - origin + 1) % width;
      ok &= out[i * cols + j] == in[i * cols + j] + 3 * in[i * cols + right];
    }
  report("neighbours_2d", shape, ok);
}

// Each work-item reads the mirror of its position in a 3-D tile.
void cube_3d(const char *shape, int tile_z) {
  const int side = 8;
  const int count = side * side * side;
  std::vector<int> in(count), out(count, -1);
  for (int i = 0; i < count; ++i)
    in[i] = i * 3 % 61;
  hc::array_view<const int, 3> vin(side, side, side, in);
  hc::array_view<int, 3> vout(side, side, side, out);
  hc::parallel_for_each(vout.get_extent().tile(tile_z, 4, 4),
                        [=](hc::tiled_index<3> t) [[hc]] {
    tile_static int s[4][4][4];
    const int z = t.local[0], y = t.local[1], x = t.local[2];
    s[z][y][x] = vin[t.global];
    t.barrier.wait();
    vout[t.global] = s[tile_z - 1 - z][3 - y][3 - x];
  });
  vout.synchronize();
  bool ok = true;
  for (int i = 0; i < side; ++i)
    for (int j = 0; j < side; ++j)
      for (int k = 0; k < side; ++k) {
        const int oi = i / tile_z * tile_z, oj = j / 4 * 4, ok_ = k / 4 * 4;
        const int mi = oi + tile_z - 1 - (i - oi), mj = oj + 3 - (j - oj),
                  mk = ok_ + 3 - (k - ok_);
        ok &= out[(i * side + j) * side + k] == in[(mi * side + mj) * side + mk];
      }
  report("cube_3d", shape, ok);
}

struct vec4 {
  float x, y, z, w;
};

// An array of 16-byte elements: the position steps by the element.
void vec4_elements(const char *shape, int tile) {
  const int n = 4 * tile;
  std::vector<float> in(4 * n), out(n, -1.0f);
  for (int i = 0; i < 4 * n; ++i)
    in[i] = static_cast<float>(i % 9);
  hc::array_view<const float, 1> vin(4 * n, in);
  hc::array_view<float, 1> vout(n, out);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static vec4 s[64];
    const int l = t.local[0], g = t.global[0];
    s[l] = vec4{vin[4 * g], vin[4 * g + 1], vin[4 * g + 2], vin[4 * g + 3]};
    t.barrier.wait();
    const vec4 other = s[tile - 1 - l];
    vout[t.global] = other.x + 2 * other.y + 3 * other.z + 4 * other.w;
  });
  vout.synchronize();
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const int origin = i / tile * tile;
    const int m = origin + tile - 1 - (i - origin);
    ok &= out[i] == in[4 * m] + 2 * in[4 * m + 1] + 3 * in[4 * m + 2] +
                        4 * in[4 * m + 3];
  }
  report("vec4_elements", shape, ok);
}

} // namespace

int main() {
  rotate_1d("expected", 256 * 6, 256);
  rotate_1d("smaller", 100 * 5, 100);
  rotate_1d("partial", 256 * 4 + 77, 256);
  tree_sum("expected", 40, 256);
  tree_sum("smaller", 40, 64);
  matmul("expected", 48, 16);
  matmul("smaller", 48, 8);
  neighbours_2d("expected", 48, 64);
  neighbours_2d("partial", 37, 45);
  cube_3d("expected", 4);
  cube_3d("smaller", 2);
  vec4_elements("expected", 64);
  vec4_elements("smaller", 16);
  return 0;
}
