// hc::precise_math and hc::fast_math (hcc's kalmar_math.h, C++ AMP's
// Concurrency::precise_math / fast_math): the C99 math functions as float
// and double overloads plus the f-suffixed float names, callable from
// kernels and from host code.
//
// Every function is host+device and forwards to the global C function of the
// same name: on the host (and so on the CPU backend) that is the host's libm;
// in an NVPTX device pass it is the device overload from device_libm.h
// (libclc, see docs/math.md). The few functions glibc lacks (sinpi, cospi,
// tanpi, rsqrt, rcbrt, scalb) come from host_special.hpp on the host and
// from libclc on the GPU.
//
// fast_math is about float, as in C++ AMP and hcc; its double overloads are
// the precise ones. On NVPTX its sin, cos, tan, exp, exp2, exp10, log, log2,
// log10, sqrt and rsqrt use PTX's .approx instructions; everything else, and
// all of it on the host, is the precise function.
//
// _Float16 (half) overloads, as hcc had, where the compiler has _Float16:
// computed in float and rounded.
//
// Absent (no implementation on some side): erfinv, erfcinv, and hcc's
// min/max aliases of fmin/fmax.
#ifndef HC_DETAIL_MATH_PRECISE_FAST_MATH_HPP
#define HC_DETAIL_MATH_PRECISE_FAST_MATH_HPP

#include "host_special.hpp"

#include <cmath>

// The NVPTX device pass has device_libm.h force-included (it defines
// HC_DEVICE_LIBM_NVPTX); any other pass (host, CPU backend) uses the host's
// <cmath>.
#if defined(HC_DEVICE_LIBM_NVPTX) && defined(__CUDA_ARCH__)
#define HC_MATH_NVPTX 1
#else
#define HC_MATH_NVPTX 0
#endif

#define HC_MATH_FN inline __attribute__((host, device, always_inline))

// _Float16 overloads (hcc had them): computed in float and rounded, which
// is within half an ulp of half precision plus a float rounding (2^-13 of
// an ulp). Only where the compiler has _Float16.
#if defined(__FLT16_MANT_DIG__)
#define HC_MATH_HALF(...) __VA_ARGS__
#else
#define HC_MATH_HALF(...)
#endif

