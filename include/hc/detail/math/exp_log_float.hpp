// expf and logf for the NVPTX device pass: fused multiply-adds, integer
// operations and selects only (libclc's versions divide, and branch for
// special inputs), within 1 ulp.
//
// expf(x) = 2^j e^r, j = rint(x log2 e), r = x - j ln 2 with ln 2 split in
//   a head of 12 significant bits (j ln2_hi is exact for |j| < 2^12) and a
//   tail, |r| <= ln 2 / 2. e^r - 1 = r + r^2 T(r), T a degree-5 polynomial
//   (Chebyshev fit of (e^r - 1 - r) / r^2, error 1.5e-9). 2^j is two powers
//   of two, each a normal float, so a subnormal result is rounded once.
//   Below ln(2^-150) the result is 0 (also for -inf); overflow comes out of
//   the arithmetic as inf; NaN stays NaN.
// logf(x) = e ln 2 + log(m), x = m 2^e with m in [sqrt(1/2), sqrt(2)),
//   log(m) = f + f^2 Q(f), f = m - 1 (exact), Q a degree-8 polynomial
//   (Chebyshev fit of (log(1 + f) - f) / f^2, error 3.1e-8). Subnormal x
//   are scaled by 2^23 first. x < 0 and NaN give NaN, 0 gives -inf, inf
//   gives inf.
// Every float input checked on the host against the double functions (the
// same operations, IEEE fma): at most 0.988 ulp (exp) and 0.941 ulp (log);
// test/math/precise-accuracy.cpp checks them on the GPU.
#ifndef HC_DETAIL_MATH_EXP_LOG_FLOAT_HPP
#define HC_DETAIL_MATH_EXP_LOG_FLOAT_HPP

namespace hc {
namespace detail {
namespace math {

#define HC_MATH_FN __attribute__((host, device)) inline

// ln 2 = ln2_hi + ln2_lo; ln2_hi has 12 significant bits.
constexpr float ln2_hi = 0x1.62e400p-1f;
constexpr float ln2_lo = 0x1.7f7d1cp-20f;

HC_MATH_FN float power_of_two(int e) { // e in [-126, 127]
  return __builtin_bit_cast(float, (e + 127) << 23);
}

// Both compute on every input and pick the special results at the end:
// selects, not branches, in a kernel.
HC_MATH_FN float exp_float(float x) {
  // Clamped so that the conversion below is defined (NaN included).
  float j = __builtin_fminf(
      __builtin_fmaxf(__builtin_rintf(x * 0x1.715476p+0f), -252.0f), 254.0f);
  float r = __builtin_fmaf(-j, ln2_hi, x);
  r = __builtin_fmaf(-j, ln2_lo, r);
  float t = 0x1.a12a42p-13f;
  t = __builtin_fmaf(t, r, 0x1.6d4920p-10f);
  t = __builtin_fmaf(t, r, 0x1.1110e0p-7f);
  t = __builtin_fmaf(t, r, 0x1.5554e4p-5f);
  t = __builtin_fmaf(t, r, 0x1.555556p-3f);
  t = __builtin_fmaf(t, r, 0x1p-1f);
  float em1 = __builtin_fmaf(r * r, t, r); // e^r - 1
  int k = static_cast<int>(j);
  int k1 = k >> 1; // k = k1 + k2, both in [-126, 127]
  float y = (em1 + 1.0f) * power_of_two(k1) * power_of_two(k - k1);
  return x < -0x1.9fe368p+6f ? 0.0f : y; // below ln(2^-150): rounds to 0
}

HC_MATH_FN float log_float(float x) {
  bool subnormal = x < 0x1p-126f;
  unsigned bits = __builtin_bit_cast(unsigned, subnormal ? x * 0x1p23f : x);
  // e such that m = x / 2^e lies in [sqrt(1/2), sqrt(2)).
  int e = static_cast<int>(bits - 0x3f3504f3u) >> 23;
  float f = __builtin_bit_cast(float, bits - (static_cast<unsigned>(e) << 23)) -
            1.0f;
  float q = -0x1.3a4ff6p-4f;
  q = __builtin_fmaf(q, f, 0x1.048f72p-3f);
  q = __builtin_fmaf(q, f, -0x1.0cda32p-3f);
  q = __builtin_fmaf(q, f, 0x1.22ea5ap-3f);
  q = __builtin_fmaf(q, f, -0x1.548382p-3f);
  q = __builtin_fmaf(q, f, 0x1.99a012p-3f);
  q = __builtin_fmaf(q, f, -0x1.00020cp-2f);
  q = __builtin_fmaf(q, f, 0x1.555554p-2f);
  q = __builtin_fmaf(q, f, -0x1.fffffep-2f);
  float log_m = __builtin_fmaf(f * f, q, f);
  float fe = static_cast<float>(subnormal ? e - 23 : e);
  float y = __builtin_fmaf(fe, ln2_hi, __builtin_fmaf(fe, ln2_lo, log_m));
  y = x == __builtin_inff() ? x : y;
  y = x == 0.0f ? -__builtin_inff() : y;
  return x < 0.0f || x != x ? __builtin_nanf("") : y;
}

#undef HC_MATH_FN

} // namespace math
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_MATH_EXP_LOG_FLOAT_HPP
