// RUN: %hcc %s -o %t && %t
// An array converts to a std::vector holding a copy of its elements.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::array<double, 2> a(16, 16);
  hc::parallel_for_each(a.get_extent(), [&](hc::index<2> i) [[hc]] {
    a[i] = i[0] * 0.25 + i[1];
  });
  std::vector<double> v = a;
  CHECK(v.size() == 256u);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j)
      CHECK(v[i * 16 + j] == i * 0.25 + j);
  return 0;
}
