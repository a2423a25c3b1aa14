// RUN: %hcc %s -o %t && %t
// A kernel may call ordinary (unannotated) free functions, including
// functions calling further functions and static functions: hcc compiles
// them for the accelerator automatically.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static int square(int x) { return x * x; }
int sum_of_squares(int a, int b) { return square(a) + square(b); }
inline float scale(float x) { return 0.5f * x; }

int main() {
  const int n = 1000;
  std::vector<int> out(n, 0);
  std::vector<float> fout(n, 0.0f);
  hc::array_view<int, 1> v(n, out);
  hc::array_view<float, 1> f(n, fout);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = sum_of_squares(i[0], 3);
    f[i] = scale((float)i[0]);
  });
  for (int i = 0; i < n; ++i) {
    CHECK(v[i] == i * i + 9);
    CHECK(f[i] == 0.5f * i);
  }
  return 0;
}
