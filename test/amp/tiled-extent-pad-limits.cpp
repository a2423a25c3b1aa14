// RUN: %hcc -std=c++amp %s -o %t && %t
// tiled_extent::pad() and truncate() near INT_MAX: an extent the tiles
// already divide stays as it is (no overflow rounding up), others round to
// the next / previous multiple of the tile sizes.
#include <amp.h>
#include <climits>
#include <cstdio>

#include "../Inputs/checks.hpp"

using namespace concurrency;

int main() {
  hcc_test::checks check;
  auto t1 = extent<1>(INT_MAX - 1).tile<INT_MAX - 1>();
  check(t1.pad()[0] == INT_MAX - 1, "rank 1, one tile of INT_MAX - 1");
  auto t2 = extent<2>(INT_MAX - 1, INT_MAX - 11).tile<INT_MAX - 1, INT_MAX - 11>();
  check(t2.pad() == t2 && t2.truncate() == t2, "rank 2 near INT_MAX");
  auto t3 = extent<3>(3, 40, INT_MAX - 111).tile<1, 8, INT_MAX - 111>();
  check(t3.pad()[2] == INT_MAX - 111, "rank 3 near INT_MAX");
  auto t4 = extent<2>(20, 40).tile<16, 16>();
  check(t4.pad() == extent<2>(32, 48) && t4.truncate() == extent<2>(16, 32),
        "ordinary rounding");
  if (check.failures == 0)
    std::printf("pad limits: ok\n");
  return check.failures;
}
