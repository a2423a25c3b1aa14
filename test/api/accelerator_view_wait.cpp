// RUN: %hcc %s -o %t && %t
// accelerator_view::wait() returns only when every command submitted to the
// view before it has completed.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator_view av = hc::accelerator().get_default_view();
  const int n = 512, kernels = 8;
  std::vector<std::vector<int>> data(kernels, std::vector<int>(n, 0));
  std::vector<hc::completion_future> futures;
  std::vector<hc::array_view<int, 1>> views;
  for (int k = 0; k < kernels; ++k) {
    hc::array_view<int, 1> v(n, data[k]);
    views.push_back(v);
    futures.push_back(hc::parallel_for_each(
        av, v.get_extent(), [=](hc::index<1> i) [[hc]] {
          int x = 0;
          for (int j = 0; j <= k; ++j)
            x += i[0] + j;
          v[i] = x;
        }));
  }
  av.wait();
  for (int k = 0; k < kernels; ++k)
    CHECK(futures[k].is_ready());
  for (int k = 0; k < kernels; ++k)
    for (int i = 0; i < n; ++i)
      CHECK(views[k][i] == (k + 1) * i + k * (k + 1) / 2);
  return 0;
}
