// RUN: %hcc %s -o %t && %t
// Kernels capture plain structs (with C arrays, nested structs, doubles)
// and scalars by value; every work-item sees the host's values.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

struct Inner { short s; double d; };
struct Params {
  int table[16];
  Inner inner;
  char tag;
  long long big;
};

int main() {
  Params p;
  for (int k = 0; k < 16; ++k)
    p.table[k] = k * k;
  p.inner.s = -7;
  p.inner.d = 0.125;
  p.tag = 'x';
  p.big = 1LL << 40;
  float scale = 2.5f;
  bool flag = true;
  std::vector<double> out(64, 0.0);
  hc::array_view<double, 1> v(64, out);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    int k = i[0] % 16;
    double x = p.table[k] + p.inner.s + p.inner.d + (p.tag == 'x' ? 1 : 0) +
               (double)(p.big >> 40) + scale;
    v[i] = flag ? x : -x;
  });
  for (int i = 0; i < 64; ++i) {
    int k = i % 16;
    CHECK(v[i] == k * k - 7 + 0.125 + 1 + 1 + 2.5);
  }
  return 0;
}
