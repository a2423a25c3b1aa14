// A 2-D heat equation (Jacobi sweeps) split into strips of rows, one strip
// per GPU of the host (every accelerator of get_all() that is not
// emulated; the CPU when there is none). Each strip keeps its rows plus one
// halo row above and below in hc::arrays on its own accelerator. A step:
//
//   1. the strip's first and last rows are updated (a small kernel);
//   2. the rest of the strip is updated (the big kernel), asynchronously;
//   3. meanwhile the two edge rows are copied into the neighbours' halo
//      rows: peer copies between arrays on different accelerators
//      (hc::copy_async of one-row sections, contiguous, so one copy each);
//   4. everything of the step is waited for.
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
    // which run while the halos move.
    std::vector<hc::completion_future> edges, pending;
    for (auto &s : strips)
      s->sweep_edges_then_interior(edges, pending);
    for (auto &f : edges)
      f.wait();
    // 3. Halo exchange between neighbouring strips (peer copies).
    for (int p = 0; p + 1 < parts; ++p) {
      heat::strip &up = *strips[p], &down = *strips[p + 1];
      pending.push_back(hc::copy_async(heat::strip::row(*up.next, up.height),
                                       heat::strip::row(*down.next, 0)));
      pending.push_back(
          hc::copy_async(heat::strip::row(*down.next, 1),
                         heat::strip::row(*up.next, up.height + 1)));
    }
    // 4. The step is done when every kernel and copy is.
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
