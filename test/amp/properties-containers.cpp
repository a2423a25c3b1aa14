// RUN: %hcc -std=c++amp %s -o %t && %t
// C++ AMP's properties of array (extent, accelerator_view,
// associated_accelerator_view, cpu_access_type), array_view (extent),
// tiled_extent and tiled_index (tile_extent) read what their get_
// functions return; rank is a static member of each.
#include <amp.h>
#include <cstdio>
#include <vector>

#include "../Inputs/checks.hpp"

using namespace concurrency;

int main() {
  hcc_test::checks check;
  accelerator_view av = accelerator().get_default_view();
  array<int, 2> a(4, 8, av);
  extent<2> e = a.extent;
  check(e == a.get_extent() && a.extent[1] == 8, "array::extent");
  check(a.accelerator_view == av, "array::accelerator_view");
  check(a.associated_accelerator_view == a.get_associated_accelerator_view(),
        "array::associated_accelerator_view");
  check(a.cpu_access_type == a.get_cpu_access_type(), "array::cpu_access_type");
  check(a.rank == 2 && array<int, 3>::rank == 3, "array::rank");

  std::vector<int> host(12);
  array_view<int, 2> v(3, 4, host);
  array_view<const int, 2> cv(v);
  check(v.extent == extent<2>(3, 4) && cv.extent == v.get_extent(),
        "array_view::extent");
  check(v.rank == 2 && array_view<int, 1>::rank == 1, "array_view::rank");
  check(e.rank == 2 && index<3>::rank == 3, "extent::rank, index::rank");

  tiled_extent<2, 4> te = a.extent.tile<2, 4>();
  check(te.tile_extent == extent<2>(2, 4) && te.tile_extent == te.get_tile_extent(),
        "tiled_extent::tile_extent");
  check(te.rank == 2 && te.tile_dim0 == 2 && te.tile_dim1 == 4,
        "tiled_extent::rank, tile_dim0/1");

  // tiled_index: tile_extent in a kernel, and the data members.
  array_view<int, 2> out(4, 8);
  parallel_for_each(te, [=](tiled_index<2, 4> t) restrict(amp) {
    out[t.global] = t.tile_extent[0] * 10 + t.tile_extent[1] +
                    (t.tile_origin + t.local == t.global ? 100 : 0);
  });
  check(out(3, 7) == 124 && out(0, 0) == 124, "tiled_index::tile_extent");
  if (check.failures == 0)
    std::printf("container properties: ok\n");
  return check.failures;
}
