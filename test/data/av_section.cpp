// RUN: %hcc %s -o %t && %t
// array_view::section(origin, extent) of a 2-D view: a kernel over the
// section changes exactly that window of the underlying data.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int rows = 20, cols = 30;
  std::vector<int> data(rows * cols, 0);
  hc::array_view<int, 2> v(rows, cols, data);
  hc::array_view<int, 2> s = v.section(hc::index<2>(5, 10), hc::extent<2>(8, 12));
  CHECK(s.get_extent() == hc::extent<2>(8, 12));
  hc::parallel_for_each(s.get_extent(), [=](hc::index<2> i) [[hc]] {
    s[i] = 1 + i[0] * 100 + i[1];
  });
  // The section's (0, 0) is the view's (5, 10).
  CHECK(s(0, 0) == v(5, 10));
  v.synchronize();
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      bool inside = i >= 5 && i < 13 && j >= 10 && j < 22;
      int expected = inside ? 1 + (i - 5) * 100 + (j - 10) : 0;
      CHECK(data[i * cols + j] == expected);
    }
  return 0;
}
