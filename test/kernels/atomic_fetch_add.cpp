// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_add: many work-items adding 1 to one int / unsigned
// counter give the exact count, and the returned old values are all
// distinct (0 .. n-1).
#include <hc.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1 << 16;
  std::vector<int> counter(1, 0), olds(n, -1);
  std::vector<unsigned> ucounter(1, 0u);
  hc::array_view<int, 1> c(1, counter), o(n, olds);
  hc::array_view<unsigned, 1> uc(1, ucounter);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    o[i] = hc::atomic_fetch_add(&c[0], 1);
    hc::atomic_fetch_add(&uc[0], 3u);
  });
  CHECK(c[0] == n);
  CHECK(uc[0] == 3u * n);
  o.synchronize();
  std::sort(olds.begin(), olds.end());
  for (int i = 0; i < n; ++i)
    CHECK(olds[i] == i);
  return 0;
}
