// SAXPY (y = a * x + y) with the hc API.
//
//   hcc saxpy.cpp -o saxpy && ./saxpy
//
// Host vectors are wrapped in array_views; the kernel runs asynchronously
// on the default accelerator, and reading y afterwards waits for it. The
// result is checked against a CPU computation.
#include <hc.hpp>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

int main() {
  const int n = 1 << 20;
  const float a = 2.0f;

  std::vector<float> x(n), y(n), expected(n);
  for (int i = 0; i < n; ++i) {
    x[i] = static_cast<float>(i % 1024) / 1024.0f;
    y[i] = static_cast<float>(i % 97);
    expected[i] = a * x[i] + y[i];
  }

  hc::array_view<const float, 1> xv(n, x);
  hc::array_view<float, 1> yv(n, y);

  hc::completion_future done = hc::parallel_for_each(
      yv.get_extent(), [=](hc::index<1> i) [[hc]] { yv[i] = a * xv[i] + yv[i]; });
  done.wait();
  yv.synchronize();  // copy the results back into y

  int errors = 0;
  for (int i = 0; i < n; ++i)
    if (std::fabs(y[i] - expected[i]) > 1e-5f * std::fabs(expected[i]) + 1e-6f)
      ++errors;

  std::wstring device = hc::accelerator().get_description();
  std::printf("saxpy: n=%d a=%.1f on %ls, %d errors\n", n, a, device.c_str(),
              errors);
  if (errors != 0) {
    std::printf("FAILED\n");
    return 1;
  }
  std::printf("PASSED\n");
  return 0;
}
