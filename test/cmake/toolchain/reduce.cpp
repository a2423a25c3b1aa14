// A kernel in a shared library built by hcc.
#include "kernels.hpp"
#include <hc.hpp>

double reduce_sum(const std::vector<float> &v) {
  const int tile = 64;
  int n = static_cast<int>(v.size());
  int tiles = (n + tile - 1) / tile;
  std::vector<float> partial(tiles);
  hc::array_view<const float, 1> in(n, v);
  hc::array_view<float, 1> out(tiles, partial);
  hc::parallel_for_each(hc::extent<1>(tiles * tile).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static float sums[64];
    int g = t.global[0];
    sums[t.local[0]] = g < n ? in[g] : 0.0f;
    t.barrier.wait();
    for (int s = tile / 2; s > 0; s /= 2) {
      if (t.local[0] < s)
        sums[t.local[0]] += sums[t.local[0] + s];
      t.barrier.wait();
    }
    if (t.local[0] == 0)
      out[t.tile] = sums[0];
  });
  out.synchronize();
  double sum = 0;
  for (float p : partial)
    sum += p;
  return sum;
}
