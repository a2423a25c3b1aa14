// expf and logf for the NVPTX device pass: no division and no branch
// (libclc's versions divide, and branch for special inputs).
//
// expf(x) = 2^j 2^f, j = floor(x log2 e), f = x log2 e - j in [0, 1), with
//   log2 e split in a float head and tail; 2^f is PTX's ex2.approx (one
//   instruction; a polynomial took eight more). 2^j is two powers of two,
//   each a normal float, so a subnormal result is rounded once. Below
//   ln(2^-150) the result is 0 (also for -inf), above ln(FLT_MAX) inf; NaN
//   stays NaN. Within 2 ulp: at most 1.90 ulp over every 7th float on an
//   H200 (test/math/expf-sweep.cpp), CUDA's documented bound for its expf.
//   The polynomial it replaced was within 1 ulp, but Black-Scholes ran at
//   0.91x of nvcc's with it and at 1.00x with this; C++ AMP's precise_math
//   allows 3 ulp (OpenCL's bound, docs/math.md).
// logf(x) = e ln 2 + log(m), x = m 2^e with m in [sqrt(1/2), sqrt(2)),
//   log(m) = f + f^2 Q(f), f = m - 1 (exact), Q a degree-8 polynomial
//   (Chebyshev fit of (log(1 + f) - f) / f^2, error 3.1e-8). Subnormal x
//   are scaled by 2^23 first. x < 0 and NaN give NaN, 0 gives -inf, inf
//   gives inf. Fused multiply-adds, integer operations and selects only:
//   every float input checked on the host against the double log (the same
//   operations, IEEE fma) is within 0.941 ulp (test/math/log-float.cpp).
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

#if defined(__NVPTX__)
// log2(e) = log2e_hi + log2e_lo, log2e_hi the float nearest to it.
constexpr float log2e_hi = 0x1.715476p+0f;
constexpr float log2e_lo = 0x1.4ae0c0p-26f;

// 2^f comes from ex2.approx: relative error 2^-22 by the PTX ISA, at most
// 2 ulp of a result in [1, 2) -- which is why j rounds down, not to
// nearest (2^f in [2^-1/2, 1) would have ulps half as large).
__attribute__((device)) inline float exp_float(float x) {
  // Beyond these e^x is 0 (below ln(2^-150)) or inf; NaN passes both
  // (fmaximum/fminimum propagate it, max.NaN/min.NaN in PTX).
  x = __builtin_elementwise_minimum(__builtin_elementwise_maximum(x, -104.0f),
                                    89.0f);
  // floor(x log2e) as the low bits of a float of magnitude 1.5 * 2^23
  // (fma rounding down: the product is exact, one rounding).
  constexpr float shifter = 0x1.8p23f;
  float jm = __nvvm_fma_rm_f(x, log2e_hi, shifter);
  float j = jm - shifter;
  float f = __builtin_fmaf(x, log2e_hi, -j); // exact product, one rounding
  f = __builtin_fmaf(x, log2e_lo, f);
  int k = __builtin_bit_cast(int, jm) - __builtin_bit_cast(int, shifter);
  int k1 = k >> 1; // k in [-151, 128]: k1 and k - k1 are normal exponents
  // 2^f * 2^k1 is exact; the last product rounds a subnormal result once.
  // (ftz: only an f below 2^-126, from a tiny x, is flushed; e^x is 1.)
  return __nvvm_ex2_approx_ftz_f(f) * power_of_two(k1) * power_of_two(k - k1);
}
#endif // __NVPTX__

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
