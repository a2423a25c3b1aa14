// <amp_math.h>: Concurrency::precise_math and fast_math in restrict(amp)
// code on the default accelerator, and in host code, against <cmath>.
// The accuracy sweeps are test/math/.

// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// CHECK: amp_math ok

#include <amp.h>
#include <amp_math.h>

#include <cmath>
#include <cstdio>

using namespace Concurrency;

int main() {
  const int n = 64;
  array_view<float, 1> f(n);
  array_view<double, 1> d(n);
  parallel_for_each(f.get_extent(), [=](index<1> i) restrict(amp) {
    float x = 0.25f + i[0] * 0.125f;
    f[i] = precise_math::sinf(x) + precise_math::sqrt(x) + fast_math::exp(x) +
           fast_math::fabsf(-x);
    d[i] = precise_math::cos(double(x)) + precise_math::pow(double(x), 1.5);
  });
  // The usual C++ AMP idiom: unqualified calls under a using-directive are
  // not ambiguous with the global <cmath> functions.
  array_view<double, 1> u(n);
  parallel_for_each(u.get_extent(), [=](index<1> i) restrict(amp) {
    using namespace Concurrency::precise_math;
    double x = 0.25 + i[0] * 0.125;
    u[i] = sqrt(x) + exp(x) + fmax(x, 1.0) + float(sin(float(x)));
  });
  array_view<float, 1> v(n);
  parallel_for_each(v.get_extent(), [=](index<1> i) restrict(amp) {
    using namespace Concurrency::fast_math;
    float x = 0.25f + i[0] * 0.125f;
    v[i] = sqrt(x) + fabs(-x) + pow(x, 2.0f);
  });
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    double x = 0.25 + i * 0.125;
    double wu = std::sqrt(x) + std::exp(x) + std::fmax(x, 1.0) + std::sin(x);
    double wv = std::sqrt(x) + x + x * x;
    if (std::fabs(u[i] - wu) > 1e-6 * wu || std::fabs(v[i] - wv) > 1e-5 * wv) {
      std::printf("i=%d: %.17g vs %.17g, %.9g vs %.9g\n", i, u[i], wu, v[i], wv);
      ++bad;
    }
  }
  for (int i = 0; i < n; ++i) {
    float x = 0.25f + i * 0.125f;
    double wf = std::sin(double(x)) + std::sqrt(double(x)) + std::exp(double(x)) + x;
    double wd = std::cos(double(x)) + std::pow(double(x), 1.5);
    // fast_math::exp may be an approximation on a GPU: relative 1e-5.
    if (std::fabs(f[i] - wf) > 1e-5 * std::fabs(wf) ||
        std::fabs(d[i] - wd) > 1e-13 * std::fabs(wd)) {
      std::printf("i=%d: %.9g vs %.9g, %.17g vs %.17g\n", i, f[i], wf, d[i], wd);
      ++bad;
    }
  }
  // Host code gets the same functions (restrict(amp, cpu)).
  if (precise_math::cbrtf(27.0f) != 3.0f || fast_math::floor(2.5f) != 2.0f)
    ++bad;
  if (bad)
    return 1;
  std::printf("amp_math ok\n");
}
