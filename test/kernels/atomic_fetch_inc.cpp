// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_inc: n work-items incrementing one counter reach n; the
// returned old values are 0 .. n-1, each once.
#include <hc.hpp>
#include <algorithm>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1 << 15;
  std::vector<int> counter(1, 0), olds(n, -1);
  std::vector<unsigned> ucounter(1, 100u);
  hc::array_view<int, 1> c(1, counter), o(n, olds);
  hc::array_view<unsigned, 1> uc(1, ucounter);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    o[i] = hc::atomic_fetch_inc(&c[0]);
    hc::atomic_fetch_inc(&uc[0]);
  });
  CHECK(c[0] == n);
  CHECK(uc[0] == 100u + n);
  o.synchronize();
  std::sort(olds.begin(), olds.end());
  for (int i = 0; i < n; ++i)
    CHECK(olds[i] == i);
  return 0;
}
