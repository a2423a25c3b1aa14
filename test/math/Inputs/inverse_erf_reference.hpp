// Reference values of erfinv and erfcinv for the accuracy tests, computed
// independently of hcc's implementation: bisection in long double on the
// host's erfl / erfcl, always on the well-conditioned equation
//   |y| <= 1/2:         erf(x) = y
//   otherwise:          erfc(|x|) = 1 - |y|   (exact for |y| >= 1/2)
// and erfcinv(z) through erfc(x) = z for z < 1/2, erfinv(1 - z) for z in
// [1/2, 3/2] and -erfcinv(2 - z) above (both differences exact).
#ifndef HCC_TEST_INVERSE_ERF_REFERENCE_HPP
#define HCC_TEST_INVERSE_ERF_REFERENCE_HPP

#include <cmath>
#include <limits>

namespace inverse_erf_reference {

// erfc(x) = t for 0 < t <= 1/2.
inline long double tail(long double t) {
  long double lo = 0, hi = 110; // erfc(110) is below long double's range
  for (int i = 0; i < 256 && lo != hi; ++i) {
    long double mid = lo + (hi - lo) / 2;
    if (mid == lo || mid == hi)
      break;
    (erfcl(mid) > t ? lo : hi) = mid;
  }
  return lo + (hi - lo) / 2;
}

inline long double erfinv(long double y) {
  if (std::isnan(y) || std::fabs(y) > 1)
    return std::numeric_limits<long double>::quiet_NaN();
  if (std::fabs(y) == 1)
    return y * std::numeric_limits<long double>::infinity();
  if (y == 0)
    return y;
  const long double ay = std::fabs(y);
  long double x;
  if (ay <= 0.5L) {
    // erf(x) = 2 x / sqrt(pi) (1 - x^2 / 3 + ...): x within [ay/2, ay].
    long double lo = ay / 2, hi = ay;
    for (int i = 0; i < 256; ++i) {
      long double mid = lo + (hi - lo) / 2;
      if (mid == lo || mid == hi)
        break;
      (erfl(mid) < ay ? lo : hi) = mid;
    }
    x = lo + (hi - lo) / 2;
  } else {
    x = tail(1 - ay);
  }
  return y < 0 ? -x : x;
}

inline long double erfcinv(long double z) {
  if (std::isnan(z) || z < 0 || z > 2)
    return std::numeric_limits<long double>::quiet_NaN();
  if (z == 0)
    return std::numeric_limits<long double>::infinity();
  if (z == 2)
    return -std::numeric_limits<long double>::infinity();
  if (z > 1.5L)
    return -tail(2 - z);
  if (z >= 0.5L)
    return erfinv(1 - z);
  return tail(z);
}

} // namespace inverse_erf_reference

#endif
