// Mandelbrot set: per pixel, iterate z = z^2 + c until |z| > 2 or 512
// iterations, and store the count. Compute-bound, and divergent: pixels
// inside the set take all 512 iterations, their neighbours a few.
// Twin: mandelbrot.cu.
//
//   twin.mandelbrot.giters   iterations done (the sum of the counts) /
//                            median time of one image, in 1e9 per second
//
// The counts are checked against the CPU and between the two sides. Near
// the set's border the orbits are chaotic: a difference in the last bit (a
// fused multiply-add here but not there) grows until it changes the
// pixel's count, so some pixels differ between compilers; more than 1 in
// 100 fails (a wrong kernel gets most of them wrong).
#include "check.hpp"
#include "harness.hpp"

namespace {

constexpr int MAX_ITERATIONS = 512;
// The view: real part [-2.25, 0.75], imaginary part [-1.5, 1.5].
constexpr float LEFT = -2.25f, TOP = 1.5f, SPAN = 3.0f;

// hc and CPU alike (the CPU check runs this very function).
int escape(float cr, float ci) [[hc, cpu]] {
  float zr = 0.0f, zi = 0.0f;
  int k = 0;
  while (k < MAX_ITERATIONS && zr * zr + zi * zi <= 4.0f) {
    const float t = zr * zr - zi * zi + cr;
    zi = 2.0f * zr * zi + ci;
    zr = t;
    ++k;
  }
  return k;
}

void render(const hc::accelerator_view &view,
            const hc::array_view<int, 2> &counts) {
  const int side = counts.get_extent()[0];
  const float step = SPAN / side;
  hc::parallel_for_each(view, counts.get_extent(), [=](hc::index<2> i) [[hc]] {
    counts[i] = escape(LEFT + i[1] * step, TOP - i[0] * step);
  }).wait();
}

// Fails when more than 1 in 100 counts differ.
void expect_mostly_equal(const char *what, const std::vector<int> &got,
                         const std::vector<int> &want) {
  std::size_t differ = 0;
  for (std::size_t i = 0; i < got.size(); ++i)
    differ += got[i] != want[i];
  if (differ * 100 > got.size())
    throw std::runtime_error(std::string(what) + ": " + std::to_string(differ) +
                             " of " + std::to_string(got.size()) +
                             " counts differ");
}

int run(twin::harness &h) {
  int side = static_cast<int>(h.size(4096, 256));
  const std::size_t pixels = static_cast<std::size_t>(side) * side;
  bench::note("%d x %d pixels, at most %d iterations, median of %d images",
              side, side, MAX_ITERATIONS, h.reps());

  hc::accelerator_view view = h.view();
  hc::array<int, 2> counts_data(side, side, view);
  hc::array_view<int, 2> counts(counts_data);

  bench::reference *ref = h.ref();
  raw_cuda::CUfunction kernel = nullptr;
  raw_cuda::CUdeviceptr rcounts = 0;
  if (ref) {
    kernel = ref->function("mandelbrot");
    rcounts = h.alloc<int>(pixels);
  }
  void *params[] = {&side, &rcounts};
  const unsigned bx = 16, by = 16;

  h.time([&] { render(view, counts); },
         [&] {
           ref->launch(kernel, (side + bx - 1) / bx, (side + by - 1) / by, bx,
                       by, params);
         });

  std::vector<int> ours(pixels), want(pixels);
  hc::copy(counts_data, ours.begin());
  const float step = SPAN / side;
  for (int y = 0; y < side; ++y)
    for (int x = 0; x < side; ++x)
      want[static_cast<std::size_t>(y) * side + x] =
          escape(LEFT + x * step, TOP - y * step);
  expect_mostly_equal("ours against the CPU", ours, want);
  if (ref)
    expect_mostly_equal("ref against ours", h.download<int>(rcounts, pixels),
                        ours);

  double iterations = 0;
  for (int c : ours)
    iterations += c;
  h.report("twin.mandelbrot.giters", iterations, 1e9);
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  return twin::main(argc, argv, "mandelbrot", "[--size SIDE]", run);
}
