// Matrix transpose through tile_static memory: each 32x32 tile reads a
// block of rows into a padded tile_static block (33 columns, so that
// reading it by columns hits 32 different banks) and writes it out as
// rows of the transpose, so both global accesses are coalesced.
// Twin: transpose.cu.
//
//   twin.transpose.gbs   8 bytes per element (read once, written once) /
//                        median time of one transpose
//
// Both results are compared with the CPU's transpose, every element.
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

namespace {

constexpr int TILE = 32;

// out (cols x rows) = the transpose of in (rows x cols).
void transpose(const hc::accelerator_view &view, const hc::array<float, 2> &in,
               hc::array<float, 2> &out) {
  const int rows = in.get_extent()[0], cols = in.get_extent()[1];
  // Whole tiles over the matrix; the work-items past its edges only help
  // to stage and take part in the barrier.
  const hc::extent<2> domain((rows + TILE - 1) / TILE * TILE,
                             (cols + TILE - 1) / TILE * TILE);
  hc::parallel_for_each(view, domain.tile(TILE, TILE),
                        [&in, &out, rows, cols](hc::tiled_index<2> t) [[hc]] {
                          tile_static float block[TILE][TILE + 1];
                          const int ly = t.local[0], lx = t.local[1];
                          const int y = t.global[0], x = t.global[1];
                          if (y < rows && x < cols)
                            block[ly][lx] = in(y, x);
                          t.barrier.wait();
                          // The tile's block of the transpose: its rows are the
                          // tile's columns.
                          const int ty = t.tile_origin[1] + ly,
                                    tx = t.tile_origin[0] + lx;
                          if (ty < cols && tx < rows)
                            out(ty, tx) = block[lx][ly];
                        })
      .wait();
}

int run(twin::harness &h) {
  int rows = static_cast<int>(h.size(8192, 100));
  int cols = rows + rows / 2 + 3; // not square, partial tiles at the edges
  const std::size_t elements = static_cast<std::size_t>(rows) * cols;
  bench::note("%d x %d floats (%.1f MiB), tiles of %dx%d, median of %d "
              "transposes",
              rows, cols, elements * sizeof(float) / 1048576.0, TILE, TILE,
              h.reps());

  twin::random rng(4);
  std::vector<float> hin(elements);
  for (float &v : hin)
    v = rng.uniform(-1, 1);

  hc::accelerator_view view = h.view();
  hc::array<float, 2> in(rows, cols, hin.begin(), view), out(cols, rows, view);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr rin = 0, rout = 0;
  if (ref) {
    kernel = ref->function("transpose");
    rin = h.upload(hin);
    rout = h.alloc<float>(elements);
  }
  void *params[] = {&rows, &cols, &rin, &rout};

  h.time([&] { transpose(view, in, out); },
         [&] {
           ref->launch(kernel, (cols + TILE - 1) / TILE,
                       (rows + TILE - 1) / TILE, TILE, TILE, params);
         });

  std::vector<float> want(elements), ours(elements);
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x)
      want[static_cast<std::size_t>(x) * rows + y] =
          hin[static_cast<std::size_t>(y) * cols + x];
  hc::copy(out, ours.begin());
  twin::expect_close("ours against the CPU", ours, want, 0);
  if (ref)
    twin::expect_close("ref against the CPU", h.download<float>(rout, elements),
                       want, 0);

  h.report("twin.transpose.gbs", 2.0 * elements * sizeof(float), 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "transpose", "[--size ROWS]", run);
}
