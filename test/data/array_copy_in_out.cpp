// RUN: %hcc %s -o %t && %t
// Data copied into an array with hc::copy is what the kernel reads, and the
// kernel's results come back with hc::copy.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 10000;
  std::vector<int> in(n), out(n, 0);
  for (int i = 0; i < n; ++i)
    in[i] = i * 7 - 3;

  hc::array<int, 1> src(n), dst(n);
  hc::copy(in.begin(), in.end(), src);
  hc::parallel_for_each(src.get_extent(), [&](hc::index<1> i) [[hc]] {
    dst[i] = src[i] * 2 + 1;
  });
  hc::copy(dst, out.begin());
  for (int i = 0; i < n; ++i)
    CHECK(out[i] == in[i] * 2 + 1);
  return 0;
}
