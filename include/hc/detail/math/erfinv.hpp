// Inverse error functions, erfinv(y) (erf(x) = y) and erfcinv(z)
// (erfc(x) = z), for hc::precise_math and the device libraries (C has
// neither; CUDA and ROCm do, and hcc had them).
//
// Both solve their equation with Halley's method, which for erf and erfc
// takes the simple form
//     x <- x - u / (1 + x u),   u = f(x) / f'(x),  f'' = -2 x f'
// from a starting point a few digits good, so that a fixed number of steps
// reaches full precision (cubic convergence). The equation solved is the
// well-conditioned one:
//   |y| <= 1/2:  erf(x) = y. Start: erfinv's Taylor series to y^7 (relative
//                error below 4e-4); two steps.
//   otherwise:   erfc(|x|) = t with t = 1 - |y|, exact for |y| >= 1/2 (so
//                that erfinv(1 - 2^-53) loses nothing), solved in the tail
//                where erfc has full relative precision. Start: the
//                asymptotic x^2 = w - log(pi w) / 2, w = -log t (15% off at
//                t = 1/2, better further out); three steps. Below
//                double's normal range, in logarithms (erfcinv_far_tail).
// erfcinv(z) is -erfcinv(2 - z) for z > 1, erfinv(1 - z) for z in
// [1/2, 1] (both differences exact), the tail solve below 1/2.
//
// u = (erfc(x) - t) / f'(x) is computed as -(erfc(x)/t - 1) sqrt(pi)/2
// e^(x^2 + log t), which neither overflows nor loses the quotient where
// e^(x^2) alone would overflow (t down to the smallest subnormal).
//
// F is the floating type to work in; Erf, Erfc, Exp and Log its functions
// (libclc's on the GPU, the host's libm on the host). The error is that of
// F's erf / erfc (x moves by their relative error divided by 2 x^2 in the
// tail), a few ulp of F at most: the float functions compute in double and
// round, the double ones use long double on the host (docs/math.md).
#ifndef HC_DETAIL_MATH_ERFINV_HPP
#define HC_DETAIL_MATH_ERFINV_HPP

namespace hc {
namespace detail {
namespace math {

// Halley's step for f = erf(x) - y or erfc(x) - t, given u = f / f'.
template <typename F>
__attribute__((host, device)) inline F erf_halley_step(F x, F u) {
  return x - u / (1 + x * u);
}

// erf(x) = y for |y| <= 1/2.
template <typename F, typename Erf, typename Exp>
__attribute__((host, device)) inline F erfinv_central(F y, Erf erf, Exp exp) {
  const F pi = F(3.14159265358979323846264338327950288L);
  const F half_sqrt_pi = F(0.886226925452758013649083741671393L);
  // sqrt(pi)/2 (y + pi/12 y^3 + 7 pi^2/480 y^5 + 127 pi^3/40320 y^7)
  const F y2 = y * y;
  F x = half_sqrt_pi * y *
        (1 + y2 * (pi / 12 + y2 * (7 * pi * pi / 480 +
                                   y2 * (127 * pi * pi * pi / 40320))));
  for (int step = 0; step < 2; ++step) {
    const F u = (erf(x) - y) * half_sqrt_pi * exp(x * x);
    x = erf_halley_step(x, u);
  }
  return x;
}

// erfc(x) = t for t below double's normal range (x > 26.5), where erfc
// itself would return a subnormal with few significant bits: Newton's
// method on log erfc(x) = log t, with erfc's asymptotic series
//   erfc(x) = e^(-x^2) / (x sqrt(pi)) s(v),  v = 1 / (2 x^2),
//   s(v) = 1 - v + 3 v^2 - 15 v^3 + ... (coefficients (-1)^k (2k-1)!!)
// to v^7: the next term is below 1e-18 for x > 26.5.
template <typename F, typename Log>
__attribute__((host, device)) inline F erfcinv_far_tail(F x, F log_t, Log log) {
  const F log_sqrt_pi = F(0.572364942924700087071713675676529356L);
  for (int step = 0; step < 3; ++step) {
    const F v = 1 / (2 * x * x);
    const F s =
        1 +
        v * (-1 +
             v * (3 + v * (-15 +
                           v * (105 + v * (-945 + v * (10395 - 135135 * v))))));
    const F ds_dv =
        -1 + v * (6 + v * (-45 +
                           v * (420 + v * (-4725 + v * (62370 - 945945 * v)))));
    // g(x) = log erfc(x) - log t, g'(x) = -2x - 1/x + s'(v) dv/dx / s,
    // dv/dx = -2 v / x.
    const F g = -x * x - log(x) - log_sqrt_pi + log(s) - log_t;
    const F dg = -2 * x - 1 / x - ds_dv * 2 * v / (x * s);
    x = x - g / dg;
  }
  return x;
}

// erfc(x) = t for 0 < t <= 1/2 (x >= 0.4769...).
template <typename F, typename Erfc, typename Exp, typename Log>
__attribute__((host, device)) inline F erfcinv_tail(F t, Erfc erfc, Exp exp,
                                                    Log log) {
  const F pi = F(3.14159265358979323846264338327950288L);
  const F half_sqrt_pi = F(0.886226925452758013649083741671393L);
  const F log_t = log(t);
  const F w = -log_t;
  F x = __builtin_sqrt(double(w - log(pi * w) / 2));
  if (t < F(0x1p-1022))
    return erfcinv_far_tail(x, log_t, log);
  for (int step = 0; step < 3; ++step) {
    const F u = -(erfc(x) / t - 1) * half_sqrt_pi * exp(x * x + log_t);
    x = erf_halley_step(x, u);
  }
  return x;
}

template <typename F, typename Erf, typename Erfc, typename Exp, typename Log>
__attribute__((host, device)) inline F inverse_erf(F y, Erf erf, Erfc erfc,
                                                   Exp exp, Log log) {
  const F ay = y < 0 ? -y : y;
  if (!(ay < 1)) { // +-1, |y| > 1, NaN
    if (ay == 1)
      return y * F(__builtin_inf());
    return y - y + F(__builtin_nan("")); // NaN (quiet for a NaN y too)
  }
  if (ay <= F(0.5))
    return y == 0 ? y : erfinv_central(y, erf, exp); // keeps -0
  const F x = erfcinv_tail(1 - ay, erfc, exp, log);
  return y < 0 ? -x : x;
}

template <typename F, typename Erf, typename Erfc, typename Exp, typename Log>
__attribute__((host, device)) inline F inverse_erfc(F z, Erf erf, Erfc erfc,
                                                    Exp exp, Log log) {
  if (!(z > 0 && z < 2)) { // 0, 2, outside [0, 2], NaN
    if (z == 0)
      return F(__builtin_inf());
    if (z == 2)
      return -F(__builtin_inf());
    return z - z + F(__builtin_nan(""));
  }
  if (z > F(1.5))
    return -erfcinv_tail(2 - z, erfc, exp, log);
  if (z >= F(0.5))
    return inverse_erf(1 - z, erf, erfc, exp, log);
  return erfcinv_tail(z, erfc, exp, log);
}

} // namespace math
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_MATH_ERFINV_HPP
