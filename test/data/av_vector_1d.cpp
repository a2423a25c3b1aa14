// RUN: %hcc %s -o %t && %t
// A 1-D array_view over a std::vector: a kernel writes through it, the host
// reads the results through the view.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 5000;
  std::vector<int> data(n);
  for (int i = 0; i < n; ++i)
    data[i] = i;
  hc::array_view<int, 1> v(n, data);
  CHECK(v.get_extent() == hc::extent<1>(n));
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = v[i] * v[i];
  });
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == i * i);
  CHECK(v(7) == 49);
  return 0;
}
