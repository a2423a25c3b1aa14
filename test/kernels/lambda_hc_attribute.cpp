// RUN: %hcc %s -o %t && %t
// The [[hc]] annotation after a lambda's parameter list (the original hcc's
// spelling), on non-tiled and tiled kernels and on a lambda called from a
// kernel.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> out(256, 0);
  hc::array_view<int, 1> v(256, out);
  auto helper = [](int x) [[hc]] { return x + 1; };
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = helper(i[0]);
  });
  for (int i = 0; i < 256; ++i)
    CHECK(v[i] == i + 1);
  hc::parallel_for_each(v.get_extent().tile(64), [=](hc::tiled_index<1> t) [[hc]] {
    v[t.global] = t.local[0];
  });
  for (int i = 0; i < 256; ++i)
    CHECK(v[i] == i % 64);
  // mutable lambdas too
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) mutable [[hc]] {
    v[i] = 2 * i[0];
  });
  for (int i = 0; i < 256; ++i)
    CHECK(v[i] == 2 * i);
  return 0;
}
