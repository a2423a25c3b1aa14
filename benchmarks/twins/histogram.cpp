// 256-bin histogram of 32-bit values, two ways. Twin: histogram.cu.
//
//   twin.histogram_tile.gbs     a fixed grid of tiles walks the input with
//                               a grid-sized stride; each tile counts into
//                               256 tile_static bins with tile_static
//                               atomics, then adds them to the global bins
//                               with global atomics
//   twin.histogram_global.gbs   one work-item per value, one global atomic
//                               each
//
// Input bytes / median time of one histogram. The bins are not cleared
// between runs: every run adds the same counts, so after all of them each
// bin holds runs times the CPU's count, which is checked exactly.
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

#include <algorithm>

namespace {

constexpr int BINS = 256;
constexpr int TILE = 256; // one bin per work-item when clearing and merging
constexpr int MAX_TILES = 1024;

void tile_histogram(const hc::accelerator_view &view,
                    const hc::array_view<const unsigned, 1> &in,
                    const hc::array_view<unsigned, 1> &bins, int tiles) {
  const int n = in.get_extent()[0];
  hc::parallel_for_each(view, hc::extent<1>(tiles * TILE).tile(TILE),
                        [=](hc::tiled_index<1> t) [[hc]] {
                          tile_static unsigned local[BINS];
                          const int l = t.local[0];
                          local[l] = 0;
                          t.barrier.wait();
                          for (int i = t.global[0]; i < n; i += tiles * TILE)
                            hc::atomic_fetch_add(&local[in[i]], 1u);
                          t.barrier.wait();
                          hc::atomic_fetch_add(&bins[l], local[l]);
                        })
      .wait();
}

void global_histogram(const hc::accelerator_view &view,
                      const hc::array_view<const unsigned, 1> &in,
                      const hc::array_view<unsigned, 1> &bins) {
  hc::parallel_for_each(view, in.get_extent(), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_add(&bins[in[i]], 1u);
  }).wait();
}

int run(twin::harness &h) {
  int n = static_cast<int>(h.size(1 << 26, 100000));
  int tiles =
      static_cast<int>(std::min<long>(MAX_TILES, (n + TILE - 1) / TILE));
  bench::note("%d values in %d bins (%.1f MiB); tile_static bins: %d tiles "
              "of %d; median of %d runs",
              n, BINS, n * sizeof(unsigned) / 1048576.0, tiles, TILE, h.reps());

  twin::random rng(5);
  std::vector<unsigned> hin(n), counts(BINS, 0);
  for (unsigned &v : hin) {
    v = rng.below(BINS);
    ++counts[v];
  }

  hc::accelerator_view view = h.view();
  hc::array<unsigned, 1> in_data(n, hin.begin(), view);
  const std::vector<unsigned> zeros(BINS, 0);
  hc::array<unsigned, 1> tile_bins(BINS, zeros.begin(), view),
      global_bins(BINS, zeros.begin(), view);
  hc::array_view<const unsigned, 1> in(in_data);
  hc::array_view<unsigned, 1> tile_view(tile_bins), global_view(global_bins);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction tile_kernel = nullptr, global_kernel = nullptr;
  raw_cuda::CUdeviceptr rin = 0, rtile = 0, rglobal = 0;
  if (ref) {
    tile_kernel = ref->function("histogram_tile");
    global_kernel = ref->function("histogram_global");
    rin = h.upload(hin);
    rtile = h.upload(zeros);
    rglobal = h.upload(zeros);
  }
  const int runs = h.warmup() + h.reps();
  std::vector<unsigned> want(counts);
  for (unsigned &c : want)
    c *= runs;
  // After a time(): both sides' bins against the CPU, then the metric.
  auto finish = [&](const char *metric, const hc::array<unsigned, 1> &bins,
                    raw_cuda::CUdeviceptr rbins) {
    std::vector<unsigned> ours(BINS);
    hc::copy(bins, ours.begin());
    twin::expect_close((std::string(metric) + ": ours against the CPU").c_str(),
                       ours, want, 0);
    if (ref)
      twin::expect_close(
          (std::string(metric) + ": ref against the CPU").c_str(),
          h.download<unsigned>(rbins, BINS), want, 0);
    h.report(metric, static_cast<double>(n) * sizeof(unsigned), 1e9);
  };

  void *tile_params[] = {&n, &rin, &rtile};
  h.time([&] { tile_histogram(view, in, tile_view, tiles); },
         [&] { ref->launch(tile_kernel, tiles, 1, TILE, 1, tile_params); });
  finish("twin.histogram_tile.gbs", tile_bins, rtile);

  void *global_params[] = {&n, &rin, &rglobal};
  h.time([&] { global_histogram(view, in, global_view); },
         [&] {
           ref->launch(global_kernel, (n + TILE - 1) / TILE, 1, TILE, 1,
                       global_params);
         });
  finish("twin.histogram_global.gbs", global_bins, rglobal);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "histogram", "[--size VALUES]", run);
}
