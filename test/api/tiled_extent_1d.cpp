// RUN: %hcc %s -o %t && %t
// tiled_extent<1>: tile sizes chosen at run time, through the constructors
// and through extent<1>::tile().
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main(int argc, char **argv) {
  // A tile size the compiler cannot know.
  int t = 16 + (argc > 100 ? std::atoi(argv[1]) : 0);

  hc::extent<1> e(256);
  hc::tiled_extent<1> a(e, t);
  CHECK(hc::tiled_extent<1>::rank == 1);
  CHECK(a[0] == 256);
  CHECK(a.tile_dim[0] == 16);
  CHECK(a.size() == 256u);

  hc::tiled_extent<1> b = e.tile(t);
  CHECK(b[0] == 256 && b.tile_dim[0] == 16);

  hc::tiled_extent<1> c(256, t);
  CHECK(c[0] == 256 && c.tile_dim[0] == 16);

  hc::tiled_extent<1> d(c);
  CHECK(d[0] == 256 && d.tile_dim[0] == 16);

  hc::tiled_extent<1> def;
  CHECK(def[0] == 0 && def.tile_dim[0] == 0);

  // A tiled_extent is an extent.
  const hc::extent<1> &as_extent = a;
  CHECK(as_extent == e);
  return 0;
}
