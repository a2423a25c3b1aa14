// hc::fast_math accuracy (float): the functions that have an approximate
// form on a GPU (PTX .approx instructions), over the ranges where the PTX
// ISA documents their accuracy, against the host's <cmath> in long double.
// Bounds are OpenCL's -cl-fast-relaxed-math ones (docs/math.md): sin, cos
// absolute error <= 2^-11 on [-pi, pi]; exp* 3 + floor(|2x|) ulp; log*
// 3 ulp, or absolute error <= 2^-21 in [0.5, 2]; sqrt, rsqrt 3 ulp; tan
// 8192 ulp. On the CPU backend fast_math is the host's libm.

// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: function type maxulp
// CHECK: fast_math: all functions within their bounds

#include <hc.hpp>

#include "Inputs/ulp.hpp"

#include <cmath>
#include <cstdio>

using namespace hc;

static constexpr int per_fn = 4096;

#define FAST(X)                                                                \
  X(sin, std::sin, -3.14159265f, 3.14159265f, false)                           \
  X(cos, std::cos, -3.14159265f, 3.14159265f, false)                           \
  X(tan, std::tan, -1.5f, 1.5f, false)                                         \
  X(exp, std::exp, -80.f, 80.f, false)                                         \
  X(exp2, std::exp2, -120.f, 120.f, false)                                     \
  X(exp10, exp10l, -35.f, 35.f, false)                                         \
  X(log, std::log, -40.f, 40.f, true)                                          \
  X(log2, std::log2, -40.f, 40.f, true)                                        \
  X(log10, std::log10, -40.f, 40.f, true)                                      \
  X(sqrt, std::sqrt, -40.f, 40.f, true)                                        \
  X(rsqrt, ref_rsqrt, -40.f, 40.f, true)

#define ENUM_ID(n, ...) id_##n,
enum fn_id { FAST(ENUM_ID) fn_count };

static long double ref_rsqrt(long double x) { return 1.0L / std::sqrt(x); }

int main() {
  // Inputs: uniform in [lo, hi], or 10^uniform(lo, hi) for the log-scaled
  // (positive) ones.
  ulp_test::rng g;
  std::vector<float> xs;
#define INPUTS(n, ref, lo, hi, log_scaled)                                     \
  for (int i = 0; i < per_fn; ++i) {                                           \
    double u = lo + (hi - lo) * g.unit();                                      \
    xs.push_back(float(log_scaled ? std::pow(10.0, u) : u));                   \
  }
  FAST(INPUTS)
  int n = int(xs.size());
  std::vector<float> r(n);
  {
    array_view<const float, 1> x(n, xs.data());
    array_view<float, 1> out(n, r.data());
    parallel_for_each(extent<1>(n), [=](hc::index<1> idx) [[hc]] {
      int i = idx[0];
      float a = x[i], s = 0;
      switch (i / per_fn) {
#define CASE(name, ...)                                                        \
  case id_##name:                                                              \
    s = fast_math::name(a);                                                    \
    break;
        FAST(CASE)
      }
      out[i] = s;
    });
    out.synchronize();
  }

  std::vector<ulp_test::row> rows;
  using L = long double;
  auto check = [&](const char *name, int id, auto ref, auto within) {
    ulp_test::row row{name, "float", 0};
    bool ok = true;
    for (int i = id * per_fn; i < (id + 1) * per_fn; ++i) {
      L want = ref(L(xs[i]));
      double err = ulp_test::ulp_error<float>(r[i], want);
      ulp_test::note(row, err, xs[i], 0, r[i], want);
      if (!within(xs[i], r[i], want, err)) {
        if (ok)
          std::printf("%s(%a) = %a, want %La: over the bound\n", name, xs[i],
                      r[i], want);
        ok = false;
      }
    }
    row.bound = ok ? 0 : 1; // here: 1 = over its bound
    rows.push_back(row);
  };
  auto abs_or_ulp = [](double abs_bound, double ulp_bound) {
    return [=](float, float got, L want, double err) {
      return err <= ulp_bound || std::fabs(L(got) - want) <= abs_bound;
    };
  };
  auto exp_bound = [](double scale) {
    return [=](float x, float, L, double err) {
      return err <= 3 + std::floor(std::fabs(2 * x * scale));
    };
  };
  check("sin", id_sin, [](L x) { return std::sin(x); }, abs_or_ulp(0x1p-11, 0));
  check("cos", id_cos, [](L x) { return std::cos(x); }, abs_or_ulp(0x1p-11, 0));
  check("tan", id_tan, [](L x) { return std::tan(x); }, abs_or_ulp(0, 8192));
  check("exp", id_exp, [](L x) { return std::exp(x); }, exp_bound(1));
  check("exp2", id_exp2, [](L x) { return std::exp2(x); }, exp_bound(1));
  check("exp10", id_exp10, [](L x) { return exp10l(x); }, exp_bound(1));
  auto log_bound = [](float x, float got, L want, double err) {
    if (x >= 0.5f && x <= 2.0f)
      return std::fabs(L(got) - want) <= 0x1p-21L;
    return err <= 3;
  };
  check("log", id_log, [](L x) { return std::log(x); }, log_bound);
  check("log2", id_log2, [](L x) { return std::log2(x); }, log_bound);
  check("log10", id_log10, [](L x) { return std::log10(x); }, log_bound);
  check("sqrt", id_sqrt, [](L x) { return std::sqrt(x); }, abs_or_ulp(0, 3));
  check("rsqrt", id_rsqrt, ref_rsqrt, abs_or_ulp(0, 3));
  // The table: max ulp error seen (the bound of each is above).
  int failures = 0;
  std::printf("%-12s %-6s %10s\n", "function", "type", "maxulp");
  for (const ulp_test::row &row : rows) {
    std::printf("%-12s %-6s %10.3g%s\n", row.name, row.type, row.max_ulp,
                row.bound ? "  FAIL" : "");
    failures += row.bound != 0;
  }
  if (failures) {
    std::printf("fast_math: some functions over their bounds\n");
    return 1;
  }
  std::printf("fast_math: all functions within their bounds\n");
}
