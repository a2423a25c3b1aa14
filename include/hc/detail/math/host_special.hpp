// Host implementations of the hc::precise_math functions that glibc lacks
// (sinpi, cospi, tanpi, rsqrt, rcbrt, scalb). Device code uses libclc's
// (device_libm.h); these give the same functions on the host and on the CPU
// backend, computed in long double so that the float and double results are
// correctly rounded or within a fraction of an ulp.
#ifndef HC_DETAIL_MATH_HOST_SPECIAL_HPP
#define HC_DETAIL_MATH_HOST_SPECIAL_HPP

#include <cmath>

namespace hc {
namespace detail {
namespace math {

/// sin(pi * x). The argument is reduced exactly (fmod by 2 is exact) to
/// [-1/2, 1/2] before pi is applied, so that sinpi(n) is exactly zero and
/// large arguments lose nothing.
inline long double host_sinpi(long double x) {
  if (!std::isfinite(x))
    return x - x; // NaN for +-inf and NaN
  long double r = std::fmod(x, 2.0L); // exact, in (-2, 2), sign of x
  if (r == std::trunc(r))
    return std::copysign(0.0L, x);
  if (r > 1.0L)
    r -= 2.0L;
  else if (r < -1.0L)
    r += 2.0L;
  if (r > 0.5L)
    r = 1.0L - r; // sin(pi - t) = sin(t)
  else if (r < -0.5L)
    r = -1.0L - r;
  return std::sin(3.141592653589793238462643383279502884L * r);
}

/// cos(pi * x) = sin(pi * (x + 1/2)); the shift is exact in long double
/// after the exact reduction. Half-integers give +0, as OpenCL specifies.
inline long double host_cospi(long double x) {
  if (!std::isfinite(x))
    return x - x;
  long double r = std::fabs(std::fmod(x, 2.0L)) + 0.5L;
  long double c = host_sinpi(r);
  return c == 0.0L ? 0.0L : c;
}

inline long double host_tanpi(long double x) {
  if (!std::isfinite(x))
    return x - x;
  long double s = host_sinpi(x);
  long double c = host_cospi(x);
  if (c == 0.0L) // odd multiple of 1/2: a pole, signed as the sine
    return std::copysign(HUGE_VALL, s);
  return s / c;
}

/// scalb(x, n) as POSIX defines it: x * 2^n for integral n, NaN otherwise.
template <typename T>
__attribute__((host, device)) inline T host_scalb(T x, T n) {
  if (std::isnan(x) || std::isnan(n))
    return x + n;
  if (std::isinf(n)) {
    if (n > 0)
      return x == 0 ? (n - n) : x * n;
    return std::isinf(x) ? (n - n) : x / -n;
  }
  if (n != std::trunc(n))
    return (n - n) / (n - n); // NaN: non-integral exponent
  // Beyond +-65536 every finite x overflows or underflows anyway.
  T c = n > 65536 ? T(65536) : (n < -65536 ? T(-65536) : n);
  return std::ldexp(x, static_cast<int>(c));
}

} // namespace math
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_MATH_HOST_SPECIAL_HPP
