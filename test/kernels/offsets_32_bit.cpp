// RUN: %hcc %s -o %t && %t
// Element offsets of arrays and views in kernels (docs/kernels.md, "32-bit
// element offsets"): GPU kernels launch an entry point that computes them
// in 32 bits while no allocation of 2 GiB or more exists, and the 64-bit
// one otherwise. Both must address the same elements: views with an origin
// (sections), projections, arrays of rank 2 and 3, neighbours on every
// side, and a view made inside the kernel over tile_static memory. Run once
// with only small allocations and once while a 2 GiB array exists.
#include <hc.hpp>

#include <cstdio>
#include <vector>

#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c);      \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static float value(int z, int y, int x) { return z * 10000.0f + y * 100.0f + x; }

static int run_kernels(const char *when) {
  const int nz = 7, ny = 9, nx = 37;
  std::vector<float> host(nz * ny * nx);
  for (int z = 0; z < nz; ++z)
    for (int y = 0; y < ny; ++y)
      for (int x = 0; x < nx; ++x)
        host[(z * ny + y) * nx + x] = value(z, y, x);

  // A section of a rank-3 view (origin 1, 2, 3) and its neighbours.
  hc::array_view<const float, 3> whole(nz, ny, nx, host);
  hc::array_view<const float, 3> inner = whole.section(hc::index<3>(1, 2, 3),
                                                       hc::extent<3>(5, 6, 30));
  hc::array<float, 3> sums(inner.get_extent());
  hc::parallel_for_each(inner.get_extent(), [=, &sums](hc::index<3> i) [[hc]] {
    const int z = i[0], y = i[1], x = i[2];
    float s = inner(z, y, x);
    if (z > 0) s += inner(z - 1, y, x);
    if (y + 1 < 6) s += inner(z, y + 1, x);
    if (x > 0) s += inner(z, y, x - 1);
    sums[i] = s;
  });
  std::vector<float> got(5 * 6 * 30);
  hc::copy(sums, got.begin());
  for (int z = 0; z < 5; ++z)
    for (int y = 0; y < 6; ++y)
      for (int x = 0; x < 30; ++x) {
        float want = value(z + 1, y + 2, x + 3);
        if (z > 0) want += value(z, y + 2, x + 3);
        if (y + 1 < 6) want += value(z + 1, y + 3, x + 3);
        if (x > 0) want += value(z + 1, y + 2, x + 2);
        if (got[(z * 6 + y) * 30 + x] != want) {
          std::fprintf(stderr, "%s: sum at (%d, %d, %d) is %g, want %g\n",
                       when, z, y, x, got[(z * 6 + y) * 30 + x], want);
          return 1;
        }
      }

  // A projection (rank 3 -> 2) of the whole view, written into a rank-2
  // array.
  hc::array<float, 2> plane(ny, nx);
  hc::parallel_for_each(plane.get_extent(), [=, &plane](hc::index<2> i) [[hc]] {
    plane[i] = whole[4](i[0], i[1]);
  });
  std::vector<float> p(ny * nx);
  hc::copy(plane, p.begin());
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      CHECK(p[y * nx + x] == value(4, y, x));

  // A rank-2 view over tile_static memory, transposed within each tile.
  std::vector<int> out(64 * 48);
  hc::array_view<int, 2> tiles(64, 48, out);
  hc::parallel_for_each(tiles.get_extent().tile(16, 16),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static int block[16][16];
    hc::array_view<int, 2> local(16, 16, &block[0][0]);
    local(t.local) = t.global[0] * 1000 + t.global[1];
    t.barrier.wait();
    tiles[t.global] = local(t.local[1], t.local[0]);
  });
  tiles.synchronize();
  for (int r = 0; r < 64; ++r)
    for (int c = 0; c < 48; ++c) {
      int tr = r / 16 * 16, tc = c / 16 * 16;
      CHECK(out[r * 48 + c] == (tr + (c - tc)) * 1000 + (tc + (r - tr)));
    }
  return 0;
}

int main() {
  if (run_kernels("small allocations"))
    return 1;
  {
    // 2 GiB: the runtime launches the 64-bit entry points while it exists.
    hc::array<int, 1> large(1 << 29);
    if (run_kernels("with a 2 GiB array"))
      return 1;
  }
  if (run_kernels("after the 2 GiB array"))
    return 1;
  std::puts("ok");
  return 0;
}
