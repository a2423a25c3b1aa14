// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// parallel_for_each<D0 [, D1 [, D2]]>(extent, kernel): tile sizes given as
// template arguments and a plain extent, which converts to the tiled_extent
// they name, with or without an accelerator_view first.
#include <amp.h>
#include <cstdio>
#include <vector>

#include "../Inputs/checks.hpp"

using namespace concurrency;

int main() {
  hcc_test::checks check;
  std::vector<int> host(8 * 8);
  array_view<int, 2> v(8, 8, host);

  parallel_for_each<4, 4>(v.get_extent(), [=](tiled_index<4, 4> t) restrict(amp) {
    v[t.global] = t.tile[0] * 10 + t.tile[1];
  });
  check(v(7, 7) == 11 && v(0, 5) == 1, "rank 2, tile sizes given");

  accelerator_view av = accelerator().get_default_view();
  array_view<int, 1> line(8, host);
  parallel_for_each<2>(av, line.get_extent(), [=](tiled_index<2> t) restrict(amp) {
    line[t.global] = t.local[0];
  });
  check(line[0] == 0 && line[3] == 1, "rank 1 on a view, tile sizes given");

  array_view<int, 3> cube(2, 4, 8, host);
  parallel_for_each<1, 2, 4>(cube.get_extent(), [=](tiled_index<1, 2, 4> t) restrict(amp) {
    cube[t.global] = t.tile[2];
  });
  check(cube(1, 3, 7) == 1 && cube(0, 0, 3) == 0, "rank 3, tile sizes given");

  // The domain rules of tiled launches still hold.
  bool threw = false;
  try {
    parallel_for_each<3>(extent<1>(8), [=](tiled_index<3>) restrict(amp) {});
  } catch (const invalid_compute_domain &) {
    threw = true;
  }
  check(threw, "tile 3 does not divide 8");

  // CHECK: explicit tile sizes: ok
  if (check.failures == 0)
    std::printf("explicit tile sizes: ok\n");
  return check.failures;
}
