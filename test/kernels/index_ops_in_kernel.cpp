// RUN: %hcc %s -o %t && %t
// index and extent arithmetic, comparisons and contains() work inside
// kernels, as in host code.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int r = 20, c = 30;
  std::vector<int> out(r * c, -1);
  hc::array_view<int, 2> v(r, c, out);
  hc::extent<2> e(r, c);
  hc::parallel_for_each(e, [=](hc::index<2> i) [[hc]] {
    hc::index<2> right = i + hc::index<2>(0, 1);
    hc::index<2> twice = i * 2;
    hc::index<2> back = twice / 2 - i;  // (0, 0)
    hc::extent<2> half = e / 2;
    int code = 0;
    if (e.contains(right)) code |= 1;
    if (half.contains(i)) code |= 2;
    if (back == hc::index<2>(0, 0)) code |= 4;
    if (right != i) code |= 8;
    hc::index<2> j = i;
    ++j;
    j -= 1;
    if (j == i) code |= 16;
    v[i] = code;
  });
  for (int i = 0; i < r; ++i)
    for (int j = 0; j < c; ++j) {
      int code = 4 | 8 | 16;
      if (j + 1 < c) code |= 1;
      if (i < r / 2 && j < c / 2) code |= 2;
      CHECK(v(i, j) == code);
    }
  return 0;
}
