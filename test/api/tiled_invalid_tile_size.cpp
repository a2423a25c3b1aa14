// RUN: %hcc %s -o %t && %t
// A tiled parallel_for_each with an impossible tile (a zero or negative tile
// size, or more work-items per tile than any accelerator allows) throws
// hc::invalid_compute_domain instead of launching.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

template <int N, typename Kernel>
static bool rejects(const hc::tiled_extent<N> &domain, const Kernel &k) {
  try {
    hc::parallel_for_each(domain, k).wait();
  } catch (const hc::invalid_compute_domain &) {
    return true;
  } catch (const hc::runtime_exception &e) {
    std::fprintf(stderr, "runtime_exception that is not invalid_compute_domain: %s\n", e.what());
    return false;
  }
  return false;
}

int main() {
  std::vector<int> data(1, 0);
  hc::array_view<int, 1> v(1, data);
  auto k1 = [=](hc::tiled_index<1> t) [[hc]] { v[0] = 1; };
  auto k2 = [=](hc::tiled_index<2> t) [[hc]] { v[0] = 2; };
  auto k3 = [=](hc::tiled_index<3> t) [[hc]] { v[0] = 3; };

  CHECK(rejects(hc::extent<1>(64).tile(0), k1));
  CHECK(rejects(hc::extent<1>(64).tile(-8), k1));
  CHECK(rejects(hc::extent<2>(64, 64).tile(8, 0), k2));
  CHECK(rejects(hc::extent<3>(8, 8, 8).tile(0, 2, 2), k3));
  // 4096 work-items in one tile: more than any supported device runs.
  CHECK(rejects(hc::extent<1>(8192).tile(4096), k1));
  CHECK(rejects(hc::extent<2>(128, 128).tile(64, 64), k2));
  CHECK(v[0] == 0);
  return 0;
}
