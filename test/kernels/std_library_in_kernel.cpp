// RUN: %hcc %s -o %t && %t
// Header-only parts of the C++ standard library (std::min, std::max,
// std::swap, std::numeric_limits, std::pair, std::array) work inside
// kernels.
#include <hc.hpp>
#include <algorithm>
#include <array>
#include <cstdio>
#include <limits>
#include <utility>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 200;
  std::vector<int> out(n, 0);
  hc::array_view<int, 1> v(n, out);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    int a = i[0], b = 100;
    std::swap(a, b);  // a = 100, b = i
    std::pair<int, int> p(std::min(a, b), std::max(a, b));
    std::array<int, 3> arr = {{p.first, p.second, 1}};
    int big = std::numeric_limits<int>::max() > 1000000 ? 1 : 0;
    v[i] = arr[0] * 1000 + arr[1] + arr[2] * big;
  });
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == std::min(i, 100) * 1000 + std::max(i, 100) + 1);
  return 0;
}
