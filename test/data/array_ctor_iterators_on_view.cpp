// RUN: %hcc %s -o %t && %t
// The rank shorthands of array's iterator constructors that also take an
// accelerator_view (C++ AMP 1.2): (e0[, e1[, e2]], begin[, end], av).
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator_view av = hc::accelerator().get_default_view();
  std::vector<float> src(24);
  for (int i = 0; i < 24; ++i)
    src[i] = 0.5f * i;

  hc::array<float, 1> a1(24, src.begin(), av);
  hc::array<float, 1> b1(24, src.begin(), src.end(), av);
  hc::array<float, 2> a2(4, 6, src.begin(), av);
  hc::array<float, 2> b2(4, 6, src.begin(), src.end(), av);
  hc::array<float, 3> a3(2, 3, 4, src.begin(), av, hc::access_type_auto);
  hc::array<float, 3> b3(2, 3, 4, src.begin(), src.end(), av);
  CHECK(a1.get_accelerator_view() == av);
  CHECK(a3.get_extent() == hc::extent<3>(2, 3, 4));

  std::vector<float> v1 = a1, w1 = b1, v2 = a2, w2 = b2, v3 = a3, w3 = b3;
  CHECK(v1 == src && w1 == src && v2 == src && w2 == src && v3 == src &&
        w3 == src);

  // The end iterator bounds the source: too short a range is an error.
  bool threw = false;
  try {
    hc::array<float, 2> c2(5, 6, src.begin(), src.end(), av);
  } catch (const hc::runtime_exception &) {
    threw = true;
  }
  CHECK(threw);
  return 0;
}
