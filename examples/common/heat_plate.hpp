// The plate of the heat examples (examples/multi_gpu, examples/mpi): a 2-D
// heat equation solved by Jacobi sweeps, cut into strips of rows, each on
// one accelerator (struct strip). How the rows at a strip's edges travel
// to its neighbours is each example's business.
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

// The new temperature of a point from its own and its neighbours'.
inline float updated(float c, float up, float down, float left, float right)
    [[hc, cpu]] {
  return c + alpha * (up + down + left + right - 4.0f * c);
}

// Rows [first, first + height) of a rows x cols plate on one accelerator:
// `cur` holds them, a sweep writes `next`. The rows just above and below
// (the neighbours') are in `halo_top` and `halo_bottom`; a sweep leaves a
// copy of its first and last rows in `send_top` and `send_bottom`. The
// halo and send rows are arrays of their own, on a second view of the
// accelerator (`exchange`) where the edge rows are swept too: the edge
// rows' kernel and the copies of the halos are then commands of another
// queue than the kernel that sweeps the rest of the strip, and run while
// it does.
struct strip {
  int first, height, rows, cols;
  hc::accelerator_view view, exchange;
  std::unique_ptr<hc::array<float, 2>> cur, next;
  std::unique_ptr<hc::array<float, 1>> halo_top, halo_bottom;
  std::unique_ptr<hc::array<float, 1>> send_top, send_bottom;

  strip(int first_row, int rows_here, int plate_rows, int plate_cols,
        const hc::accelerator_view &v)
      : first(first_row), height(rows_here), rows(plate_rows), cols(plate_cols),
        view(v), exchange(v.get_accelerator().create_view()),
        cur(new hc::array<float, 2>(rows_here, plate_cols, v)),
        next(new hc::array<float, 2>(rows_here, plate_cols, v)),
        halo_top(new hc::array<float, 1>(plate_cols, exchange)),
        halo_bottom(new hc::array<float, 1>(plate_cols, exchange)),
        send_top(new hc::array<float, 1>(plate_cols, exchange)),
        send_bottom(new hc::array<float, 1>(plate_cols, exchange)) {
    std::vector<float> host(static_cast<size_t>(height) * cols);
    for (int y = 0; y < height; ++y)
      for (int x = 0; x < cols; ++x)
        host[static_cast<size_t>(y) * cols + x] =
            initial(first + y, x, rows, cols);
    hc::copy(host.begin(), *cur);
    hc::copy(host.begin(), *next);
    // Halos outside the plate (above row 0, below the last row) are never
    // read: the border rows do not change.
    hc::copy(plate_row(first - 1).begin(), *halo_top);
    hc::copy(plate_row(first + height).begin(), *halo_bottom);
  }

  std::vector<float> plate_row(int y) const {
    std::vector<float> row(cols);
    int clamped = std::min(std::max(y, 0), rows - 1);
    for (int x = 0; x < cols; ++x)
      row[x] = initial(clamped, x, rows, cols);
    return row;
  }

  // Sweeps the strip's first and last rows, the ones its neighbours need,
  // from `cur` and the halos into `next` and the send rows.
  hc::completion_future sweep_edges() {
    hc::array<float, 2> &in = *cur, &out = *next;
    hc::array<float, 1> &above = *halo_top, &below = *halo_bottom;
    hc::array<float, 1> &first_row = *send_top, &last_row = *send_bottom;
    const int top = first, h = height, plate_rows = rows, plate_cols = cols;
    return hc::parallel_for_each(
        exchange, hc::extent<2>(h > 1 ? 2 : 1, cols),
        [&in, &out, &above, &below, &first_row, &last_row, top, h, plate_rows,
         plate_cols](hc::index<2> i) [[hc]] {
          const int y = i[0] == 0 ? 0 : h - 1, x = i[1];
          const int plate_y = top + y;
          const float c = in(y, x);
          float v = c;
          if (plate_y != 0 && plate_y != plate_rows - 1 && x != 0 &&
              x != plate_cols - 1)
            v = updated(c, y == 0 ? above[x] : in(y - 1, x),
                        y == h - 1 ? below[x] : in(y + 1, x), in(y, x - 1),
                        in(y, x + 1));
          out(y, x) = v;
          if (y == 0)
            first_row[x] = v;
          if (y == h - 1)
            last_row[x] = v;
        });
  }

  // Sweeps the rows between the first and the last (none when the strip
  // has fewer than three): they read only the strip's own rows.
  void sweep_interior(std::vector<hc::completion_future> &pending) {
    if (height < 3)
      return;
    hc::array<float, 2> &in = *cur, &out = *next;
    const int plate_cols = cols;
    pending.push_back(hc::parallel_for_each(
        view, hc::extent<2>(height - 2, cols),
        [&in, &out, plate_cols](hc::index<2> i) [[hc]] {
          const int y = i[0] + 1, x = i[1];
          const float c = in(y, x);
          out(y, x) = x == 0 || x == plate_cols - 1
                          ? c
                          : updated(c, in(y - 1, x), in(y + 1, x), in(y, x - 1),
                                    in(y, x + 1));
        }));
  }

  void swap_buffers() { std::swap(cur, next); }

  // The strip's rows of `cur`, into their place in a whole plate.
  void copy_rows_to(std::vector<float> &plate) const {
    std::vector<float> host = *cur;
    std::copy(host.begin(), host.end(),
              plate.begin() + static_cast<size_t>(first) * cols);
  }
};

// The plate after `steps` sweeps as one strip on `view`: what the split
// runs are checked against.
inline std::vector<float> on_one_accelerator(const hc::accelerator_view &view,
                                             int rows, int cols, int steps) {
  strip whole(0, rows, rows, cols, view);
  for (int step = 0; step < steps; ++step) {
    std::vector<hc::completion_future> pending{whole.sweep_edges()};
    whole.sweep_interior(pending);
    for (auto &f : pending)
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
