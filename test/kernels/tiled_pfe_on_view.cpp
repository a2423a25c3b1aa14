// RUN: %hcc %s -o %t && %t
// The tiled parallel_for_each overload taking an accelerator_view runs on
// that view: its future is ready after waiting on the view.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator_view av = hc::accelerator().create_view();
  const int n = 2048;
  std::vector<int> out(n, 0);
  hc::array_view<int, 1> v(n, out);
  hc::completion_future f = hc::parallel_for_each(
      av, hc::extent<1>(n).tile(256), [=](hc::tiled_index<1> t) [[hc]] {
        tile_static int first;
        if (t.local[0] == 0)
          first = t.global[0];
        t.barrier.wait();
        v[t.global] = first;
      });
  av.wait();
  CHECK(f.is_ready());
  for (int k = 0; k < n; ++k)
    CHECK(v[k] == k / 256 * 256);
  return 0;
}
