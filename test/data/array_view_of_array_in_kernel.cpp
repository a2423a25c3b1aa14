// RUN: %hcc %s -o %t && %t
// A view of an array made inside a kernel (explicitly, or by projecting a
// rank-2 array with a[i]) addresses the array's data where the kernel runs.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int rows = 7, cols = 33;
  hc::array<float, 2> a(rows, cols);
  hc::array<float, 1> sums(rows);
  hc::parallel_for_each(a.get_extent(), [&](hc::index<2> idx) [[hc]] {
    hc::array_view<float, 2> v(a);
    v[idx] = 0.5f * (idx[0] * cols + idx[1]);
  });
  hc::parallel_for_each(sums.get_extent(), [&](hc::index<1> r) [[hc]] {
    hc::array_view<float, 1> row = a[r[0]];
    float s = 0;
    for (int j = 0; j < cols; ++j)
      s += row[j];
    sums[r] = s;
  });
  std::vector<float> out = sums;
  for (int i = 0; i < rows; ++i) {
    float expect = 0;
    for (int j = 0; j < cols; ++j)
      expect += 0.5f * (i * cols + j);
    CHECK(out[i] == expect);
  }
  return 0;
}
