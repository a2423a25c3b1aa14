// RUN: %hcc %s -o %t && %t
// hc::copy between arrays and array_views, both directions, including const
// source views and sections.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 512;
  std::vector<int> src(n), dst(n, 0), dst2(n, 0);
  for (int i = 0; i < n; ++i)
    src[i] = i ^ 0x55;

  hc::array<int, 1> a(n);
  hc::array_view<const int, 1> vsrc(n, src);
  hc::copy(vsrc, a);  // view<const T> -> array

  hc::array_view<int, 1> vdst(n, dst);
  hc::copy(a, vdst);  // array -> view
  for (int i = 0; i < n; ++i)
    CHECK(vdst[i] == (i ^ 0x55));

  hc::array<int, 1> b(n);
  hc::copy(vdst, b);  // view<T> -> array
  hc::array_view<int, 1> vdst2(n, dst2);
  b.copy_to(vdst2);   // array::copy_to(view)
  vdst2.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(dst2[i] == (i ^ 0x55));

  // A 2-D section of a view copied into a small array and back out.
  std::vector<int> grid(16 * 16);
  for (int i = 0; i < 256; ++i)
    grid[i] = i;
  hc::array_view<int, 2> vg(16, 16, grid);
  hc::array<int, 2> small(4, 4);
  hc::copy(vg.section(hc::index<2>(2, 3), hc::extent<2>(4, 4)), small);
  std::vector<int> out(16);
  hc::copy(small, out.begin());
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      CHECK(out[i * 4 + j] == (2 + i) * 16 + (3 + j));
  return 0;
}
