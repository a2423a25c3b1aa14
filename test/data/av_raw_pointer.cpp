// RUN: %hcc %s -o %t && %t
// An array_view over a raw host pointer: after synchronize() the kernel's
// results are in the host memory itself.
#include <hc.hpp>
#include <cstdio>
#include <cstdlib>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 3000;
  float *mem = static_cast<float *>(std::malloc(n * sizeof(float)));
  for (int i = 0; i < n; ++i)
    mem[i] = 1.0f;
  {
    hc::array_view<float, 1> v(hc::extent<1>(n), mem);
    hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
      v[i] = v[i] + 0.5f * i[0];
    });
    v.synchronize();
    for (int i = 0; i < n; ++i)
      CHECK(mem[i] == 1.0f + 0.5f * i);
  }
  std::free(mem);
  return 0;
}
