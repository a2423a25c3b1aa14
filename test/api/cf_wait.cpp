// RUN: %hcc %s -o %t && %t
// completion_future::wait() blocks until the kernel has completed; after it
// is_ready() is true and the results are there.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 1 << 14;
  std::vector<int> data(n, 0);
  hc::array_view<int, 1> v(n, data);
  hc::completion_future f = hc::parallel_for_each(
      v.get_extent(), [=](hc::index<1> i) [[hc]] {
        int x = 0;
        for (int j = 0; j < 256; ++j)
          x += (i[0] + j) % 3;
        v[i] = x;
      });
  f.wait();
  CHECK(f.is_ready());
  f.wait();  // waiting again is harmless
  CHECK(f.is_ready());
  v.synchronize();
  for (int i = 0; i < n; ++i) {
    int x = 0;
    for (int j = 0; j < 256; ++j)
      x += (i + j) % 3;
    CHECK(data[i] == x);
  }
  return 0;
}
