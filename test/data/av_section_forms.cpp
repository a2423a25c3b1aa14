// RUN: %hcc %s -o %t && %t
// The other section forms: section(origin) runs to the end, section(extent)
// starts at the origin, section(i0, e0) is the 1-D shorthand; sections of
// sections compose.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 100;
  std::vector<int> data(n, 0);
  hc::array_view<int, 1> v(n, data);

  hc::array_view<int, 1> tail = v.section(hc::index<1>(90));
  CHECK(tail.get_extent() == hc::extent<1>(10));
  hc::array_view<int, 1> head = v.section(hc::extent<1>(10));
  CHECK(head.get_extent() == hc::extent<1>(10));
  hc::array_view<int, 1> mid = v.section(40, 20);
  CHECK(mid.get_extent() == hc::extent<1>(20));
  hc::array_view<int, 1> inner = mid.section(5, 10);  // v[45, 55)

  hc::parallel_for_each(tail.get_extent(), [=](hc::index<1> i) [[hc]] { tail[i] = 1; });
  hc::parallel_for_each(head.get_extent(), [=](hc::index<1> i) [[hc]] { head[i] = 2; });
  hc::parallel_for_each(mid.get_extent(), [=](hc::index<1> i) [[hc]] { mid[i] += 3; });
  hc::parallel_for_each(inner.get_extent(), [=](hc::index<1> i) [[hc]] { inner[i] += 10; });

  v.synchronize();
  for (int i = 0; i < n; ++i) {
    int expected = 0;
    if (i >= 90) expected = 1;
    if (i < 10) expected = 2;
    if (i >= 40 && i < 60) expected += 3;
    if (i >= 45 && i < 55) expected += 10;
    CHECK(data[i] == expected);
  }
  return 0;
}
