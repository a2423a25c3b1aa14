// RUN: %hcc %s -o %t && %t
// hc::copy between array_views, including const sources and non-contiguous
// sections, and array_view::copy_to.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 300;
  std::vector<float> a(n), b(n, 0.0f), c(n, 0.0f);
  for (int i = 0; i < n; ++i)
    a[i] = i * 0.25f;
  hc::array_view<const float, 1> va(n, a);
  hc::array_view<float, 1> vb(n, b), vc(n, c);
  hc::copy(va, vb);
  vb.copy_to(vc);
  vc.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(c[i] == i * 0.25f);

  // Section (strided rows) to section of another view.
  std::vector<int> g1(10 * 10), g2(10 * 10, -1);
  for (int i = 0; i < 100; ++i)
    g1[i] = i;
  hc::array_view<int, 2> v1(10, 10, g1), v2(10, 10, g2);
  hc::copy(v1.section(hc::index<2>(1, 1), hc::extent<2>(3, 5)),
           v2.section(hc::index<2>(6, 4), hc::extent<2>(3, 5)));
  v2.synchronize();
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 10; ++j) {
      bool inside = i >= 6 && i < 9 && j >= 4 && j < 9;
      int expected = inside ? (i - 5) * 10 + (j - 3) : -1;
      CHECK(g2[i * 10 + j] == expected);
    }

  // A view written by a kernel is copied with its current contents.
  hc::parallel_for_each(vb.get_extent(), [=](hc::index<1> i) [[hc]] {
    vb[i] = -1.0f * i[0];
  });
  hc::copy(vb, vc);
  vc.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(c[i] == -1.0f * i);
  return 0;
}
