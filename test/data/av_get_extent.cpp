// RUN: %hcc %s -o %t && %t
// get_extent() of views, sections, projections and const views; kernels can
// call it too.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> data(2 * 3 * 4, 0);
  hc::array_view<int, 3> v(2, 3, 4, data);
  CHECK(v.get_extent() == hc::extent<3>(2, 3, 4));
  CHECK(v[1].get_extent() == hc::extent<2>(3, 4));
  CHECK(v[1][2].get_extent() == hc::extent<1>(4));
  CHECK(v.section(hc::index<3>(1, 1, 1)).get_extent() == hc::extent<3>(1, 2, 3));
  hc::array_view<const int, 3> c(v);
  CHECK(c.get_extent() == v.get_extent());
  CHECK((hc::array_view<int, 3>::rank) == 3);

  std::vector<int> out(3, 0);
  hc::array_view<int, 1> o(3, out);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] {
    hc::extent<3> e = v.get_extent();
    o[0] = e[0];
    o[1] = e[1];
    o[2] = e[2];
  });
  CHECK(o[0] == 2 && o[1] == 3 && o[2] == 4);
  return 0;
}
