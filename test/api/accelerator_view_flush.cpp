// RUN: %hcc %s -o %t && %t
// accelerator_view::flush() hands queued commands to the device without
// waiting; the commands still complete.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  hc::accelerator_view av = hc::accelerator().get_default_view();
  std::vector<int> data(256, 1);
  hc::array_view<int, 1> v(256, data);
  hc::completion_future f = hc::parallel_for_each(
      av, v.get_extent(), [=](hc::index<1> i) [[hc]] { v[i] += i[0]; });
  av.flush();
  f.wait();
  for (int i = 0; i < 256; ++i)
    CHECK(v[i] == 1 + i);
  return 0;
}
