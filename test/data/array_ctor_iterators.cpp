// RUN: %hcc %s -o %t && %t
// hc::array constructed from host iterators (begin and end, or begin only)
// holds a copy of the source data.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<float> src(64);
  for (int i = 0; i < 64; ++i)
    src[i] = 1.5f * i;

  hc::array<float, 1> a(hc::extent<1>(64), src.begin(), src.end());
  hc::array<float, 1> b(hc::extent<1>(64), src.begin());
  hc::array<float, 1> c(64, src.begin(), src.end());
  hc::array<float, 2> d(8, 8, src.begin());
  hc::array<float, 3> e(hc::extent<3>(4, 4, 4), src.data());

  // The source may change afterwards: the arrays hold copies.
  for (int i = 0; i < 64; ++i)
    src[i] = -1.0f;

  std::vector<float> out(64);
  hc::copy(a, out.begin());
  for (int i = 0; i < 64; ++i) CHECK(out[i] == 1.5f * i);
  hc::copy(b, out.begin());
  for (int i = 0; i < 64; ++i) CHECK(out[i] == 1.5f * i);
  hc::copy(c, out.begin());
  for (int i = 0; i < 64; ++i) CHECK(out[i] == 1.5f * i);
  hc::copy(d, out.begin());
  for (int i = 0; i < 64; ++i) CHECK(out[i] == 1.5f * i);
  hc::copy(e, out.begin());
  for (int i = 0; i < 64; ++i) CHECK(out[i] == 1.5f * i);
  return 0;
}
