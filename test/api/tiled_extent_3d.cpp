// RUN: %hcc %s -o %t && %t
// tiled_extent<3>: run-time tile sizes through the constructors and
// extent<3>::tile().
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main(int argc, char **argv) {
  int k = argc > 100 ? std::atoi(argv[1]) : 0;
  int t0 = 2 + k, t1 = 4 + k, t2 = 8 + k;

  hc::extent<3> e(4, 8, 16);
  hc::tiled_extent<3> a(e, t0, t1, t2);
  CHECK(hc::tiled_extent<3>::rank == 3);
  CHECK(a[0] == 4 && a[1] == 8 && a[2] == 16);
  CHECK(a.tile_dim[0] == 2 && a.tile_dim[1] == 4 && a.tile_dim[2] == 8);

  hc::tiled_extent<3> b = e.tile(t0, t1, t2);
  CHECK(b[2] == 16 && b.tile_dim[0] == 2 && b.tile_dim[2] == 8);

  hc::tiled_extent<3> c(4, 8, 16, t0, t1, t2);
  CHECK(c[0] == 4 && c[1] == 8 && c[2] == 16);
  CHECK(c.tile_dim[0] == 2 && c.tile_dim[1] == 4 && c.tile_dim[2] == 8);

  hc::tiled_extent<3> d(c);
  CHECK(d.tile_dim[1] == 4 && d[1] == 8);
  return 0;
}
