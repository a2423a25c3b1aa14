// The plate of the heat examples (examples/multi_gpu, examples/mpi): a 2-D
// heat equation solved by Jacobi sweeps, cut into strips of rows. A strip
// keeps its rows plus a halo row above (local row 0) and below (local row
// height + 1) in two hc::arrays on one accelerator: a sweep reads `cur`
// and writes `next`, then they swap. How halos travel between strips is
// each example's business.
#ifndef HCC_EXAMPLES_HEAT_PLATE_HPP
#define HCC_EXAMPLES_HEAT_PLATE_HPP

#include <hc.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

namespace heat {

constexpr float alpha = 0.2f; // stable for alpha <= 0.25

// The examples' command line: --rows R --cols C --steps S [--parts P].
struct options {
  int rows = 2048, cols = 2048, steps = 100;
  int parts = 0; // strips, where the example chooses them; 0: its default
};

inline options parse(int argc, char **argv) {
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

// The starting temperature: a hot square in a cold plate whose left edge is
// held hot. The plate's border never changes.
inline float initial(int y, int x, int rows, int cols) {
  if (x == 0)
    return 1.0f;
  bool square = y > rows / 4 && y < rows / 2 && x > cols / 3 && x < cols / 2;
  return square ? 1.0f : 0.0f;
}

// Rows [first, first + height) of a rows x cols plate.
struct strip {
  int first, height, rows, cols;
  hc::accelerator_view view;
  std::unique_ptr<hc::array<float, 2>> cur, next;

  strip(int first_row, int rows_here, int plate_rows, int plate_cols,
        const hc::accelerator_view &v)
      : first(first_row), height(rows_here), rows(plate_rows), cols(plate_cols),
        view(v), cur(new hc::array<float, 2>(rows_here + 2, plate_cols, v)),
        next(new hc::array<float, 2>(rows_here + 2, plate_cols, v)) {
    // Halos too; those outside the plate (above row 0, below the last row)
    // are never read: the border rows do not change.
    std::vector<float> host(static_cast<size_t>(height + 2) * cols);
    for (int y = 0; y < height + 2; ++y)
      for (int x = 0; x < cols; ++x) {
        int plate_y = std::min(std::max(first + y - 1, 0), rows - 1);
        host[static_cast<size_t>(y) * cols + x] =
            initial(plate_y, x, rows, cols);
      }
    hc::copy(host.begin(), *cur);
    hc::copy(host.begin(), *next);
  }

  // One row (local numbering) of a buffer, as a section copies can use: a
  // whole row is contiguous, so it moves as one copy.
  static hc::array_view<float, 2> row(hc::array<float, 2> &a, int local) {
    return a.section(hc::index<2>(local, 0),
                     hc::extent<2>(1, a.get_extent()[1]));
  }

  // Updates local rows [begin, end) from `cur` into `next`.
  hc::completion_future sweep(int begin, int end) {
    hc::array<float, 2> &in = *cur;
    hc::array<float, 2> &out = *next;
    const int top = first, plate_rows = rows, plate_cols = cols;
    return hc::parallel_for_each(
        view, hc::extent<2>(end - begin, cols),
        [&in, &out, begin, top, plate_rows, plate_cols](hc::index<2> i) [[hc]] {
          const int y = i[0] + begin, x = i[1];
          const int plate_y = top + y - 1;
          const float c = in(y, x);
          if (plate_y == 0 || plate_y == plate_rows - 1 || x == 0 ||
              x == plate_cols - 1) {
            out(y, x) = c;
            return;
          }
          out(y, x) = c + alpha * (in(y - 1, x) + in(y + 1, x) + in(y, x - 1) +
                                   in(y, x + 1) - 4.0f * c);
        });
  }

  // Launches the sweeps of the edge rows (what the neighbours need) into
  // `edges` and of the rest into `interior`.
  void sweep_edges_then_interior(std::vector<hc::completion_future> &edges,
                                 std::vector<hc::completion_future> &interior) {
    edges.push_back(sweep(1, 2));
    if (height > 1)
      edges.push_back(sweep(height, height + 1));
    if (height > 2)
      interior.push_back(sweep(2, height));
  }

  void swap_buffers() { std::swap(cur, next); }

  // The strip's own rows of `cur`, into their place in a whole plate.
  void copy_rows_to(std::vector<float> &plate) const {
    std::vector<float> host = *cur;
    std::copy(host.begin() + cols,
              host.begin() + static_cast<size_t>(height + 1) * cols,
              plate.begin() + static_cast<size_t>(first) * cols);
  }
};

// The plate after `steps` sweeps as one strip on `view`: what the split
// runs are checked against.
inline std::vector<float> on_one_accelerator(const hc::accelerator_view &view,
                                             int rows, int cols, int steps) {
  strip whole(0, rows, rows, cols, view);
  for (int step = 0; step < steps; ++step) {
    std::vector<hc::completion_future> edges, interior;
    whole.sweep_edges_then_interior(edges, interior);
    for (auto &f : edges)
      f.wait();
    for (auto &f : interior)
      f.wait();
    whole.swap_buffers();
  }
  std::vector<float> plate(static_cast<size_t>(rows) * cols);
  whole.copy_rows_to(plate);
  return plate;
}

// The largest difference between two plates.
inline double largest_difference(const std::vector<float> &a,
                                 const std::vector<float> &b) {
  double worst = 0;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i)
    worst = std::max(
        worst, static_cast<double>(a[i] > b[i] ? a[i] - b[i] : b[i] - a[i]));
  return worst;
}

} // namespace heat

#endif
