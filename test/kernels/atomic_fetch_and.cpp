// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_and: work-items clearing one bit each of shared words;
// every returned old value still had that bit set, and exactly the cleared
// bits end up cleared.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int words = 64;
  std::vector<unsigned> w(words, 0xFFFFFFFFu);
  std::vector<int> bad(1, 0);
  hc::array_view<unsigned, 1> vw(words, w);
  hc::array_view<int, 1> vbad(1, bad);
  // Work-item k clears bit k % 32 of word k / 32, except bits 5 and 17.
  hc::parallel_for_each(hc::extent<1>(words * 32), [=](hc::index<1> i) [[hc]] {
    int bit = i[0] % 32;
    if (bit == 5 || bit == 17)
      return;
    unsigned mask = 1u << bit;
    unsigned old = hc::atomic_fetch_and(&vw[i[0] / 32], ~mask);
    if ((old & mask) == 0)
      hc::atomic_fetch_add(&vbad[0], 1);
  });
  CHECK(vbad[0] == 0);
  for (int k = 0; k < words; ++k)
    CHECK(vw[k] == ((1u << 5) | (1u << 17)));

  // int overload
  std::vector<int> si(1, -1);
  hc::array_view<int, 1> vs(1, si);
  hc::parallel_for_each(hc::extent<1>(16), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_and(&vs[0], ~(1 << i[0]));
  });
  CHECK(vs[0] == (int)0xFFFF0000u);
  return 0;
}