// name(float), namef(float) and name(double), each forwarding to ::namef or
// ::name.
#define HC_MATH_1(name)                                                        \
  HC_MATH_FN float name##f(float x) { return ::name##f(x); }                   \
  HC_MATH_FN float name(float x) { return ::name##f(x); }                      \
  HC_MATH_FN double name(double x) { return ::name(x); }                       \
  HC_MATH_HALF(HC_MATH_FN _Float16 name(_Float16 x) {                          \
    return (_Float16)::name##f((float)x);                                      \
  })
#define HC_MATH_2(name)                                                        \
  HC_MATH_FN float name##f(float x, float y) { return ::name##f(x, y); }       \
  HC_MATH_FN float name(float x, float y) { return ::name##f(x, y); }          \
  HC_MATH_FN double name(double x, double y) { return ::name(x, y); }          \
  HC_MATH_HALF(HC_MATH_FN _Float16 name(_Float16 x, _Float16 y) {              \
    return (_Float16)::name##f((float)x, (float)y);                            \
  })
// Classification: int results, as in hcc.
#define HC_MATH_CLASSIFY(name, builtin)                                        \
  HC_MATH_FN int name(float x) { return builtin(x); }                          \
  HC_MATH_FN int name(double x) { return builtin(x); }                         \
  HC_MATH_HALF(HC_MATH_FN int name(_Float16 x) { return builtin(x); })

namespace hc {
namespace precise_math {

HC_MATH_1(acos)
HC_MATH_1(acosh)
HC_MATH_1(asin)
HC_MATH_1(asinh)
HC_MATH_1(atan)
HC_MATH_1(atanh)
HC_MATH_2(atan2)
HC_MATH_1(cbrt)
HC_MATH_1(ceil)
HC_MATH_2(copysign)
HC_MATH_1(cos)
HC_MATH_1(cosh)
HC_MATH_1(erf)
HC_MATH_1(erfc)
HC_MATH_1(exp)
HC_MATH_1(exp2)
HC_MATH_1(exp10)
HC_MATH_1(expm1)
HC_MATH_1(fabs)
HC_MATH_2(fdim)
HC_MATH_1(floor)
HC_MATH_2(fmax)
HC_MATH_2(fmin)
HC_MATH_2(fmod)
HC_MATH_2(hypot)
HC_MATH_1(lgamma)
HC_MATH_1(log)
HC_MATH_1(log10)
HC_MATH_1(log2)
HC_MATH_1(log1p)
HC_MATH_1(logb)
HC_MATH_1(nearbyint)
HC_MATH_2(nextafter)
HC_MATH_2(pow)
HC_MATH_2(remainder)
HC_MATH_1(round)
HC_MATH_1(sin)
HC_MATH_1(sinh)
HC_MATH_1(sqrt)
HC_MATH_1(tan)
HC_MATH_1(tanh)
HC_MATH_1(tgamma)
HC_MATH_1(trunc)

HC_MATH_FN float fmaf(float x, float y, float z) { return ::fmaf(x, y, z); }
HC_MATH_FN float fma(float x, float y, float z) { return ::fmaf(x, y, z); }
HC_MATH_FN double fma(double x, double y, double z) { return ::fma(x, y, z); }

HC_MATH_FN float frexpf(float x, int *e) { return ::frexpf(x, e); }
HC_MATH_FN float frexp(float x, int *e) { return ::frexpf(x, e); }
HC_MATH_FN double frexp(double x, int *e) { return ::frexp(x, e); }
HC_MATH_FN float ldexpf(float x, int e) { return ::ldexpf(x, e); }
HC_MATH_FN float ldexp(float x, int e) { return ::ldexpf(x, e); }
HC_MATH_FN double ldexp(double x, int e) { return ::ldexp(x, e); }
HC_MATH_FN float scalbnf(float x, int e) { return ::scalbnf(x, e); }
HC_MATH_FN float scalbn(float x, int e) { return ::scalbnf(x, e); }
HC_MATH_FN double scalbn(double x, int e) { return ::scalbn(x, e); }
HC_MATH_FN float modff(float x, float *i) { return ::modff(x, i); }
HC_MATH_FN float modf(float x, float *i) { return ::modff(x, i); }
HC_MATH_FN double modf(double x, double *i) { return ::modf(x, i); }
HC_MATH_FN float remquof(float x, float y, int *q) {
  return ::remquof(x, y, q);
}
HC_MATH_FN float remquo(float x, float y, int *q) {
  return ::remquof(x, y, q);
}
HC_MATH_FN double remquo(double x, double y, int *q) {
  return ::remquo(x, y, q);
}
HC_MATH_FN int ilogbf(float x) { return ::ilogbf(x); }
HC_MATH_FN int ilogb(float x) { return ::ilogbf(x); }
HC_MATH_FN int ilogb(double x) { return ::ilogb(x); }
HC_MATH_FN void sincosf(float x, float *s, float *c) { ::sincosf(x, s, c); }
HC_MATH_FN void sincos(float x, float *s, float *c) { ::sincosf(x, s, c); }
HC_MATH_FN void sincos(double x, double *s, double *c) { ::sincos(x, s, c); }

HC_MATH_CLASSIFY(isfinite, __builtin_isfinite)
HC_MATH_CLASSIFY(isinf, __builtin_isinf)
HC_MATH_CLASSIFY(isnan, __builtin_isnan)
HC_MATH_CLASSIFY(isnormal, __builtin_isnormal)
HC_MATH_CLASSIFY(signbit, __builtin_signbit)
HC_MATH_FN int signbitf(float x) { return __builtin_signbit(x); }
HC_MATH_FN int fpclassify(float x) {
  return __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL,
                              FP_ZERO, x);
}
HC_MATH_FN int fpclassify(double x) {
  return __builtin_fpclassify(FP_NAN, FP_INFINITE, FP_NORMAL, FP_SUBNORMAL,
                              FP_ZERO, x);
}
// hcc's signatures: an int tag, which like hcc's device version selects no
// payload: the result is the default quiet NaN.
HC_MATH_FN float nanf(int) { return __builtin_nanf(""); }
HC_MATH_FN double nan(int) { return __builtin_nan(""); }

#if defined(__FLT16_MANT_DIG__)
HC_MATH_FN _Float16 nanh(int) { return (_Float16)__builtin_nanf(""); }
HC_MATH_FN int fpclassify(_Float16 x) { return fpclassify((float)x); }
HC_MATH_FN _Float16 fma(_Float16 x, _Float16 y, _Float16 z) {
  return (_Float16)::fmaf((float)x, (float)y, (float)z);
}
HC_MATH_FN _Float16 frexp(_Float16 x, int *e) {
  return (_Float16)::frexpf((float)x, e);
}
HC_MATH_FN _Float16 ldexp(_Float16 x, int e) {
  return (_Float16)::ldexpf((float)x, e);
}
HC_MATH_FN _Float16 scalbn(_Float16 x, int e) {
  return (_Float16)::scalbnf((float)x, e);
}
HC_MATH_FN _Float16 modf(_Float16 x, _Float16 *i) {
  float fi;
  _Float16 r = (_Float16)::modff((float)x, &fi);
  *i = (_Float16)fi;
  return r;
}
HC_MATH_FN _Float16 remquo(_Float16 x, _Float16 y, int *q) {
  return (_Float16)::remquof((float)x, (float)y, q);
}
HC_MATH_FN int ilogb(_Float16 x) { return ::ilogbf((float)x); }
HC_MATH_FN void sincos(_Float16 x, _Float16 *s, _Float16 *c) {
  float fs, fc;
  ::sincosf((float)x, &fs, &fc);
  *s = (_Float16)fs;
  *c = (_Float16)fc;
}
#endif

// Not in glibc: libclc on the GPU, host_special.hpp on the host.
#if HC_MATH_NVPTX
#define HC_MATH_SPECIAL(name, nvf, nvd, hostexpr)                              \
  HC_MATH_FN float name##f(float x) { return nvf(x); }                         \
  HC_MATH_FN float name(float x) { return nvf(x); }                            \
  HC_MATH_FN double name(double x) { return nvd(x); }
#else
#define HC_MATH_SPECIAL(name, nvf, nvd, hostexpr)                              \
  HC_MATH_FN float name##f(float x) { return float(hostexpr); }                \
  HC_MATH_FN float name(float x) { return float(hostexpr); }                   \
  HC_MATH_FN double name(double x) { return double(hostexpr); }
#endif
HC_MATH_SPECIAL(sinpi, __nv_sinpif, __nv_sinpi,
                detail::math::host_sinpi((long double)x))
HC_MATH_SPECIAL(cospi, __nv_cospif, __nv_cospi,
                detail::math::host_cospi((long double)x))
HC_MATH_SPECIAL(tanpi, __hc_clc_tanpif, __hc_clc_tanpi,
                detail::math::host_tanpi((long double)x))
HC_MATH_SPECIAL(rsqrt, __nv_rsqrtf, __nv_rsqrt,
                1.0L / std::sqrt((long double)x))
HC_MATH_SPECIAL(rcbrt, __nv_rcbrtf, __nv_rcbrt,
                1.0L / std::cbrt((long double)x))
#undef HC_MATH_SPECIAL
#if defined(__FLT16_MANT_DIG__)
HC_MATH_FN _Float16 sinpi(_Float16 x) { return (_Float16)sinpif((float)x); }
HC_MATH_FN _Float16 cospi(_Float16 x) { return (_Float16)cospif((float)x); }
HC_MATH_FN _Float16 tanpi(_Float16 x) { return (_Float16)tanpif((float)x); }
HC_MATH_FN _Float16 rsqrt(_Float16 x) { return (_Float16)rsqrtf((float)x); }
HC_MATH_FN _Float16 rcbrt(_Float16 x) { return (_Float16)rcbrtf((float)x); }
HC_MATH_FN _Float16 scalb(_Float16 x, _Float16 n) {
  return (_Float16)scalbf((float)x, (float)n);
}
#endif

HC_MATH_FN float scalbf(float x, float n) {
  return detail::math::host_scalb(x, n);
}
HC_MATH_FN float scalb(float x, float n) {
  return detail::math::host_scalb(x, n);
}
HC_MATH_FN double scalb(double x, double n) {
  return detail::math::host_scalb(x, n);
}

} // namespace precise_math

namespace fast_math {

// Functions without a faster form are the precise ones.
#define HC_FAST_AS_PRECISE_1(name)                                             \
  HC_MATH_FN float name##f(float x) { return precise_math::name##f(x); }       \
  HC_MATH_FN float name(float x) { return precise_math::name##f(x); }          \
  HC_MATH_FN double name(double x) { return precise_math::name(x); }          \
  HC_MATH_HALF(HC_MATH_FN _Float16 name(_Float16 x) {                          \
    return precise_math::name(x);                                              \
  })
#define HC_FAST_AS_PRECISE_2(name)                                             \
  HC_MATH_FN float name##f(float x, float y) {                                 \
    return precise_math::name##f(x, y);                                        \
  }                                                                            \
  HC_MATH_FN float name(float x, float y) {                                    \
    return precise_math::name##f(x, y);                                        \
  }                                                                            \
  HC_MATH_FN double name(double x, double y) {                                 \
    return precise_math::name(x, y);                                           \
  }                                                                            \
  HC_MATH_HALF(HC_MATH_FN _Float16 name(_Float16 x, _Float16 y) {              \
    return precise_math::name(x, y);                                           \
  })
HC_FAST_AS_PRECISE_1(acos)
HC_FAST_AS_PRECISE_1(asin)
HC_FAST_AS_PRECISE_1(atan)
HC_FAST_AS_PRECISE_2(atan2)
HC_FAST_AS_PRECISE_1(ceil)
HC_FAST_AS_PRECISE_1(cosh)
HC_FAST_AS_PRECISE_1(fabs)
HC_FAST_AS_PRECISE_1(floor)
HC_FAST_AS_PRECISE_2(fmax)
HC_FAST_AS_PRECISE_2(fmin)
HC_FAST_AS_PRECISE_2(fmod)
HC_FAST_AS_PRECISE_2(pow)
HC_FAST_AS_PRECISE_1(round)
HC_FAST_AS_PRECISE_1(sinh)
HC_FAST_AS_PRECISE_1(tanh)
HC_FAST_AS_PRECISE_1(trunc)
#undef HC_FAST_AS_PRECISE_1
#undef HC_FAST_AS_PRECISE_2

// The approximate ones: PTX .approx instructions on NVPTX (error bounds in
// docs/math.md), the precise function elsewhere.
#if HC_MATH_NVPTX
#define HC_FAST_1(name, nvptx_expr)                                            \
  HC_MATH_FN float name##f(float x) { return nvptx_expr; }                     \
  HC_MATH_FN float name(float x) { return nvptx_expr; }                        \
  HC_MATH_FN double name(double x) { return precise_math::name(x); }
#else
#define HC_FAST_1(name, nvptx_expr)                                            \
  HC_MATH_FN float name##f(float x) { return precise_math::name##f(x); }       \
  HC_MATH_FN float name(float x) { return precise_math::name##f(x); }          \
  HC_MATH_FN double name(double x) { return precise_math::name(x); }
#endif
HC_FAST_1(sin, __nvvm_sin_approx_f(x))
HC_FAST_1(cos, __nvvm_cos_approx_f(x))
HC_FAST_1(tan, __nvvm_div_approx_f(__nvvm_sin_approx_f(x),
                                   __nvvm_cos_approx_f(x)))
HC_FAST_1(exp2, __nvvm_ex2_approx_f(x))
HC_FAST_1(exp, __nvvm_ex2_approx_f(x * 0x1.715476p+0f))   // x * log2(e)
HC_FAST_1(exp10, __nvvm_ex2_approx_f(x * 0x1.a934f0p+1f)) // x * log2(10)
HC_FAST_1(log2, __nvvm_lg2_approx_f(x))
HC_FAST_1(log, __nvvm_lg2_approx_f(x) * 0x1.62e430p-1f)    // * ln(2)
HC_FAST_1(log10, __nvvm_lg2_approx_f(x) * 0x1.344136p-2f)  // * log10(2)
HC_FAST_1(sqrt, __nvvm_sqrt_approx_f(x))
HC_FAST_1(rsqrt, __nvvm_rsqrt_approx_f(x))
#undef HC_FAST_1
#if defined(__FLT16_MANT_DIG__)
// Half: the fast float function rounded (its error is far below a half ulp).
#define HC_FAST_HALF_1(name)                                                   \
  HC_MATH_FN _Float16 name(_Float16 x) { return (_Float16)name##f((float)x); }
HC_FAST_HALF_1(sin)
HC_FAST_HALF_1(cos)
HC_FAST_HALF_1(tan)
HC_FAST_HALF_1(exp2)
HC_FAST_HALF_1(exp)
HC_FAST_HALF_1(exp10)
HC_FAST_HALF_1(log2)
HC_FAST_HALF_1(log)
HC_FAST_HALF_1(log10)
HC_FAST_HALF_1(sqrt)
HC_FAST_HALF_1(rsqrt)
#undef HC_FAST_HALF_1
#endif

HC_MATH_FN void sincosf(float x, float *s, float *c) {
  *s = fast_math::sinf(x);
  *c = fast_math::cosf(x);
}
HC_MATH_FN void sincos(float x, float *s, float *c) {
  fast_math::sincosf(x, s, c);
}
HC_MATH_FN void sincos(double x, double *s, double *c) {
  precise_math::sincos(x, s, c);
}
#if defined(__FLT16_MANT_DIG__)
HC_MATH_FN void sincos(_Float16 x, _Float16 *s, _Float16 *c) {
  *s = fast_math::sin(x);
  *c = fast_math::cos(x);
}
#endif
using precise_math::frexp;
using precise_math::frexpf;
using precise_math::isfinite;
using precise_math::isinf;
using precise_math::isnan;
using precise_math::isnormal;
using precise_math::ldexp;
using precise_math::ldexpf;
using precise_math::modf;
using precise_math::modff;
using precise_math::signbit;
using precise_math::signbitf;

} // namespace fast_math
} // namespace hc

#undef HC_MATH_1
#undef HC_MATH_2
#undef HC_MATH_CLASSIFY
#undef HC_MATH_HALF
#undef HC_MATH_FN
#undef HC_MATH_NVPTX

#endif // HC_DETAIL_MATH_PRECISE_FAST_MATH_HPP
