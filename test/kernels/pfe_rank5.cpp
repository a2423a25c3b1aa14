// RUN: %hcc %s -o %t && %t
// parallel_for_each over extent<5>, writing through a 1-D view at the
// row-major position of each index<5>.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  int dims[5] = {2, 3, 4, 5, 6};
  hc::extent<5> e(dims);
  const int total = 720;
  CHECK(e.size() == 720u);
  std::vector<int> out(total, -1);
  hc::array_view<int, 1> v(total, out);
  hc::parallel_for_each(e, [=](hc::index<5> i) [[hc]] {
    int lin = 0;
    for (int d = 0; d < 5; ++d)
      lin = lin * e[d] + i[d];
    v[lin] = i[0] * 10000 + i[1] * 1000 + i[2] * 100 + i[3] * 10 + i[4];
  });
  int k = 0;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 4; ++c)
        for (int d = 0; d < 5; ++d)
          for (int f = 0; f < 6; ++f)
            CHECK(v[k++] == a * 10000 + b * 1000 + c * 100 + d * 10 + f);
  return 0;
}
