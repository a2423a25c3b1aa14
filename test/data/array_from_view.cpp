// RUN: %hcc %s -o %t && %t
// An array constructed from an array_view takes the view's extent and a
// copy of its data.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> data(6 * 7);
  for (int i = 0; i < 42; ++i)
    data[i] = i * i;
  hc::array_view<const int, 2> view(6, 7, data);
  hc::array<int, 2> a(view);
  CHECK(a.get_extent() == hc::extent<2>(6, 7));

  data[0] = -1;  // the array does not follow its source
  std::vector<int> out(42);
  hc::copy(a, out.begin());
  for (int i = 0; i < 42; ++i)
    CHECK(out[i] == i * i);
  return 0;
}
