// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_or: work-items setting one bit each of shared words; no
// returned old value had the bit set already, and all bits end up set.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int words = 64;
  std::vector<unsigned> w(words, 0u);
  std::vector<int> bad(1, 0);
  hc::array_view<unsigned, 1> vw(words, w);
  hc::array_view<int, 1> vbad(1, bad);
  hc::parallel_for_each(hc::extent<1>(words * 32), [=](hc::index<1> i) [[hc]] {
    unsigned mask = 1u << (i[0] % 32);
    unsigned old = hc::atomic_fetch_or(&vw[i[0] / 32], mask);
    if (old & mask)
      hc::atomic_fetch_add(&vbad[0], 1);
  });
  CHECK(vbad[0] == 0);
  for (int k = 0; k < words; ++k)
    CHECK(vw[k] == 0xFFFFFFFFu);

  std::vector<int> si(1, 0);
  hc::array_view<int, 1> vs(1, si);
  hc::parallel_for_each(hc::extent<1>(8), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_or(&vs[0], 1 << (2 * i[0]));
  });
  CHECK(vs[0] == 0x5555);
  return 0;
}
