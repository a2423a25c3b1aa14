// RUN: %hcc %s -o %t && %t
// Reading an array_view on the host right after an asynchronous kernel that
// writes it (no explicit wait) waits for the kernel and sees its results.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static unsigned slow(unsigned x, unsigned iters) {
  for (unsigned j = 0; j < iters; ++j) {
    x = x * 1664525u + 1013904223u;
    x ^= x >> 13;
  }
  return x;
}

int main() {
  const int n = 32;
  const unsigned iters = 1000000;
  std::vector<unsigned> data(n, 0);
  hc::array_view<unsigned, 1> v(n, data);
  hc::completion_future f = hc::parallel_for_each(
      v.get_extent(), [=](hc::index<1> i) [[hc]] { v[i] = slow(i[0], iters); });
  // No f.wait(): the host access must wait by itself.
  unsigned first = v[0];
  CHECK(first == slow(0, iters));
  CHECK(f.is_ready());
  for (int i = 0; i < n; ++i)
    CHECK(v[i] == slow(i, iters));
  return 0;
}
