// RUN: %hcc %s -o %t && %t
// When the last array_view over host memory is destroyed, the results a
// kernel wrote through it are written back to that memory (C++ AMP's
// implicit synchronisation), even without synchronize() or a host access.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 2048;
  std::vector<int> data(n, 0);
  {
    hc::array_view<int, 1> v(n, data);
    hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
      v[i] = 3 * i[0] + 1;
    });
    // v (and the kernel's copy of it) go away here.
  }
  for (int i = 0; i < n; ++i)
    CHECK(data[i] == 3 * i + 1);

  // The same with a copy of the view outliving the original: the write
  // back happens when the last one goes.
  std::vector<float> fdata(n, 0.0f);
  {
    hc::array_view<float, 1> outer(n, fdata);
    {
      hc::array_view<float, 1> inner(outer);
      hc::parallel_for_each(inner.get_extent(), [=](hc::index<1> i) [[hc]] {
        inner[i] = 0.5f * i[0];
      });
    }
  }
  for (int i = 0; i < n; ++i)
    CHECK(fdata[i] == 0.5f * i);
  return 0;
}
