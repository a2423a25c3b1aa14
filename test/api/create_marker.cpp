// RUN: %hcc %s -o %t && %t
// accelerator_view::create_marker(): the marker's future becomes ready only
// after every command submitted before it on the view.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator_view av = hc::accelerator().create_view();
  const int n = 4096;
  std::vector<unsigned> data(n, 0);
  hc::array_view<unsigned, 1> v(n, data);

  hc::completion_future k1 = hc::parallel_for_each(
      av, v.get_extent(), [=](hc::index<1> i) [[hc]] {
        unsigned x = i[0];
        for (int j = 0; j < 2000; ++j)
          x = x * 1664525u + 1013904223u;
        v[i] = x;
      });
  hc::completion_future k2 = hc::parallel_for_each(
      av, v.get_extent(), [=](hc::index<1> i) [[hc]] { v[i] = v[i] ^ 1u; });

  hc::completion_future marker = av.create_marker();
  CHECK(marker.valid());
  marker.wait();
  CHECK(marker.is_ready());
  CHECK(k1.is_ready());
  CHECK(k2.is_ready());

  for (int i = 0; i < n; ++i) {
    unsigned x = i;
    for (int j = 0; j < 2000; ++j)
      x = x * 1664525u + 1013904223u;
    CHECK(v[i] == (x ^ 1u));
  }
  return 0;
}
