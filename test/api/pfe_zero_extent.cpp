// RUN: %hcc %s -o %t && %t
// parallel_for_each over an extent with a zero component runs no work-item
// and does not throw; waiting on what it returns returns at once.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  std::vector<int> data(4, 0);
  hc::array_view<int, 1> v(4, data);
  hc::completion_future f = hc::parallel_for_each(
      hc::extent<1>(0), [=](hc::index<1> i) [[hc]] { v[0] = 1; });
  f.wait();
  hc::parallel_for_each(hc::extent<2>(8, 0), [=](hc::index<2> i) [[hc]] {
    v[1] = 1;
  }).wait();
  hc::parallel_for_each(hc::extent<1>(0).tile(4), [=](hc::tiled_index<1> t) [[hc]] {
    v[2] = 1;
  }).wait();
  for (int i = 0; i < 4; ++i)
    CHECK(v[i] == 0);

  // The runtime is still fine afterwards.
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = 5;
  }).wait();
  for (int i = 0; i < 4; ++i)
    CHECK(v[i] == 5);
  return 0;
}
