// RUN: %hcc %s -o %t && %t
// The __attribute__((hc)) annotation after a lambda's parameter list, and
// hcc's __HC__ macro in the same place.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> out(300, 0);
  hc::array_view<int, 1> v(300, out);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) __attribute__((hc)) {
    v[i] = 3 * i[0];
  });
  for (int i = 0; i < 300; ++i)
    CHECK(v[i] == 3 * i);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) __HC__ {
    v[i] += 1;
  });
  for (int i = 0; i < 300; ++i)
    CHECK(v[i] == 3 * i + 1);
  return 0;
}
