// RUN: %hcc %s -o %t && %t
// array_view::synchronize_async() returns a completion_future; once it is
// ready the source container holds the kernel's results.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 4096;
  std::vector<int> data(n, 0);
  hc::array_view<int, 1> v(n, data);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = n - i[0];
  });
  hc::completion_future f = v.synchronize_async();
  CHECK(f.valid());
  f.wait();
  CHECK(f.is_ready());
  for (int i = 0; i < n; ++i)
    CHECK(data[i] == n - i);
  return 0;
}
