// RUN: %hcc %s -o %t && %t
// Histogram of a large input with global atomics, and a second version that
// accumulates per tile in tile_static memory first; both match the CPU.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

#define BINS 64

int main() {
  const int n = 1 << 18;
  std::vector<unsigned> data(n);
  unsigned x = 12345;
  for (int i = 0; i < n; ++i) {
    x = x * 1103515245u + 12345u;
    data[i] = (x >> 8) % 1000;
  }
  std::vector<unsigned> ref(BINS, 0);
  for (int i = 0; i < n; ++i)
    ref[data[i] % BINS]++;

  hc::array_view<const unsigned, 1> in(n, data);
  std::vector<unsigned> h1(BINS, 0), h2(BINS, 0);
  hc::array_view<unsigned, 1> v1(BINS, h1), v2(BINS, h2);

  hc::parallel_for_each(in.get_extent(), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_add(&v1[in[i] % BINS], 1u);
  });

  const int tile = 256, per_item = 16;
  hc::parallel_for_each(hc::extent<1>(n / per_item).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static unsigned local[BINS];
    for (int b = t.local[0]; b < BINS; b += tile)
      local[b] = 0;
    t.barrier.wait();
    for (int k = 0; k < per_item; ++k)
      hc::atomic_fetch_add(&local[in[t.global[0] * per_item + k] % BINS], 1u);
    t.barrier.wait();
    for (int b = t.local[0]; b < BINS; b += tile)
      hc::atomic_fetch_add(&v2[b], local[b]);
  });

  for (int b = 0; b < BINS; ++b) {
    CHECK(v1[b] == ref[b]);
    CHECK(v2[b] == ref[b]);
  }
  return 0;
}
