// RUN: %hcc %s -o %t && %t
// Projection: view[i] of an N-D array_view is an (N-1)-D view of row i, on
// the host and in kernels; view[i][j] reaches single elements.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int d0 = 4, d1 = 5, d2 = 6;
  std::vector<int> data(d0 * d1 * d2, 0);
  hc::array_view<int, 3> v(d0, d1, d2, data);

  // Host projection: a 2-D view of plane 2.
  hc::array_view<int, 2> plane = v[2];
  CHECK(plane.get_extent() == hc::extent<2>(d1, d2));
  hc::array_view<int, 1> row = plane[3];
  CHECK(row.get_extent() == hc::extent<1>(d2));

  hc::parallel_for_each(plane.get_extent(), [=](hc::index<2> i) [[hc]] {
    plane[i] = 1000 + i[0] * 10 + i[1];
  });
  hc::parallel_for_each(row.get_extent(), [=](hc::index<1> i) [[hc]] {
    row[i] += 5000;
  });
  // Projection inside a kernel.
  hc::parallel_for_each(hc::extent<2>(d1, d2), [=](hc::index<2> i) [[hc]] {
    v[0][i[0]][i[1]] = 7;
  });

  for (int i = 0; i < d0; ++i)
    for (int j = 0; j < d1; ++j)
      for (int k = 0; k < d2; ++k) {
        int expected = 0;
        if (i == 0) expected = 7;
        if (i == 2) expected = 1000 + j * 10 + k + (j == 3 ? 5000 : 0);
        CHECK(v(i, j, k) == expected);
        CHECK(v[i][j][k] == expected);
      }
  return 0;
}
