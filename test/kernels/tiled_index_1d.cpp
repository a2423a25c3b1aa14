// RUN: %hcc %s -o %t && %t
// tiled_index<1> fields for a run-time tile size: global, local, tile,
// tile_origin and tile_dim, and the conversion to index<1> (the global
// index).
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main(int argc, char **argv) {
  const int n = 512;
  int t = argc > 100 ? std::atoi(argv[1]) : 32;  // not a compile-time constant
  std::vector<int> g(n, -1), l(n, -1), tl(n, -1), o(n, -1), d(n, -1), c(n, -1);
  hc::array_view<int, 1> vg(n, g), vl(n, l), vt(n, tl), vo(n, o), vd(n, d), vc(n, c);
  hc::tiled_extent<1> domain = hc::extent<1>(n).tile(t);
  hc::parallel_for_each(domain, [=](hc::tiled_index<1> ti) [[hc]] {
    int k = ti.global[0];
    hc::index<1> as_index = ti;
    vg[k] = k;
    vl[k] = ti.local[0];
    vt[k] = ti.tile[0];
    vo[k] = ti.tile_origin[0];
    vd[k] = ti.tile_dim[0];
    vc[k] = as_index[0];
  });
  for (int k = 0; k < n; ++k) {
    CHECK(vg[k] == k);
    CHECK(vl[k] == k % 32);
    CHECK(vt[k] == k / 32);
    CHECK(vo[k] == k / 32 * 32);
    CHECK(vd[k] == 32);
    CHECK(vc[k] == k);
  }
  return 0;
}
