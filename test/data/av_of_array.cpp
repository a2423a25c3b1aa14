// RUN: %hcc %s -o %t && %t
// An array_view of an hc::array: kernels write the array through the view
// (captured by value), the array holds the results, and the host reads them
// through the view.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::array<int, 2> arr(8, 32);
  hc::array_view<int, 2> v(arr);
  CHECK(v.get_extent() == arr.get_extent());
  hc::parallel_for_each(v.get_extent(), [=](hc::index<2> i) [[hc]] {
    v[i] = i[0] - i[1];
  });
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 32; ++j)
      CHECK(v(i, j) == i - j);

  // The array itself got the data.
  std::vector<int> out(8 * 32);
  hc::copy(arr, out.begin());
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 32; ++j)
      CHECK(out[i * 32 + j] == i - j);

  // A const view of the array feeds another kernel.
  hc::array_view<const int, 2> cv(arr);
  std::vector<int> sums(8, 0);
  hc::array_view<int, 1> vs(8, sums);
  hc::parallel_for_each(vs.get_extent(), [=](hc::index<1> r) [[hc]] {
    int s = 0;
    for (int j = 0; j < 32; ++j)
      s += cv(r[0], j);
    vs[r] = s;
  });
  for (int i = 0; i < 8; ++i)
    CHECK(vs[i] == 32 * i - (31 * 32) / 2);
  return 0;
}
