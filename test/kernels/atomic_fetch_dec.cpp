// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_dec: n work-items decrementing a counter from n reach 0;
// the returned old values are n .. 1, each once.
#include <hc.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1 << 15;
  std::vector<int> counter(1, n), olds(n, -1);
  std::vector<unsigned> ucounter(1, (unsigned)n + 5u);
  hc::array_view<int, 1> c(1, counter), o(n, olds);
  hc::array_view<unsigned, 1> uc(1, ucounter);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    o[i] = hc::atomic_fetch_dec(&c[0]);
    hc::atomic_fetch_dec(&uc[0]);
  });
  CHECK(c[0] == 0);
  CHECK(uc[0] == 5u);
  o.synchronize();
  std::sort(olds.begin(), olds.end());
  for (int i = 0; i < n; ++i)
    CHECK(olds[i] == i + 1);
  return 0;
}
