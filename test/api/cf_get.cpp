// RUN: %hcc %s -o %t && %t
// completion_future::get() waits for the operation like wait().
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

int main() {
  const int n = 4096;
  std::vector<float> data(n, 0.0f);
  hc::array_view<float, 1> v(n, data);
  hc::completion_future f = hc::parallel_for_each(
      v.get_extent(), [=](hc::index<1> i) [[hc]] { v[i] = 0.5f * i[0]; });
  f.get();
  CHECK(f.is_ready());
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == 0.5f * i);
  return 0;
}
