// RUN: %hcc %s -o %t && %t
// hc::atomic_fetch_min over many work-items leaves the minimum of their
// values (int, with negatives, and unsigned).
#include <hc.hpp>
#include <climits>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

static int value(int i) { return (int)((unsigned)(i * 2654435761u) % 200001u) - 100000; }

int main() {
  const int n = 20000;
  std::vector<int> m(1, INT_MAX);
  std::vector<unsigned> um(1, 0xFFFFFFFFu);
  hc::array_view<int, 1> vm(1, m);
  hc::array_view<unsigned, 1> vum(1, um);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    int v = value(i[0]);
    hc::atomic_fetch_min(&vm[0], v);
    hc::atomic_fetch_min(&vum[0], (unsigned)(v + 100000));
  });
  int expected = INT_MAX;
  for (int i = 0; i < n; ++i)
    expected = value(i) < expected ? value(i) : expected;
  CHECK(vm[0] == expected);
  CHECK(vum[0] == (unsigned)(expected + 100000));
  return 0;
}
