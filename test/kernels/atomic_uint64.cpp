// RUN: %hcc %s -o %t && %t
// 64-bit atomics: hc::atomic_fetch_add on uint64_t carries into the upper
// 32 bits, and atomic_fetch_max/atomic_exchange work on uint64_t.
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 4096;
  const uint64_t step = (uint64_t(1) << 33) + 1;
  std::vector<uint64_t> vals(3, 0);
  hc::array_view<uint64_t, 1> v(3, vals);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_add(&v[0], step);
    hc::atomic_fetch_max(&v[1], (uint64_t(i[0]) << 40) | 7u);
    if (i[0] == 17)
      hc::atomic_exchange(&v[2], uint64_t(0xABCDEF0123456789ull));
  });
  CHECK(v[0] == step * n);
  CHECK(v[1] == ((uint64_t(n - 1) << 40) | 7u));
  CHECK(v[2] == 0xABCDEF0123456789ull);
  return 0;
}
