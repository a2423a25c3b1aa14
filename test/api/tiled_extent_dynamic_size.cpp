// RUN: %hcc %s -o %t && %t
// The dynamic group segment size of a tiled_extent: zero by default, set by
// set_dynamic_group_segment_size(), the size constructors and
// extent::tile_with_dynamic(), and kept by copies.
#include <hc.hpp>
#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::tiled_extent<1> a = hc::extent<1>(64).tile(16);
  CHECK(a.get_dynamic_group_segment_size() == 0u);
  a.set_dynamic_group_segment_size(512);
  CHECK(a.get_dynamic_group_segment_size() == 512u);
  hc::tiled_extent<1> a2(a);
  CHECK(a2.get_dynamic_group_segment_size() == 512u);

  hc::tiled_extent<2> b(hc::extent<2>(8, 8), 4, 4, 256);
  CHECK(b.get_dynamic_group_segment_size() == 256u);
  CHECK(b.tile_dim[0] == 4 && b.tile_dim[1] == 4);

  hc::tiled_extent<3> c(8, 8, 8, 2, 2, 2, 128);
  CHECK(c.get_dynamic_group_segment_size() == 128u);

  hc::tiled_extent<1> d = hc::extent<1>(64).tile_with_dynamic(32, 1024);
  CHECK(d.tile_dim[0] == 32 && d.get_dynamic_group_segment_size() == 1024u);
  hc::tiled_extent<2> e = hc::extent<2>(8, 8).tile_with_dynamic(2, 4, 64);
  CHECK(e.tile_dim[1] == 4 && e.get_dynamic_group_segment_size() == 64u);
  hc::tiled_extent<3> f = hc::extent<3>(4, 4, 4).tile_with_dynamic(1, 2, 4, 32);
  CHECK(f.tile_dim[2] == 4 && f.get_dynamic_group_segment_size() == 32u);
  return 0;
}
