// RUN: %hcc %s -o %t && %t
// An array_view constructed from an extent alone (no data source) gets its
// storage from the runtime: kernels write it and the host reads it.
#include <hc.hpp>
#include <cstdio>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::array_view<int, 2> v(hc::extent<2>(16, 16));
  CHECK(v.get_extent() == hc::extent<2>(16, 16));
  hc::parallel_for_each(v.get_extent(), [=](hc::index<2> i) [[hc]] {
    v[i] = i[0] * 16 + i[1];
  });
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      CHECK(v(i, j) == i * 16 + j);
  return 0;
}
