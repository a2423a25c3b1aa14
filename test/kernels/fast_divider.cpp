// RUN: %hcc %s -o %t && %t
// hc::detail::fast_divider, the division by multiplication that non-tiled
// kernels of rank 2 and up use to turn linear ids into indices: exact for
// every 32-bit dividend, for divisors across the range of extents (powers
// of two, their neighbours, primes, the largest). Checked on the host and,
// through a rank-3 launch with awkward extents, in kernels.
#include <hc.hpp>
#include <cstdint>
#include <cstdio>
#include <random>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<std::uint32_t> divisors = {1, 2, 3, 5, 7, 10, 641, 1000003,
                                         0x7fffffffu, 0x7ffffffeu};
  for (int bit = 1; bit < 31; ++bit) {
    std::uint32_t p = 1u << bit;
    divisors.insert(divisors.end(), {p - 1, p, p + 1});
  }
  std::mt19937 rng(7);
  for (int i = 0; i < 200; ++i)
    divisors.push_back(1 + rng() % 0x7fffffffu);
  for (std::uint32_t d : divisors) {
    hc::detail::fast_divider div(d);
    std::vector<std::uint32_t> dividends = {0, 1, d - 1, d, d + 1,
                                            0xffffffffu, 0xfffffffeu,
                                            0xffffffffu - d};
    for (std::uint32_t m = 1; m < 64; ++m)
      dividends.push_back(static_cast<std::uint32_t>(
          std::uint64_t(d) * m * 65537 % 0x100000000ull));
    for (int i = 0; i < 2000; ++i)
      dividends.push_back(static_cast<std::uint32_t>(rng()));
    for (std::uint32_t n : dividends)
      CHECK(div.divide(n) == n / d);
  }

  // Every work-item of a rank-3 launch sees its own index exactly once.
  const int e0 = 3, e1 = 37, e2 = 1031;
  std::vector<int> seen(e0 * e1 * e2, 0);
  hc::array_view<int, 3> view(e0, e1, e2, seen);
  hc::parallel_for_each(hc::extent<3>(e0, e1, e2), [=](hc::index<3> i) [[hc]] {
    view[i] += 1 + i[0] * 1000000 + i[1] * 10000 + i[2] - i[2];
  });
  for (int a = 0; a < e0; ++a)
    for (int b = 0; b < e1; ++b)
      for (int c = 0; c < e2; ++c)
        CHECK(view(a, b, c) == 1 + a * 1000000 + b * 10000);
  std::puts("ok");
  return 0;
}
