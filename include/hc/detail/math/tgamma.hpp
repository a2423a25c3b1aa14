// Gamma function for x > 0 in double precision, for the NVPTX device
// library: libclc's tgamma is exp(lgamma(x)), whose relative error is that
// of lgamma times |lgamma(x)| (about 2000 ulp near 171). Here:
//   x < 10:  Gamma(x) = Gamma(x + n) / (x (x+1) ... (x+n-1)), x + n >= 10
//   x >= 10: Stirling, Gamma(x) = sqrt(2 pi) x^(x-1/2) e^-x e^S(x), with
//            x^(x-1/2) e^-x = (x^((x-1/2)/2) e^(-x/2))^2 so that neither
//            factor overflows, and S(x) = sum B_2k / (2k (2k-1) x^(2k-1)),
//            seven terms (the next is below 3e-17 relative for x >= 10).
// Integers up to 23 are exact factorials. Measured against the host's
// long double tgammal: a few ulp (docs/math.md).
#ifndef HC_DETAIL_MATH_TGAMMA_HPP
#define HC_DETAIL_MATH_TGAMMA_HPP

namespace hc {
namespace detail {
namespace math {

// Double-double arithmetic depends on every operation being rounded on
// its own: a multiply-add contracted into an fma (CUDA's default
// -ffp-contract=fast) breaks the error terms. The driver compiles device
// code with -ffp-contract=fast-honor-pragmas, so the pragma at the top of
// each function below holds (for that function only).

// Double-double helpers: a value is hi + lo with |lo| <= ulp(hi) / 2.
struct dd {
  double hi, lo;
};
__attribute__((host, device)) inline dd dd_add(double a, double b) {
#pragma clang fp contract(off)
  double s = a + b, bb = s - a;
  return {s, (a - (s - bb)) + (b - bb)};
}
__attribute__((host, device)) inline dd dd_mul(dd a, dd b) {
#pragma clang fp contract(off)
  double p = a.hi * b.hi;
  double e = __builtin_fma(a.hi, b.hi, -p) + (a.hi * b.lo + a.lo * b.hi);
  return dd_add(p, e);
}

/// \p Pow, \p Exp and \p Log are the double functions to use (libclc's on
/// the device, the host's in the test).
template <typename Pow, typename Exp, typename Log>
__attribute__((host, device)) inline double
gamma_positive(double x, Pow pow, Exp exp, Log log) {
#pragma clang fp contract(off)
  if (!(x > 0))
    return x - x; // callers pass x > 0 only; NaN otherwise
  if (x > 171.62437695630272)
    return __builtin_inf();
  // Gamma(x) = 1/x - Euler's gamma + O(x): below 2^-54 the O(x) term is
  // under an ulp (and 1/x overflows to inf below 2^-1024, as it must; the
  // recurrence below would turn that into inf - inf = NaN).
  if (x < 0x1p-54)
    return 1 / x - 0.57721566490153286061;
  if (x <= 23 && x == __builtin_trunc(x)) { // (x-1)!, exact in double
    double f = 1;
    for (double k = 2; k < x; ++k)
      f *= k;
    return f;
  }
  // Shift to z = x + n >= 10, keeping z and the product exact enough in
  // double-double: rounding x + k would move the argument by up to an ulp
  // of 10, a relative error of psi(10) * 2^-50 (about 10 ulp) in Gamma.
  dd z = {x, 0}, divisor = {1, 0};
  while (z.hi < 10) {
    divisor = dd_mul(divisor, z);
    dd s = dd_add(z.hi, 1.0);
    z = dd_add(s.hi, s.lo + z.lo);
  }
  const double r = 1 / z.hi, r2 = r * r;
  const double s =
      r * (1.0 / 12 +
           r2 * (-1.0 / 360 +
                 r2 * (1.0 / 1260 +
                       r2 * (-1.0 / 1680 +
                             r2 * (1.0 / 1188 +
                                   r2 * (-691.0 / 360360 + r2 * (1.0 / 156)))))));
  const double half = pow(z.hi, (z.hi - 0.5) * 0.5) * exp(-0.5 * z.hi);
  const double sqrt_2pi = 2.5066282746310005024;
  double g = (half * (sqrt_2pi * exp(s))) * half;
  // Gamma(z.hi + z.lo) = Gamma(z.hi) (1 + z.lo psi(z.hi)), psi(z) ~ log z
  // - 1/(2z) (z.lo is below an ulp of z, so the rest does not matter).
  if (z.lo != 0)
    g += g * (z.lo * (log(z.hi) - 0.5 * r));
  double q = g / divisor.hi;
  return q - q * (divisor.lo / divisor.hi);
}

/// Gamma for non-integer x below -170.62, where Gamma(1 - x) overflows and
/// |Gamma(x)| is subnormal or zero in double: Gamma(x) = Gamma(x + n) /
/// (x (x+1) ... (x+n-1)) with x + n in (0, 1] (each x + k is exact), the
/// product in double-double scaled by powers of two so that it does not
/// overflow, and the scale applied last in one multiplication, so that a
/// subnormal result is rounded once.
template <typename Pow, typename Exp, typename Log>
__attribute__((host, device)) inline double
gamma_far_negative(double x, Pow pow, Exp exp, Log log) {
#pragma clang fp contract(off)
  const int n = static_cast<int>(-__builtin_floor(x));
  const bool negative = n % 2 != 0; // the sign of Gamma(x) is (-1)^n
  if (n > 200) // |Gamma(x)| < 1e-370: zero in double
    return negative ? -0.0 : 0.0;
  dd product = {1, 0};
  int scale = 0; // product * 2^scale is the true product
  for (int k = 0; k < n; ++k) {
    product = dd_mul(product, {x + k, 0});
    if (__builtin_fabs(product.hi) > 0x1p+600) {
      product.hi *= 0x1p-600;
      product.lo *= 0x1p-600;
      scale += 600;
    }
  }
  double g = gamma_positive(x + n, pow, exp, log);
  double q = g / product.hi;
  q -= q * (product.lo / product.hi);
  for (; scale > 600; scale -= 600) // not reached for n <= 200
    q *= 0x1p-600;
  return scale ? q * 0x1p-600 : q;
}

} // namespace math
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_MATH_TGAMMA_HPP
