// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_add and atomic_fetch_sub on float: sums of values that
// are exact in binary floating point come out exact.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1 << 14;
  std::vector<float> acc(2, 0.0f);
  acc[1] = 1000.0f;
  hc::array_view<float, 1> v(2, acc);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_add(&v[0], (i[0] % 2) ? 0.5f : 1.0f);
    hc::atomic_fetch_sub(&v[1], 0.0625f);
  });
  CHECK(v[0] == 0.75f * n);
  CHECK(v[1] == 1000.0f - 0.0625f * n);
  return 0;
}
