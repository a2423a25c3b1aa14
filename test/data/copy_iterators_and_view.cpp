// RUN: %hcc %s -o %t && %t
// hc::copy from host iterators into an array_view (with and without the end
// iterator) and from an array_view out to an output iterator.
#include <hc.hpp>
#include <cstdio>
#include <list>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 200;
  std::vector<int> store(n, 0);
  hc::array_view<int, 1> v(n, store);

  // From a non-contiguous container.
  std::list<int> src;
  for (int i = 0; i < n; ++i)
    src.push_back(i + 1000);
  hc::copy(src.begin(), src.end(), v);
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == i + 1000);

  std::vector<int> src2(n);
  for (int i = 0; i < n; ++i)
    src2[i] = -i;
  hc::copy(src2.begin(), v);
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == -i);

  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] { v[i] *= 3; });
  std::vector<int> out(n, 0);
  hc::copy(v, out.begin());
  for (int i = 0; i < n; ++i)
    CHECK(out[i] == -3 * i);

  // 2-D section out to an iterator: row-major order of the section.
  std::vector<int> grid(8 * 8);
  for (int i = 0; i < 64; ++i)
    grid[i] = i;
  hc::array_view<int, 2> g(8, 8, grid);
  std::vector<int> sec(6, 0);
  hc::copy(g.section(hc::index<2>(5, 2), hc::extent<2>(2, 3)), sec.begin());
  int expected[6] = {42, 43, 44, 50, 51, 52};
  for (int i = 0; i < 6; ++i)
    CHECK(sec[i] == expected[i]);
  return 0;
}
