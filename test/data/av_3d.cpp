// RUN: %hcc %s -o %t && %t
// A 3-D array_view over host memory: element (i, j, k) is
// data[(i * d1 + j) * d2 + k].
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int d0 = 5, d1 = 6, d2 = 7;
  std::vector<int> data(d0 * d1 * d2, 0);
  hc::array_view<int, 3> v(d0, d1, d2, data);
  CHECK(v.get_extent() == hc::extent<3>(d0, d1, d2));
  hc::parallel_for_each(v.get_extent(), [=](hc::index<3> i) [[hc]] {
    v[i] = i[0] * 10000 + i[1] * 100 + i[2];
  });
  for (int i = 0; i < d0; ++i)
    for (int j = 0; j < d1; ++j)
      for (int k = 0; k < d2; ++k)
        CHECK(v(i, j, k) == i * 10000 + j * 100 + k);
  v.synchronize();
  for (int i = 0; i < d0; ++i)
    for (int j = 0; j < d1; ++j)
      for (int k = 0; k < d2; ++k)
        CHECK(data[(i * d1 + j) * d2 + k] == i * 10000 + j * 100 + k);
  return 0;
}
