// RUN: %hcc %s -o %t && %t
// Kernels may take their index by (const or non-const) reference, as many
// hcc programs do: [&](hc::tiled_index<1>& idx) and (const hc::index<2>&).
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 256;
  std::vector<int> a(n, 0), b(16 * 16, 0);
  hc::array_view<int, 1> va(n, a);
  hc::array_view<int, 2> vb(16, 16, b);
  hc::parallel_for_each(hc::extent<1>(n).tile(32), [=](hc::tiled_index<1> &idx) [[hc]] {
    va[idx.global] = idx.local[0];
  });
  hc::parallel_for_each(vb.get_extent(), [=](const hc::index<2> &idx) [[hc]] {
    vb[idx] = idx[0] + idx[1];
  });
  for (int i = 0; i < n; ++i)
    CHECK(va[i] == i % 32);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      CHECK(vb(i, j) == i + j);
  return 0;
}
