// RUN: %hcc %s -o %t && %t
// tiled_extent<2>: run-time tile sizes through the constructors and
// extent<2>::tile().
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main(int argc, char **argv) {
  int t0 = 4 + (argc > 100 ? std::atoi(argv[1]) : 0);
  int t1 = 8 + (argc > 100 ? std::atoi(argv[2]) : 0);

  hc::extent<2> e(32, 64);
  hc::tiled_extent<2> a(e, t0, t1);
  CHECK(hc::tiled_extent<2>::rank == 2);
  CHECK(a[0] == 32 && a[1] == 64);
  CHECK(a.tile_dim[0] == 4 && a.tile_dim[1] == 8);

  hc::tiled_extent<2> b = e.tile(t0, t1);
  CHECK(b[0] == 32 && b[1] == 64 && b.tile_dim[0] == 4 && b.tile_dim[1] == 8);

  hc::tiled_extent<2> c(32, 64, t0, t1);
  CHECK(c[0] == 32 && c[1] == 64 && c.tile_dim[0] == 4 && c.tile_dim[1] == 8);

  hc::tiled_extent<2> d(c);
  CHECK(d[0] == 32 && d.tile_dim[1] == 8);

  hc::tiled_extent<2> def;
  CHECK(def[0] == 0 && def[1] == 0 && def.tile_dim[0] == 0 && def.tile_dim[1] == 0);
  return 0;
}
