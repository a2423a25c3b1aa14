// RUN: %hcc %s -o %t && %t
// Copies of an array_view are shallow: they view the same data, so writes
// through one (in a kernel or on the host) are seen through the others;
// assignment rebinds a view to other data.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> a(64, 0), b(64, 5);
  hc::array_view<int, 1> va(64, a);
  hc::array_view<int, 1> copy(va);
  hc::parallel_for_each(copy.get_extent(), [=](hc::index<1> i) [[hc]] {
    copy[i] = i[0];
  });
  for (int i = 0; i < 64; ++i)
    CHECK(va[i] == i);

  va[3] = 300;
  CHECK(copy[3] == 300);

  hc::array_view<int, 1> vb(64, b);
  copy = vb;  // now views b
  hc::parallel_for_each(copy.get_extent(), [=](hc::index<1> i) [[hc]] {
    copy[i] += 1;
  });
  for (int i = 0; i < 64; ++i) {
    CHECK(vb[i] == 6);
    CHECK(va[i] == (i == 3 ? 300 : i));
  }
  return 0;
}
