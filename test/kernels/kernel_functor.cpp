// RUN: %hcc %s -o %t && %t
// A kernel can be a function object: a struct with an [[hc]] operator()
// that holds array_views and parameters as members.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

struct Saxpy {
  float a;
  hc::array_view<const float, 1> x;
  hc::array_view<float, 1> y;
  Saxpy(float a_, hc::array_view<const float, 1> x_, hc::array_view<float, 1> y_)
      : a(a_), x(x_), y(y_) {}
  void operator()(hc::index<1> i) const [[hc]] { y[i] = a * x[i] + y[i]; }
};

struct TiledSum {
  hc::array_view<int, 1> out;
  void operator()(hc::tiled_index<1> t) const [[hc]] {
    tile_static int sum;
    if (t.local[0] == 0)
      sum = 0;
    t.barrier.wait();
    hc::atomic_fetch_add(&sum, t.global[0]);
    t.barrier.wait();
    out[t.global] = sum;
  }
};

int main() {
  const int n = 1024;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  hc::array_view<const float, 1> vx(n, x);
  hc::array_view<float, 1> vy(n, y);
  hc::parallel_for_each(vy.get_extent(), Saxpy(2.0f, vx, vy));
  for (int i = 0; i < n; ++i)
    CHECK(vy[i] == 2.0f * i + 1.0f);

  std::vector<int> sums(n, 0);
  TiledSum ts{hc::array_view<int, 1>(n, sums)};
  hc::parallel_for_each(hc::extent<1>(n).tile(16), ts).wait();
  for (int i = 0; i < n; ++i) {
    int o = i / 16 * 16;
    CHECK(ts.out[i] == 16 * o + 120);
  }
  return 0;
}
