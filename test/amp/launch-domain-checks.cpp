// RUN: %hcc -std=c++amp %s -o %t && %t
// C++ AMP's rules for compute domains: parallel_for_each throws
// invalid_compute_domain for an extent with a dimension <= 0, for more than
// 2^32 - 1 work-items, and, tiled, for tile sizes that do not divide the
// extent or exceed it. (hc mode runs nothing for an empty domain and runs
// partial edge tiles: test/compat.)
#include <amp.h>
#include <climits>
#include <cstdio>

#include "../Inputs/checks.hpp"

using namespace concurrency;

template <class Domain> bool rejected(const Domain &d) {
  try {
    parallel_for_each(d, [](index<Domain::rank>) restrict(amp) {});
  } catch (const invalid_compute_domain &) {
    return true;
  }
  return false;
}

template <int D0, int D1, int D2>
bool rejected(const tiled_extent<D0, D1, D2> &d) {
  try {
    parallel_for_each(accelerator().get_default_view(), d,
                      [](tiled_index<D0, D1, D2>) restrict(amp) {});
  } catch (const invalid_compute_domain &) {
    return true;
  }
  return false;
}

int main() {
  hcc_test::checks check;
  check(rejected(extent<1>(0)), "empty extent");
  check(rejected(extent<2>(16, 0)), "empty dimension");
  check(rejected(extent<3>(4, -1, 4)), "negative dimension");
  check(rejected(extent<2>(65536, 65536)), "2^32 work-items");
  check(rejected(extent<1>(1764).tile<19>()), "tile does not divide");
  check(rejected(extent<2>(32, 30).tile<8, 8>()), "tile does not divide (rank 2)");
  check(rejected(extent<1>(1023).tile<1024>()), "tile larger than extent");
  check(rejected(extent<1>(INT_MAX).tile<2>()), "odd extent, tile 2");
  check(rejected(extent<2>(0, 8).tile<4, 4>()), "empty tiled extent");

  // What is allowed runs.
  std::vector<int> host(64);
  array_view<int, 1> v(64, host);
  parallel_for_each(v.get_extent().tile<16>(),
                    [=](tiled_index<16> t) restrict(amp) { v[t] = 1; });
  parallel_for_each(v.get_extent(), [=](index<1> i) restrict(amp) { v[i] += 1; });
  check(v[0] == 2 && v[63] == 2, "valid launches run");
  if (check.failures == 0)
    std::printf("launch domain checks: ok\n");
  return check.failures;
}
