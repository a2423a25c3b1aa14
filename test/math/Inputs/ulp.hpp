// Shared by the accuracy tests of test/math/: inputs that cover every
// exponent, subnormals, infinities and NaN, and the error of a result in
// units in the last place (ulp) of the correctly rounded value.
#ifndef HCC_TEST_MATH_ULP_HPP
#define HCC_TEST_MATH_ULP_HPP

#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

namespace ulp_test {

/// Deterministic: the same inputs on every machine.
struct rng {
  uint64_t s = 0x9e3779b97f4a7c15ull;
  uint64_t next() {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  }
  double unit() { return (next() >> 11) * 0x1.0p-53; } // [0, 1)
};

template <typename T> T from_bits(uint64_t b) {
  T r;
  if constexpr (sizeof(T) == 4) {
    uint32_t v = uint32_t(b);
    std::memcpy(&r, &v, 4);
  } else {
    std::memcpy(&r, &b, 8);
  }
  return r;
}

/// The edge cases every function sees first.
template <typename T> std::vector<T> special_values() {
  using L = std::numeric_limits<T>;
  T big = sizeof(T) == 4 ? T(1e10) : T(1e100);
  std::vector<T> v = {T(0),         L::denorm_min(),  T(L::min() / 2),
                      L::min(),     T(0.5),           T(1),
                      T(2),         T(3.14159265358979), T(10.5),
                      T(100),       T(1e5),           big,
                      L::max(),     L::infinity()};
  size_t n = v.size();
  for (size_t i = 0; i < n; ++i)
    v.push_back(-v[i]);
  v.push_back(L::quiet_NaN());
  return v;
}

/// \p n inputs: the special values, then half random bit patterns (all
/// exponents: subnormals, huge, inf, NaN) and half uniform in [lo, hi].
template <typename T>
std::vector<T> sweep(rng &g, size_t n, double lo, double hi) {
  std::vector<T> v = special_values<T>();
  while (v.size() < n) {
    if (v.size() % 2)
      v.push_back(from_bits<T>(g.next()));
    else
      v.push_back(T(lo + (hi - lo) * g.unit()));
  }
  v.resize(n);
  return v;
}

/// Error of \p got against the exact value \p want (computed in higher
/// precision), in ulps of T at \p want. NaN must give NaN and an infinite
/// (correctly rounded) result the same infinity; otherwise the error is
/// infinite. A float result flushed to zero from the subnormal range counts
/// as exact.
template <typename T> double ulp_error(T got, long double want) {
  if (std::isnan(want))
    return std::isnan(got) ? 0 : INFINITY;
  if (std::isnan(got))
    return INFINITY;
  T rounded = T(want);
  if (std::isinf(rounded) || std::isinf(got))
    return got == rounded ? 0 : INFINITY;
  if ((long double)got == want)
    return 0;
  // libclc's float functions flush results below FLT_MIN to zero (OpenCL
  // allows it without CL_FP_DENORM; docs/math.md): accepted for float.
  if (sizeof(T) == 4 && got == 0 &&
      std::fabs(want) < (long double)std::numeric_limits<float>::min())
    return 0;
  int e;
  std::frexp(want == 0 ? (long double)std::numeric_limits<T>::min() : want, &e);
  int p = std::numeric_limits<T>::digits;        // 24 or 53
  int emin = std::numeric_limits<T>::min_exponent; // -125 or -1021
  int ulp_exp = (e < emin ? emin : e) - p;
  return double(std::fabs((long double)got - want) / std::ldexp(1.0L, ulp_exp));
}

/// One row of the table: the largest error seen, the input that gave it,
/// and the bound it must meet.
struct row {
  const char *name;
  const char *type;
  double bound;
  double max_ulp = 0;
  double worst_x = 0, worst_y = 0;
  long double worst_want = 0;
  double worst_got = 0;
  bool approx_abs = false; ///< bound is an absolute error, not ulps
};

inline void note(row &r, double err, double x, double y, double got,
                 long double want) {
  if (!(err <= r.max_ulp)) { // NaN-safe: inf replaces anything
    r.max_ulp = err;
    r.worst_x = x;
    r.worst_y = y;
    r.worst_got = got;
    r.worst_want = want;
  }
}

/// Prints "function type maxulp bound" lines (the table docs/math.md
/// collects) and returns the number of functions over their bound.
inline int report(const std::vector<row> &rows) {
  int failures = 0;
  std::printf("%-12s %-6s %10s %8s\n", "function", "type", "maxulp", "bound");
  for (const row &r : rows) {
    bool ok = r.max_ulp <= r.bound;
    std::printf("%-12s %-6s %10.3g %8g%s%s\n", r.name, r.type, r.max_ulp,
                r.bound, r.approx_abs ? " (abs)" : "", ok ? "" : "  FAIL");
    if (!ok) {
      ++failures;
      std::printf("  worst: f(%a, %a) = %a, want %La\n", r.worst_x, r.worst_y,
                  r.worst_got, r.worst_want);
    }
  }
  return failures;
}

} // namespace ulp_test

#endif
