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
#include <hc.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

namespace {

constexpr float alpha = 0.2f; // stable for alpha <= 0.25

struct options {
  int rows = 2048, cols = 2048, steps = 100, parts = 0;
};

options parse(int argc, char **argv) {
  options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    int value = std::atoi(argv[i + 1]);
    if (!std::strcmp(argv[i], "--rows"))
      o.rows = value;
    else if (!std::strcmp(argv[i], "--cols"))
      o.cols = value;
    else if (!std::strcmp(argv[i], "--steps"))
      o.steps = value;
    else if (!std::strcmp(argv[i], "--parts"))
      o.parts = value;
  }
  return o;
}

// The starting temperature: a hot square in a cold plate whose left edge
// is held hot. Rows and columns on the plate's border never change.
float initial(int y, int x, int rows, int cols) {
  if (x == 0)
    return 1.0f;
  bool square = y > rows / 4 && y < rows / 2 && x > cols / 3 && x < cols / 2;
  return square ? 1.0f : 0.0f;
}

// One strip: rows [first, first + height) of the plate, stored with a halo
// row above (local row 0) and below (local row height + 1).
struct strip {
  int first, height;
  hc::accelerator_view view;
  std::unique_ptr<hc::array<float, 2>> cur, next;

  strip(int first_row, int rows_here, int cols, const hc::accelerator_view &v)
      : first(first_row), height(rows_here), view(v),
        cur(new hc::array<float, 2>(rows_here + 2, cols, v)),
        next(new hc::array<float, 2>(rows_here + 2, cols, v)) {}

  // One row of `a` (local numbering) as a section that copies can use.
  static hc::array_view<float, 2> row(hc::array<float, 2> &a, int local) {
    return a.section(hc::index<2>(local, 0),
                     hc::extent<2>(1, a.get_extent()[1]));
  }
};

// Updates local rows [begin, end) of `s` from its current buffer into its
// next one. The plate's border stays as it is.
hc::completion_future sweep_rows(strip &s, int begin, int end, int rows,
                                 int cols) {
  hc::array<float, 2> &cur = *s.cur;
  hc::array<float, 2> &next = *s.next;
  const int first = s.first;
  return hc::parallel_for_each(
      s.view, hc::extent<2>(end - begin, cols),
      [&cur, &next, begin, first, rows, cols](hc::index<2> i) [[hc]] {
        const int y = i[0] + begin, x = i[1];
        const int global_y = first + y - 1;
        const float c = cur(y, x);
        if (global_y == 0 || global_y == rows - 1 || x == 0 || x == cols - 1) {
          next(y, x) = c;
          return;
        }
        next(y, x) = c + alpha * (cur(y - 1, x) + cur(y + 1, x) +
                                  cur(y, x - 1) + cur(y, x + 1) - 4.0f * c);
      });
}

// The plate after `steps` sweeps over `views` (one strip per entry).
std::vector<float> solve(const std::vector<hc::accelerator_view> &views,
                         const options &o, double &ms_per_step) {
  const int parts = static_cast<int>(views.size());
  std::vector<std::unique_ptr<strip>> strips;
  for (int p = 0, first = 0; p < parts; ++p) {
    int height = o.rows / parts + (p < o.rows % parts ? 1 : 0);
    strips.emplace_back(new strip(first, height, o.cols, views[p]));
    first += height;
  }
  // Initial values, halos included (the plate's outside is never read:
  // rows -1 and `rows` exist only as unused halo rows of the end strips).
  for (auto &s : strips) {
    std::vector<float> host(static_cast<size_t>(s->height + 2) * o.cols);
    for (int y = 0; y < s->height + 2; ++y)
      for (int x = 0; x < o.cols; ++x) {
        int gy = std::min(std::max(s->first + y - 1, 0), o.rows - 1);
        host[static_cast<size_t>(y) * o.cols + x] =
            initial(gy, x, o.rows, o.cols);
      }
    hc::copy(host.begin(), *s->cur);
    hc::copy(host.begin(), *s->next);
  }

  auto start = std::chrono::steady_clock::now();
  for (int step = 0; step < o.steps; ++step) {
    std::vector<hc::completion_future> pending;
    // 1. Edge rows first: the neighbours need them.
    std::vector<hc::completion_future> edges;
    for (auto &s : strips) {
      edges.push_back(sweep_rows(*s, 1, 2, o.rows, o.cols));
      if (s->height > 1)
        edges.push_back(
            sweep_rows(*s, s->height, s->height + 1, o.rows, o.cols));
    }
    // 2. The interiors, while the halos move.
    for (auto &s : strips)
      if (s->height > 2)
        pending.push_back(sweep_rows(*s, 2, s->height, o.rows, o.cols));
    for (auto &f : edges)
      f.wait();
    // 3. Halo exchange between neighbouring strips (peer copies).
    for (int p = 0; p + 1 < parts; ++p) {
      strip &up = *strips[p], &down = *strips[p + 1];
      pending.push_back(hc::copy_async(strip::row(*up.next, up.height),
                                       strip::row(*down.next, 0)));
      pending.push_back(hc::copy_async(strip::row(*down.next, 1),
                                       strip::row(*up.next, up.height + 1)));
    }
    // 4. The step is done when every kernel and copy is.
    for (auto &f : pending)
      f.wait();
    for (auto &s : strips)
      std::swap(s->cur, s->next);
  }
  auto stop = std::chrono::steady_clock::now();
  ms_per_step =
      std::chrono::duration<double, std::milli>(stop - start).count() /
      std::max(o.steps, 1);

  std::vector<float> plate(static_cast<size_t>(o.rows) * o.cols);
  for (auto &s : strips) {
    std::vector<float> host = *s->cur;
    std::copy(host.begin() + o.cols,
              host.begin() + static_cast<size_t>(s->height + 1) * o.cols,
              plate.begin() + static_cast<size_t>(s->first) * o.cols);
  }
  return plate;
}

std::string name_of(const hc::accelerator_view &v) {
  std::wstring w = v.get_accelerator().get_description();
  return std::string(w.begin(), w.end());
}

} // namespace

int main(int argc, char **argv) {
  options o = parse(argc, argv);
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

  double ms_split = 0, ms_one = 0;
  std::vector<float> split = solve(views, o, ms_split);
  std::vector<float> one = solve({devices[0].get_default_view()}, o, ms_one);

  double worst = 0;
  for (size_t i = 0; i < split.size(); ++i)
    worst = std::max(worst, static_cast<double>(std::fabs(split[i] - one[i])));
  std::printf("heat_strips: %d x %d, %d steps, %d strips: %.3f ms/step "
              "(one accelerator: %.3f ms/step)\n",
              o.rows, o.cols, o.steps, parts, ms_split, ms_one);
  std::printf("largest difference from one accelerator: %g\n", worst);
  bool ok = worst <= 1e-5;
  std::printf("%s\n", ok ? "PASSED" : "FAILED");
  return ok ? 0 : 1;
}
