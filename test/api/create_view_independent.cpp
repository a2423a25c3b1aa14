// RUN: %hcc %s -o %t && %t
// A view from accelerator::create_view() runs kernels on its own queue:
// waiting on it waits for its kernels, and the default view stays usable.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator acc;
  hc::accelerator_view mine = acc.create_view();
  hc::accelerator_view def = acc.get_default_view();
  CHECK(mine != def);

  const int n = 1024;
  std::vector<int> a(n, 0), b(n, 0);
  hc::array_view<int, 1> va(n, a), vb(n, b);

  hc::completion_future fa = hc::parallel_for_each(
      mine, va.get_extent(), [=](hc::index<1> i) [[hc]] { va[i] = 2 * i[0]; });
  hc::completion_future fb = hc::parallel_for_each(
      def, vb.get_extent(), [=](hc::index<1> i) [[hc]] { vb[i] = 3 * i[0]; });

  mine.wait();
  CHECK(fa.is_ready());
  def.wait();
  CHECK(fb.is_ready());

  for (int i = 0; i < n; ++i) {
    CHECK(va[i] == 2 * i);
    CHECK(vb[i] == 3 * i);
  }
  return 0;
}
