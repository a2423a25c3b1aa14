// RUN: %hcc %s -o %t && %t
// parallel_for_each over extent<1> runs the kernel exactly once for every
// index of the extent, including sizes that are not multiples of any
// hardware group size.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int sizes[] = {1, 7, 255, 1000, 65537};
  for (int n : sizes) {
    std::vector<int> hits(n + 1, 0);
    hc::array_view<int, 1> v(n + 1, hits);
    hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
      if (i[0] >= 0 && i[0] < n)
        hc::atomic_fetch_add(&v[i], 1);
      else
        hc::atomic_fetch_add(&v[n], 1);
    });
    for (int k = 0; k < n; ++k)
      CHECK(v[k] == 1);
    CHECK(v[n] == 0);
  }
  return 0;
}
