// RUN: %hcc %s -o %t && %t
// Inside a kernel a 2-D array can be indexed with index<2>, with (i, j) and
// with a projection a[i][j]; all address the same row-major element.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int rows = 12, cols = 9;
  hc::array<int, 2> a(rows, cols), b(rows, cols), c(rows, cols);
  hc::parallel_for_each(a.get_extent(), [&](hc::index<2> idx) [[hc]] {
    int i = idx[0], j = idx[1];
    a[idx] = i * cols + j;
    b(i, j) = i * cols + j + 1000;
    c[i][j] = i * cols + j + 2000;
  });
  std::vector<int> oa(rows * cols), ob(rows * cols), oc(rows * cols);
  hc::copy(a, oa.begin());
  hc::copy(b, ob.begin());
  hc::copy(c, oc.begin());
  for (int k = 0; k < rows * cols; ++k) {
    CHECK(oa[k] == k);
    CHECK(ob[k] == k + 1000);
    CHECK(oc[k] == k + 2000);
  }
  return 0;
}
