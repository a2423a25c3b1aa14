// 3-D 7-point stencil (one Jacobi sweep of the heat equation) in global
// memory, through array_views: out = c0 * in + c1 * (the six neighbours)
// inside the grid, out = in on its faces. Twin: stencil3d.cu.
//
//   twin.stencil3d.gbs   8 bytes per point (each point read and written
//                        once; the neighbours come from the caches) /
//                        median time of one sweep
//
// Both sides are checked against the same sweep on the CPU, every point.
#include "check.hpp"
#include "harness.hpp"
#include "random.hpp"

namespace {

constexpr float C0 = 0.4f, C1 = 0.1f;

void sweep(const hc::accelerator_view &view,
           const hc::array_view<const float, 3> &in,
           const hc::array_view<float, 3> &out) {
  const int nz = in.get_extent()[0], ny = in.get_extent()[1],
            nx = in.get_extent()[2];
  hc::parallel_for_each(view, in.get_extent(), [=](hc::index<3> i) [[hc]] {
    const int z = i[0], y = i[1], x = i[2];
    if (z == 0 || z == nz - 1 || y == 0 || y == ny - 1 || x == 0 ||
        x == nx - 1) {
      out[i] = in[i];
      return;
    }
    out[i] = C0 * in(z, y, x) +
             C1 * (in(z - 1, y, x) + in(z + 1, y, x) + in(z, y - 1, x) +
                   in(z, y + 1, x) + in(z, y, x - 1) + in(z, y, x + 1));
  }).wait();
}

std::vector<float> cpu_sweep(const std::vector<float> &in, int nz, int ny,
                             int nx) {
  std::vector<float> out(in);
  const std::size_t plane = static_cast<std::size_t>(ny) * nx;
  for (int z = 1; z < nz - 1; ++z)
    for (int y = 1; y < ny - 1; ++y)
      for (int x = 1; x < nx - 1; ++x) {
        const std::size_t i = z * plane + static_cast<std::size_t>(y) * nx + x;
        out[i] = C0 * in[i] + C1 * (in[i - plane] + in[i + plane] + in[i - nx] +
                                    in[i + nx] + in[i - 1] + in[i + 1]);
      }
  return out;
}

int run(twin::harness &h) {
  int n = static_cast<int>(h.size(384, 40));
  // Not a cube and not multiples of the blocks, so that edges are tested.
  int nz = n, ny = n + n / 8, nx = n + n / 4 + 1;
  const std::size_t points = static_cast<std::size_t>(nz) * ny * nx;
  bench::note("%d x %d x %d floats (%.1f MiB per grid), median of %d sweeps",
              nz, ny, nx, points * sizeof(float) / 1048576.0, h.reps());

  twin::random rng(3);
  std::vector<float> hin(points);
  for (float &v : hin)
    v = rng.uniform(0, 1);

  hc::accelerator_view view = h.view();
  const hc::extent<3> ext(nz, ny, nx);
  hc::array<float, 3> in_data(ext, hin.begin(), view), out_data(ext, view);
  hc::array_view<const float, 3> in(in_data);
  hc::array_view<float, 3> out(out_data);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr rin = 0, rout = 0;
  if (ref) {
    kernel = ref->function("stencil3d");
    rin = h.upload(hin);
    rout = h.alloc<float>(points);
  }
  void *params[] = {&nz, &ny, &nx, &rin, &rout};
  const unsigned bx = 32, by = 4, bz = 2;

  h.time([&] { sweep(view, in, out); },
         [&] {
           ref->launch(kernel, (nx + bx - 1) / bx, (ny + by - 1) / by,
                       (nz + bz - 1) / bz, bx, by, bz, params);
         });

  std::vector<float> ours(points);
  hc::copy(out_data, ours.begin());
  // Contraction into fused multiply-adds may differ from the CPU's.
  twin::expect_close("ours against the CPU", ours, cpu_sweep(hin, nz, ny, nx),
                     1e-6);
  if (ref)
    twin::expect_close("ref against ours", h.download<float>(rout, points),
                       ours, 1e-6);

  h.report("twin.stencil3d.gbs", 2.0 * points * sizeof(float), 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "stencil3d", "[--size PLANES]", run);
}
