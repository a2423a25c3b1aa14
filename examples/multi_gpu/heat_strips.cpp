// A 2-D heat equation (Jacobi sweeps) split into strips of rows, one strip
// per GPU of the host (every accelerator of get_all() that is not
// emulated; the CPU when there is none). Each strip keeps its rows plus one
// halo row above and below in hc::arrays on its own accelerator. A step:
//
//   1. the strip's first and last rows are updated (a small kernel);
//   2. the rest of the strip is updated (the big kernel), asynchronously;
//   3. meanwhile the two edge rows are copied into the neighbours' halo
//      rows: peer copies between arrays on different accelerators
//      (hc::copy_async of one-row arrays, which the interior kernel does
//      not use, so the copies need not wait for it);
//   4. the next step follows at once: the runtime orders its commands after
//      the ones that wrote what they read, so nothing waits in between.
//
// The result is checked against the same sweeps on one accelerator.
//
//   heat_strips [--rows R] [--cols C] [--steps S] [--parts P]
//
// --parts splits the grid into P strips over the accelerators in turn
// (default: one per accelerator), so the exchange also runs on a machine
// with one accelerator. docs/multi-gpu.md explains the choices.
#include "../common/heat_plate.hpp"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

// The plate after `o.steps` sweeps over `views`, one strip per entry.
std::vector<float> solve(const std::vector<hc::accelerator_view> &views,
                         const heat::options &o, double &ms_per_step) {
  const int parts = static_cast<int>(views.size());
  std::vector<std::unique_ptr<heat::strip>> strips;
  for (int p = 0, first = 0; p < parts; ++p) {
    int height = o.rows / parts + (p < o.rows % parts ? 1 : 0);
    strips.emplace_back(
        new heat::strip(first, height, o.rows, o.cols, views[p]));
    first += height;
  }

  auto start = std::chrono::steady_clock::now();
  for (int step = 0; step < o.steps; ++step) {
    if (step == 1) // the first step loaded the kernels: not timed
      start = std::chrono::steady_clock::now();
    // 1-2. Edge rows first (the neighbours need them), then the interiors,
    // which run while the edge rows move.
    std::vector<hc::completion_future> pending;
    for (auto &s : strips)
      pending.push_back(s->sweep_edges());
    for (auto &s : strips)
      s->sweep_interior(pending);
    // 3. Each strip's edge rows into its neighbours' halos (peer copies),
    // after the edge kernels that wrote them: the runtime orders a copy
    // after the commands that write its source.
    for (int p = 0; p + 1 < parts; ++p) {
      heat::strip &up = *strips[p], &down = *strips[p + 1];
      pending.push_back(hc::copy_async(*up.send_bottom, *down.halo_top));
      pending.push_back(hc::copy_async(*down.send_top, *up.halo_bottom));
    }
    // 4. Nothing waits for the step: the runtime orders each command after
    // the earlier ones that use the same arrays, so the host runs ahead and
    // the GPUs go from step to step without a pause. Only the first step
    // (it loads the kernels: not timed) and the last are waited for.
    if (step == 0 || step + 1 == o.steps)
      for (auto &f : pending)
        f.wait();
    for (auto &s : strips)
      s->swap_buffers();
  }
  auto stop = std::chrono::steady_clock::now();
  ms_per_step =
      std::chrono::duration<double, std::milli>(stop - start).count() /
      (o.steps > 1 ? o.steps - 1 : 1);

  std::vector<float> plate(static_cast<size_t>(o.rows) * o.cols);
  for (auto &s : strips)
    s->copy_rows_to(plate);
  return plate;
}

std::string name_of(const hc::accelerator_view &v) {
  std::wstring w = v.get_accelerator().get_description();
  return std::string(w.begin(), w.end());
}

} // namespace

int main(int argc, char **argv) {
  heat::options o = heat::parse(argc, argv);
  std::vector<hc::accelerator> devices;
  for (hc::accelerator &a : hc::accelerator::get_all())
    if (!a.get_is_emulated())
      devices.push_back(a);
  if (devices.empty())
    devices.push_back(hc::accelerator(L"cpu"));
  const int parts = o.parts > 0 ? o.parts : static_cast<int>(devices.size());
  if (o.rows < parts || o.cols < 3 || o.steps < 0) {
    std::fprintf(stderr, "heat_strips: need rows >= parts, cols >= 3\n");
    return 2;
  }

  std::vector<hc::accelerator_view> views;
  for (int p = 0; p < parts; ++p) {
    hc::accelerator &a = devices[p % devices.size()];
    views.push_back(p < static_cast<int>(devices.size()) ? a.get_default_view()
                                                         : a.create_view());
    std::printf("strip %d on %s\n", p, name_of(views.back()).c_str());
  }

  double ms_per_step = 0;
  std::vector<float> split = solve(views, o, ms_per_step);
  std::vector<float> one = heat::on_one_accelerator(
      devices[0].get_default_view(), o.rows, o.cols, o.steps);

  double worst = heat::largest_difference(split, one);
  std::printf("heat_strips: %d x %d, %d steps, %d strips: %.3f ms/step\n",
              o.rows, o.cols, o.steps, parts, ms_per_step);
  std::printf("largest difference from one accelerator: %g\n", worst);
  bool ok = worst <= 1e-5;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
