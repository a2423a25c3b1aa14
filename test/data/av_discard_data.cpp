// RUN: %hcc %s -o %t && %t
// array_view::discard_data(): the old contents no longer matter; a kernel
// that writes every element still produces the right results, which reach
// the source container.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 8192;
  std::vector<int> data(n, -1);
  hc::array_view<int, 1> v(n, data);
  v.discard_data();
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = i[0] % 97;
  });
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == i % 97);
  v.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(data[i] == i % 97);

  // Discarding again before a second writer kernel.
  v.discard_data();
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = 2 * i[0];
  });
  v.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(data[i] == 2 * i);
  return 0;
}
