// RUN: %hcc %s -o %t && %t
// Tree reduction in tile_static memory with barriers: per-tile partial sums
// followed by a second pass, compared with the CPU sum.
#include <hc.hpp>
#include <cstdio>
#include <vector>

#define CHECK(c) do { if (!(c)) { std::fprintf(stderr, "FAILED %s:%d: %s\n", __FILE__, __LINE__, #c); return 1; } } while (0)

#define TILE 256

static void reduce_pass(hc::array_view<const long long, 1> in,
                        hc::array_view<long long, 1> out) {
  int n = in.get_extent()[0];
  int tiles = out.get_extent()[0];
  hc::parallel_for_each(hc::extent<1>(tiles * TILE).tile(TILE),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static long long partial[TILE];
    int l = t.local[0];
    // Each work-item first adds a strided range.
    long long s = 0;
    for (int k = t.global[0]; k < n; k += tiles * TILE)
      s += in[k];
    partial[l] = s;
    t.barrier.wait();
    for (int stride = TILE / 2; stride > 0; stride /= 2) {
      if (l < stride)
        partial[l] += partial[l + stride];
      t.barrier.wait();
    }
    if (l == 0)
      out[t.tile] = partial[0];
  });
}

int main() {
  const int n = 1000003;
  std::vector<long long> data(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    data[i] = (i * 2654435761u) % 1000;
    expected += data[i];
  }
  const int tiles = 64;
  std::vector<long long> partial(tiles, 0), total(1, 0);
  hc::array_view<const long long, 1> in(n, data);
  hc::array_view<long long, 1> vp(tiles, partial), vt(1, total);
  reduce_pass(in, vp);
  reduce_pass(vp, vt);
  std::printf("sum = %lld (expected %lld)\n", vt[0], expected);
  CHECK(vt[0] == expected);
  return 0;
}
