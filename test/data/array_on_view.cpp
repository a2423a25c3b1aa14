// RUN: %hcc %s -o %t && %t
// An array constructed on an accelerator_view lives there
// (get_accelerator_view()) and a kernel on that view can use it.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator acc;
  hc::accelerator_view av = acc.create_view();
  hc::array<int, 1> a(hc::extent<1>(512), av);
  CHECK(a.get_accelerator_view() == av);
  hc::array<int, 1> d(512);
  CHECK(d.get_accelerator_view() == acc.get_default_view());

  hc::parallel_for_each(av, a.get_extent(), [&](hc::index<1> i) [[hc]] {
    a[i] = 512 - i[0];
  }).wait();
  std::vector<int> out(512);
  hc::copy(a, out.begin());
  for (int i = 0; i < 512; ++i)
    CHECK(out[i] == 512 - i);
  return 0;
}
