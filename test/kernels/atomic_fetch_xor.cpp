// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_xor: every bit of shared words toggled three times by
// different work-items ends up flipped.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int words = 32;
  std::vector<unsigned> w(words);
  for (int k = 0; k < words; ++k)
    w[k] = 0x0F0F0F0Fu * (k + 1);
  std::vector<unsigned> init = w;
  hc::array_view<unsigned, 1> vw(words, w);
  hc::parallel_for_each(hc::extent<1>(words * 32 * 3), [=](hc::index<1> i) [[hc]] {
    int k = i[0] % (words * 32);
    hc::atomic_fetch_xor(&vw[k / 32], 1u << (k % 32));
  });
  for (int k = 0; k < words; ++k)
    CHECK(vw[k] == ~init[k]);

  std::vector<int> si(1, 0);
  hc::array_view<int, 1> vs(1, si);
  hc::parallel_for_each(hc::extent<1>(10), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_xor(&vs[0], 1 << i[0]);
  });
  CHECK(vs[0] == 0x3FF);
  return 0;
}
