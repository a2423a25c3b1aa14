// RUN: %hcc %s -o %t && %t
// Dynamic group segment: a tiled_extent asks for extra group memory per tile
// at launch (set_dynamic_group_segment_size / tile_with_dynamic), and the
// kernel reaches it through hc::get_dynamic_group_segment_base_pointer();
// it is shared within a tile.
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main(int argc, char **argv) {
  const int n = 4096;
  int tile = argc > 100 ? std::atoi(argv[1]) : 128;  // run-time tile size
  std::vector<int> out(n, -1);
  hc::array_view<int, 1> vo(n, out);

  hc::tiled_extent<1> domain = hc::extent<1>(n).tile(tile);
  domain.set_dynamic_group_segment_size(tile * sizeof(int));
  hc::parallel_for_each(domain, [=](hc::tiled_index<1> t) [[hc]] {
    int *shared = static_cast<int *>(hc::get_dynamic_group_segment_base_pointer());
    int size = t.tile_dim[0];
    shared[t.local[0]] = t.global[0];
    t.barrier.wait();
    vo[t.global] = shared[size - 1 - t.local[0]];
  });
  for (int k = 0; k < n; ++k)
    CHECK(vo[k] == k / 128 * 128 + (127 - k % 128));

  // The same through tile_with_dynamic, with doubles and a 2-D tile.
  std::vector<double> out2(64 * 64, 0.0);
  hc::array_view<double, 2> vo2(64, 64, out2);
  hc::tiled_extent<2> domain2 =
      hc::extent<2>(64, 64).tile_with_dynamic(8, 16, 8 * 16 * sizeof(double));
  hc::parallel_for_each(domain2, [=](hc::tiled_index<2> t) [[hc]] {
    double *shared = static_cast<double *>(hc::get_dynamic_group_segment_base_pointer());
    int lin = t.local[0] * 16 + t.local[1];
    shared[lin] = t.global[0] * 100.0 + t.global[1];
    t.barrier.wait();
    double s = 0.0;
    for (int k = 0; k < 8 * 16; ++k)
      s += shared[k];
    vo2[t.global] = s;
  });
  for (int i = 0; i < 64; ++i)
    for (int j = 0; j < 64; ++j) {
      int oi = i / 8 * 8, oj = j / 16 * 16;
      double s = 0.0;
      for (int a = 0; a < 8; ++a)
        for (int b = 0; b < 16; ++b)
          s += (oi + a) * 100.0 + (oj + b);
      CHECK(vo2(i, j) == s);
    }
  return 0;
}
