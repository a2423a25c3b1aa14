// Tile reduction: each tile of 256 work-items loads 256 values (one each)
// into tile_static memory and sums them as a tree, halving the active
// work-items after every barrier; work-item 0 writes the tile's partial
// sum. Twin: reduction.cu.
//
//   twin.reduction.gbs   input bytes / median time of one pass
//
// The values are small integers, so every partial sum is exact whatever
// the order: both sides must equal the CPU's partials exactly.
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

namespace {

constexpr int TILE = 256;

void partial_sums(const hc::accelerator_view &view,
                  const hc::array<float, 1> &in, hc::array<float, 1> &partial) {
  const int n = in.get_extent()[0];
  const int tiles = partial.get_extent()[0];
  hc::parallel_for_each(view, hc::extent<1>(tiles * TILE).tile(TILE),
                        [&in, &partial, n](hc::tiled_index<1> t) [[hc]] {
                          tile_static float sums[TILE];
                          const int l = t.local[0], i = t.global[0];
                          sums[l] = i < n ? in[i] : 0.0f;
                          t.barrier.wait();
                          for (int active = TILE / 2; active > 0; active /= 2) {
                            if (l < active)
                              sums[l] += sums[l + active];
                            t.barrier.wait();
                          }
                          if (l == 0)
                            partial[t.tile[0]] = sums[0];
                        })
      .wait();
}

int run(twin::harness &h) {
  int n = static_cast<int>(h.size(1 << 26, 100000));
  const int tiles = (n + TILE - 1) / TILE;
  bench::note("%d floats (%.1f MiB), %d tiles of %d, median of %d passes", n,
              n * sizeof(float) / 1048576.0, tiles, TILE, h.reps());

  twin::random rng(7);
  std::vector<float> hin(n), want(tiles, 0.0f);
  for (int i = 0; i < n; ++i) {
    hin[i] = static_cast<float>(rng.below(8));
    want[i / TILE] += hin[i];
  }

  hc::accelerator_view view = h.view();
  hc::array<float, 1> in(n, hin.begin(), view), partial(tiles, view);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr rin = 0, rpartial = 0;
  if (ref) {
    kernel = ref->function("tile_reduce");
    rin = h.upload(hin);
    rpartial = h.alloc<float>(tiles);
  }
  void *params[] = {&n, &rin, &rpartial};

  h.time([&] { partial_sums(view, in, partial); },
         [&] { ref->launch(kernel, tiles, 1, TILE, 1, params); });

  std::vector<float> ours(tiles);
  hc::copy(partial, ours.begin());
  twin::expect_close("ours against the CPU", ours, want, 0);
  if (ref)
    twin::expect_close("ref against the CPU",
                       h.download<float>(rpartial, tiles), want, 0);

  h.report("twin.reduction.gbs", static_cast<double>(n) * sizeof(float), 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "reduction", "[--size VALUES]", run);
}
