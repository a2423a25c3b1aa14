// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_sub: n work-items subtracting 1 from n reach exactly 0;
// the old values are n .. 1, each once.
#include <hc.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1 << 15;
  std::vector<int> counter(1, n), olds(n, 0);
  std::vector<unsigned> ucounter(1, 2u * n);
  hc::array_view<int, 1> c(1, counter), o(n, olds);
  hc::array_view<unsigned, 1> uc(1, ucounter);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    o[i] = hc::atomic_fetch_sub(&c[0], 1);
    hc::atomic_fetch_sub(&uc[0], 2u);
  });
  CHECK(c[0] == 0);
  CHECK(uc[0] == 0u);
  o.synchronize();
  std::sort(olds.begin(), olds.end());
  for (int i = 0; i < n; ++i)
    CHECK(olds[i] == i + 1);
  return 0;
}
