// 2-D 5-point stencil (one Jacobi sweep of the heat equation) in global
// memory: out = c0 * in + c1 * (north + south + west + east) inside the
// grid, out = in on its border. Twin: stencil2d.cu.
//
//   twin.stencil2d.gbs   8 bytes per point (each point read and written
//                        once; the neighbours come from the caches) /
//                        median time of one sweep
//
// Both sides are checked against the same sweep on the CPU, every point.
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

namespace {

constexpr float C0 = 0.5f, C1 = 0.125f;

void sweep(const hc::accelerator_view &view, const hc::array<float, 2> &in,
           hc::array<float, 2> &out) {
  const int ny = in.get_extent()[0], nx = in.get_extent()[1];
  hc::parallel_for_each(view, in.get_extent(),
                        [&in, &out, ny, nx](hc::index<2> i) [[hc]] {
                          const int y = i[0], x = i[1];
                          if (y == 0 || y == ny - 1 || x == 0 || x == nx - 1) {
                            out[i] = in[i];
                            return;
                          }
                          out[i] = C0 * in(y, x) +
                                   C1 * (in(y - 1, x) + in(y + 1, x) +
                                         in(y, x - 1) + in(y, x + 1));
                        })
      .wait();
}

std::vector<float> cpu_sweep(const std::vector<float> &in, int ny, int nx) {
  std::vector<float> out(in);
  for (int y = 1; y < ny - 1; ++y)
    for (int x = 1; x < nx - 1; ++x) {
      const std::size_t i = static_cast<std::size_t>(y) * nx + x;
      out[i] =
          C0 * in[i] + C1 * (in[i - nx] + in[i + nx] + in[i - 1] + in[i + 1]);
    }
  return out;
}

int run(twin::harness &h) {
  int n = static_cast<int>(h.size(8192, 300));
  int ny = n, nx = n + n / 3; // not square, not a multiple of the blocks
  const std::size_t points = static_cast<std::size_t>(ny) * nx;
  bench::note("%d x %d floats (%.1f MiB per grid), median of %d sweeps", ny, nx,
              points * sizeof(float) / 1048576.0, h.reps());

  twin::random rng(2);
  std::vector<float> hin(points);
  for (float &v : hin)
    v = rng.uniform(0, 1);

  hc::accelerator_view view = h.view();
  hc::array<float, 2> in(ny, nx, hin.begin(), view), out(ny, nx, view);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr rin = 0, rout = 0;
  if (ref) {
    kernel = ref->function("stencil2d");
    rin = h.upload(hin);
    rout = h.alloc<float>(points);
  }
  void *params[] = {&ny, &nx, &rin, &rout};
  const unsigned bx = 32, by = 8;

  h.time([&] { sweep(view, in, out); },
         [&] {
           ref->launch(kernel, (nx + bx - 1) / bx, (ny + by - 1) / by, bx, by,
                       params);
         });

  std::vector<float> ours(points);
  hc::copy(out, ours.begin());
  // Contraction into fused multiply-adds may differ from the CPU's.
  twin::expect_close("ours against the CPU", ours, cpu_sweep(hin, ny, nx),
                     1e-6);
  if (ref)
    twin::expect_close("ref against ours", h.download<float>(rout, points),
                       ours, 1e-6);

  h.report("twin.stencil2d.gbs", 2.0 * points * sizeof(float), 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "stencil2d", "[--size ROWS]", run);
}
