// RUN: %hcc %s -o %t && %t
// array_view::synchronize() copies the kernel's results back into the
// view's source container, which can then be read directly.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 4096;
  std::vector<unsigned> data(n, 1u);
  hc::array_view<unsigned, 1> v(n, data);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = v[i] + 2u * i[0];
  });
  v.synchronize();
  for (int i = 0; i < n; ++i)
    CHECK(data[i] == 1u + 2u * i);
  return 0;
}
