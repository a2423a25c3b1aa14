// RUN: %hcc %s -o %t && %t
// Copy-constructing an array is a deep copy: changing the copy in a kernel
// leaves the original as it was.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> init(256);
  for (int i = 0; i < 256; ++i)
    init[i] = i;
  hc::array<int, 1> a(256, init.begin(), init.end());
  hc::array<int, 1> b(a);
  CHECK(b.get_extent() == a.get_extent());
  CHECK(b.get_accelerator_view() == a.get_accelerator_view());

  hc::parallel_for_each(b.get_extent(), [&](hc::index<1> i) [[hc]] {
    b[i] = b[i] * 10;
  }).wait();

  std::vector<int> oa(256), ob(256);
  hc::copy(a, oa.begin());
  hc::copy(b, ob.begin());
  for (int i = 0; i < 256; ++i) {
    CHECK(oa[i] == i);
    CHECK(ob[i] == 10 * i);
  }
  return 0;
}
