// Parallel sum reduction with tile_static memory and tile barriers.
//
//   hcc reduction.cpp -o reduction && ./reduction
//
// Pass 1: every tile reduces a strided slice of the input to one partial sum
// (a tree reduction in tile_static memory). Pass 2: one tile reduces the
// partial sums. The kernel is launched asynchronously twice; the second
// launch depends on the first through the array_view of partial sums, so no
// explicit wait is needed between them.
#include <hc.hpp>

#include <cstdint>
#include <cstdio>
#include <vector>

#define TILE 256

static hc::completion_future reduce(hc::array_view<const int64_t, 1> in,
                                    hc::array_view<int64_t, 1> out) {
  const int n = in.get_extent()[0];
  const int tiles = out.get_extent()[0];
  return hc::parallel_for_each(
      hc::extent<1>(tiles * TILE).tile(TILE), [=](hc::tiled_index<1> t) [[hc]] {
        tile_static int64_t partial[TILE];
        const int l = t.local[0];
        int64_t s = 0;
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
  const int n = 1 << 22;
  const int tiles = 128;

  std::vector<int64_t> data(n);
  int64_t expected = 0;
  for (int i = 0; i < n; ++i) {
    data[i] = (static_cast<int64_t>(i) * 7919) % 10007 - 5000;
    expected += data[i];
  }

  std::vector<int64_t> partial(tiles), total(1);
  hc::array_view<const int64_t, 1> in(n, data);
  hc::array_view<int64_t, 1> partial_view(tiles, partial);
  hc::array_view<int64_t, 1> total_view(1, total);
  partial_view.discard_data();
  total_view.discard_data();

  reduce(in, partial_view);
  reduce(partial_view, total_view);
  int64_t sum = total_view[0];  // waits for both kernels

  std::printf("reduction: %d elements, sum %lld (expected %lld)\n", n,
              static_cast<long long>(sum), static_cast<long long>(expected));
  if (sum != expected) {
    std::printf("FAILED\n");
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
