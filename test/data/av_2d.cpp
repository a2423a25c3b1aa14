// RUN: %hcc %s -o %t && %t
// A 2-D array_view over host memory is row-major: element (i, j) is
// data[i * cols + j], in kernels and on the host.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int rows = 33, cols = 17;
  std::vector<int> data(rows * cols, 0);
  hc::array_view<int, 2> v(rows, cols, data);
  CHECK(v.get_extent() == hc::extent<2>(rows, cols));
  hc::parallel_for_each(v.get_extent(), [=](hc::index<2> i) [[hc]] {
    v[i] = i[0] * 1000 + i[1];
  });
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      CHECK(v(i, j) == i * 1000 + j);
      CHECK(v[hc::index<2>(i, j)] == i * 1000 + j);
    }
  v.synchronize();
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j)
      CHECK(data[i * cols + j] == i * 1000 + j);
  return 0;
}
