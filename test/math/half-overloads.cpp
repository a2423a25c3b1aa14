// hc::precise_math's _Float16 overloads over every half bit pattern (all
// finite values, subnormals, infinities, NaNs), in a kernel, against the
// host's double <cmath> rounded to half: within one half ulp (the float
// computation plus two roundings), NaN for NaN, exact infinities.

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: half: all functions within 1 ulp

#include <hc.hpp>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

using namespace hc;

#define HALF_FNS(X)                                                            \
  X(sqrt) X(cbrt) X(exp) X(exp2) X(expm1) X(log) X(log2) X(log10) X(log1p)     \
  X(sin) X(cos) X(tan) X(asin) X(acos) X(atan) X(sinh) X(cosh) X(tanh)         \
  X(asinh) X(acosh) X(atanh) X(erf) X(erfc) X(lgamma) X(tgamma) X(floor)      \
  X(ceil) X(trunc) X(round) X(fabs) X(logb)

enum {
#define ID(n) id_##n,
  HALF_FNS(ID) fn_count
};

static double ulp_of_half(double w) {
  int e;
  std::frexp(w, &e);
  if (e < -13) // subnormal half: spacing 2^-24
    e = -13;
  return std::ldexp(1.0, e - 11);
}

int main() {
  constexpr int per_fn = 65536;
  std::vector<_Float16> xs(per_fn);
  for (int i = 0; i < per_fn; ++i) {
    uint16_t bits = uint16_t(i);
    std::memcpy(&xs[i], &bits, 2);
  }
  int n = per_fn * fn_count;
  std::vector<_Float16> r(n);
  {
    array_view<const _Float16, 1> x(per_fn, xs.data());
    array_view<_Float16, 1> out(n, r.data());
    parallel_for_each(extent<1>(n), [=](hc::index<1> idx) [[hc]] {
      int i = idx[0];
      _Float16 a = x[i % per_fn], s = 0;
      switch (i / per_fn) {
#define CASE(name)                                                             \
  case id_##name:                                                              \
    s = precise_math::name(a);                                                 \
    break;
        HALF_FNS(CASE)
      }
      out[i] = s;
    });
    out.synchronize();
  }
  int failures = 0;
  const char *names[] = {
#define NAME(n) #n,
      HALF_FNS(NAME)};
  double (*refs[])(double) = {
#define REF(n) [](double v) { return double(std::n(v)); },
      HALF_FNS(REF)};
  for (int f = 0; f < fn_count; ++f) {
    double worst = 0;
    for (int i = 0; i < per_fn; ++i) {
      double x = double(xs[i]);
      double want = refs[f](x);
      double got = double(r[f * per_fn + i]);
      double err;
      if (std::isnan(want))
        err = std::isnan(got) ? 0 : INFINITY;
      else if (std::isinf(double(_Float16(want))) || std::isinf(got))
        err = got == double(_Float16(want)) ? 0 : INFINITY;
      else
        err = std::fabs(got - want) / ulp_of_half(want);
      if (!(err <= worst)) {
        if (!(err <= 1) && worst <= 1)
          std::printf("%s(%a) = %a, want %a\n", names[f], x, got, want);
        worst = err;
      }
    }
    std::printf("%-8s half %8.3g\n", names[f], worst);
    failures += !(worst <= 1);
  }
  if (failures) {
    std::printf("half: %d functions over 1 ulp\n", failures);
    return 1;
  }
  std::printf("half: all functions within 1 ulp\n");
}
