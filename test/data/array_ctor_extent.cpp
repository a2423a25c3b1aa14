// RUN: %hcc %s -o %t && %t
// hc::array constructed from an extent (and from 1, 2 or 3 sizes) has that
// extent and is writable by a kernel (arrays are captured by reference).
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::array<int, 1> a(hc::extent<1>(100));
  CHECK(a.get_extent() == hc::extent<1>(100));
  hc::array<int, 1> a1(100);
  CHECK(a1.get_extent() == hc::extent<1>(100));
  hc::array<int, 2> a2(10, 20);
  CHECK(a2.get_extent() == hc::extent<2>(10, 20));
  hc::array<int, 3> a3(4, 5, 6);
  CHECK(a3.get_extent() == hc::extent<3>(4, 5, 6));
  CHECK((hc::array<int, 3>::rank) == 3);

  hc::parallel_for_each(a.get_extent(), [&](hc::index<1> i) [[hc]] {
    a[i] = 3 * i[0];
  });
  hc::parallel_for_each(a2.get_extent(), [&](hc::index<2> i) [[hc]] {
    a2[i] = 100 * i[0] + i[1];
  });
  hc::parallel_for_each(a3.get_extent(), [&](hc::index<3> i) [[hc]] {
    a3[i] = 100 * i[0] + 10 * i[1] + i[2];
  });

  std::vector<int> out(100), out2(200), out3(120);
  hc::copy(a, out.begin());
  hc::copy(a2, out2.begin());
  hc::copy(a3, out3.begin());
  for (int i = 0; i < 100; ++i)
    CHECK(out[i] == 3 * i);
  for (int i = 0; i < 10; ++i)
    for (int j = 0; j < 20; ++j)
      CHECK(out2[i * 20 + j] == 100 * i + j);
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 5; ++j)
      for (int k = 0; k < 6; ++k)
        CHECK(out3[(i * 5 + j) * 6 + k] == 100 * i + 10 * j + k);
  return 0;
}
