// RUN: %hcc %s -o %t && %t
// The annotation of the kernel lambda is optional: an unannotated lambda
// passed to parallel_for_each is compiled for the accelerator.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> out(16 * 16, 0);
  hc::array_view<int, 2> v(16, 16, out);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<2> i) {
    v[i] = i[0] * i[1];
  });
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      CHECK(v(i, j) == i * j);
  hc::parallel_for_each(v.get_extent().tile(4, 4), [=](hc::tiled_index<2> t) {
    v[t.global] = t.tile[0] * 10 + t.tile[1];
  });
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      CHECK(v(i, j) == (i / 4) * 10 + j / 4);
  return 0;
}
