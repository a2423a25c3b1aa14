// RUN: %hcc %s -o %t && %t
// accelerator_view::create_blocking_marker(): the marker on one view waits
// for futures of commands on other views.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator acc;
  hc::accelerator_view q1 = acc.create_view();
  hc::accelerator_view q2 = acc.create_view();
  hc::accelerator_view q3 = acc.create_view();
  const int n = 2048;
  std::vector<int> a(n, 0), b(n, 0);
  hc::array_view<int, 1> va(n, a), vb(n, b);

  hc::completion_future fa = hc::parallel_for_each(
      q1, va.get_extent(), [=](hc::index<1> i) [[hc]] {
        int x = 0;
        for (int j = 0; j < 1000; ++j)
          x += (i[0] ^ j) & 7;
        va[i] = x;
      });
  hc::completion_future fb = hc::parallel_for_each(
      q2, vb.get_extent(), [=](hc::index<1> i) [[hc]] { vb[i] = -i[0]; });

  hc::completion_future one = q3.create_blocking_marker(fa);
  one.wait();
  CHECK(fa.is_ready());

  hc::completion_future both = q3.create_blocking_marker({fa, fb});
  both.wait();
  CHECK(fa.is_ready() && fb.is_ready());

  for (int i = 0; i < n; ++i) {
    int x = 0;
    for (int j = 0; j < 1000; ++j)
      x += (i ^ j) & 7;
    CHECK(va[i] == x);
    CHECK(vb[i] == -i);
  }
  return 0;
}
