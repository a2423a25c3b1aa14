// hc::precise_math and hc::fast_math (hcc's kalmar_math.h, C++ AMP's
// Concurrency::precise_math / fast_math): the C99 math functions as float
// and double overloads plus the f-suffixed float names, callable from
// kernels and from host code.
//
// Like hcc's, the namespaces are mostly using-declarations of std's and the
// C library's functions: on the host (and so on the CPU backend) those are
// the host's libm; in an NVPTX device pass they include the device
// overloads of device_libm.h (libclc, see docs/math.md), which Clang's CUDA
// overload rules pick in device code. Being the same functions as the
// global ones, they stay unambiguous under `using namespace
// precise_math;`, the usual C++ AMP idiom (a second, equal overload would
// tie with the global one: with --hipstdpar a host function called from an
// amp/[[hc]] function ranks like a host+device one).
//
// Defined here: what std and glibc lack (sinpi, cospi, tanpi, rsqrt,
// rcbrt, erfinv, erfcinv, signbitf, sincos(float), exp10(float), scalb on the GPU, hcc's
// nanf(int)/nan(int)/nanh(int)), the _Float16 (half) overloads hcc had
// (computed in float and rounded), and fast_math's approximations.
//
// fast_math is about float, as in C++ AMP and hcc; its double overloads are
// the precise ones. On NVPTX its sin, cos, tan, sincos, exp, exp2, exp10,
// log, log2, log10, sqrt and rsqrt use PTX's .approx instructions; the rest,
// and all of it on the host, is the precise function.
//
// hcc's last version has no min/max (it removed its aliases of fmin/fmax),
// nor has this.
#ifndef HC_DETAIL_MATH_PRECISE_FAST_MATH_HPP
#define HC_DETAIL_MATH_PRECISE_FAST_MATH_HPP

#include "erfinv.hpp"
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
// The AMDGPU device pass (device_libm.h's HIP branch) has the same __nv_*
// functions on libclc; fast_math there is the precise library (no measured
// approximations yet: docs/math.md).
#if defined(HC_DEVICE_LIBM_AMDGPU) && defined(__HIP_DEVICE_COMPILE__)
#define HC_MATH_LIBCLC 1
#else
#define HC_MATH_LIBCLC HC_MATH_NVPTX
#endif

#define HC_MATH_FN inline __attribute__((host, device, always_inline))
#define HC_MATH_DEVICE_FN inline __attribute__((device, always_inline))

#if defined(__FLT16_MANT_DIG__)
#define HC_MATH_HAS_HALF 1
#else
#define HC_MATH_HAS_HALF 0
#endif

// std::name and ::namef (float, double, long double, integer overloads from
// <cmath>; in device code their device overloads), plus a _Float16
// overload computed by namef.
#define HC_MATH_USING(name)                                                    \
  using std::name;                                                             \
  using ::name##f;
#if HC_MATH_HAS_HALF
#define HC_MATH_HALF_1(name)                                                   \
  HC_MATH_FN _Float16 name(_Float16 x) {                                       \
    return (_Float16)::name##f((float)x);                                      \
  }
#define HC_MATH_HALF_2(name)                                                   \
  HC_MATH_FN _Float16 name(_Float16 x, _Float16 y) {                           \
    return (_Float16)::name##f((float)x, (float)y);                            \
  }
#else
#define HC_MATH_HALF_1(name)
#define HC_MATH_HALF_2(name)
#endif
#define HC_MATH_1(name) HC_MATH_USING(name) HC_MATH_HALF_1(name)
#define HC_MATH_2(name) HC_MATH_USING(name) HC_MATH_HALF_2(name)

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
HC_MATH_USING(fma)
HC_MATH_USING(frexp)
HC_MATH_USING(ldexp)
HC_MATH_USING(scalbn)
HC_MATH_USING(modf)
HC_MATH_USING(remquo)
HC_MATH_USING(ilogb)

// exp10 and sincos are GNU extensions of the C library (and CUDA device
// functions): no std overloads, so the float ones are added.
using ::exp10;
using ::exp10f;
HC_MATH_FN float exp10(float x) { return ::exp10f(x); }
HC_MATH_HALF_1(exp10)
using ::sincos;
using ::sincosf;
HC_MATH_FN void sincos(float x, float *s, float *c) { ::sincosf(x, s, c); }

// Classification: std's (bool results where hcc had int).
using std::fpclassify;
using std::isfinite;
using std::isinf;
using std::isnan;
using std::isnormal;
using std::signbit;
HC_MATH_FN int signbitf(float x) { return __builtin_signbit(x); }

// C's nan(const char *) and hcc's int-tag forms; the tag selects no payload
// (as in hcc's device version): the result is the default quiet NaN.
using ::nan;
using ::nanf;
HC_MATH_FN float nanf(int) { return __builtin_nanf(""); }
HC_MATH_FN double nan(int) { return __builtin_nan(""); }

// Not in glibc: libclc (and hcc's on top of it) on the GPU,
// host_special.hpp / erfinv.hpp on the host.
#if HC_MATH_LIBCLC
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
// The host's in long double (erfinv.hpp), so that the double results are
// within a fraction of an ulp.
#define HC_MATH_HOST_ERF_FUNCTIONS                                             \
  [](long double a) { return erfl(a); },                                       \
      [](long double a) { return erfcl(a); },                                  \
      [](long double a) { return expl(a); },                                   \
      [](long double a) { return logl(a); }
HC_MATH_SPECIAL(erfinv, __nv_erfinvf, __nv_erfinv,
                detail::math::inverse_erf((long double)x,
                                          HC_MATH_HOST_ERF_FUNCTIONS))
HC_MATH_SPECIAL(erfcinv, __nv_erfcinvf, __nv_erfcinv,
                detail::math::inverse_erfc((long double)x,
                                           HC_MATH_HOST_ERF_FUNCTIONS))
#undef HC_MATH_HOST_ERF_FUNCTIONS
#undef HC_MATH_SPECIAL
#if HC_MATH_HAS_HALF
HC_MATH_FN _Float16 sinpi(_Float16 x) { return (_Float16)sinpif((float)x); }
HC_MATH_FN _Float16 cospi(_Float16 x) { return (_Float16)cospif((float)x); }
HC_MATH_FN _Float16 tanpi(_Float16 x) { return (_Float16)tanpif((float)x); }
HC_MATH_FN _Float16 rsqrt(_Float16 x) { return (_Float16)rsqrtf((float)x); }
HC_MATH_FN _Float16 rcbrt(_Float16 x) { return (_Float16)rcbrtf((float)x); }
HC_MATH_FN _Float16 erfinv(_Float16 x) { return (_Float16)erfinvf((float)x); }
HC_MATH_FN _Float16 erfcinv(_Float16 x) {
  return (_Float16)erfcinvf((float)x);
}
#endif

// scalb: glibc has scalb/scalbf (host); the device gets its own, and float
// arguments a float overload.
using ::scalb;
using ::scalbf;
#if HC_MATH_LIBCLC
HC_MATH_DEVICE_FN double scalb(double x, double n) {
  return detail::math::host_scalb(x, n);
}
HC_MATH_DEVICE_FN float scalbf(float x, float n) {
  return detail::math::host_scalb(x, n);
}
#endif
HC_MATH_FN float scalb(float x, float n) {
  return detail::math::host_scalb(x, n);
}
#if HC_MATH_HAS_HALF
HC_MATH_FN _Float16 scalb(_Float16 x, _Float16 n) {
  return (_Float16)detail::math::host_scalb((float)x, (float)n);
}
#endif

#if HC_MATH_HAS_HALF
// The rest of hcc's _Float16 overloads.
HC_MATH_FN _Float16 nanh(int) { return (_Float16)__builtin_nanf(""); }
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
HC_MATH_FN int fpclassify(_Float16 x) { return std::fpclassify((float)x); }
HC_MATH_FN bool isfinite(_Float16 x) { return __builtin_isfinite(x); }
HC_MATH_FN bool isinf(_Float16 x) { return __builtin_isinf(x); }
HC_MATH_FN bool isnan(_Float16 x) { return __builtin_isnan(x); }
HC_MATH_FN bool isnormal(_Float16 x) { return __builtin_isnormal(x); }
HC_MATH_FN bool signbit(_Float16 x) { return __builtin_signbit(x); }
#endif

} // namespace precise_math

namespace fast_math {

// Functions without a faster form: the precise ones.
HC_MATH_1(acos)
HC_MATH_1(asin)
HC_MATH_1(atan)
HC_MATH_2(atan2)
HC_MATH_1(ceil)
HC_MATH_1(cosh)
HC_MATH_1(fabs)
HC_MATH_1(floor)
HC_MATH_2(fmax)
HC_MATH_2(fmin)
HC_MATH_2(fmod)
HC_MATH_2(pow)
HC_MATH_1(round)
HC_MATH_1(sinh)
HC_MATH_1(tanh)
HC_MATH_1(trunc)
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

// The approximate ones. In the NVPTX device pass they are PTX .approx
// instructions (error bounds in docs/math.md), defined here for float, with
// double forwarding to the precise function; everywhere else they are the
// precise functions. Call them qualified (fast_math::sin): under `using
// namespace fast_math;` an unqualified float call in device code may also
// see Clang's global device overload, which is the precise one and wins.
#if HC_MATH_NVPTX
// exp and exp10 as 2^(x log2 b): rounding the product x log2 b alone costs
// |x log2 b| * ln 2 ulp of relative error in the result (70 ulp for exp10
// near x = 30, over OpenCL's fast bound). The product's rounding error
// (recovered with an fma) and the constant's low part go through a second
// ex2.approx, of an argument below 2^-16 where it is all but exact.
HC_MATH_FN float __hc_fast_exp2_of_product(float x, float hi, float lo) {
  float t = x * hi;
  float e = __builtin_fmaf(x, hi, -t) + x * lo;
  if (__builtin_isinf(t)) // x infinite, or the product overflowed
    e = 0;
  return __nvvm_ex2_approx_f(t) * __nvvm_ex2_approx_f(e);
}
#define HC_FAST(name, nvptx_expr)                                              \
  HC_MATH_FN float name##f(float x) { return nvptx_expr; }                     \
  HC_MATH_FN float name(float x) { return nvptx_expr; }                        \
  HC_MATH_FN double name(double x) { return precise_math::name(x); }
#else
#define HC_FAST(name, nvptx_expr) using precise_math::name, precise_math::name##f;
#endif
HC_FAST(sin, __nvvm_sin_approx_f(x))
HC_FAST(cos, __nvvm_cos_approx_f(x))
HC_FAST(tan, __nvvm_div_approx_f(__nvvm_sin_approx_f(x),
                                 __nvvm_cos_approx_f(x)))
HC_FAST(exp2, __nvvm_ex2_approx_f(x))
// log2(e) and log2(10) as float pairs hi + lo.
HC_FAST(exp, __hc_fast_exp2_of_product(x, 0x1.715476p+0f, 0x1.4ae0c0p-26f))
HC_FAST(exp10, __hc_fast_exp2_of_product(x, 0x1.a934f0p+1f, 0x1.2f346ep-24f))
HC_FAST(log2, __nvvm_lg2_approx_f(x))
HC_FAST(log, __nvvm_lg2_approx_f(x) * 0x1.62e430p-1f)    // * ln(2)
HC_FAST(log10, __nvvm_lg2_approx_f(x) * 0x1.344136p-2f)  // * log10(2)
HC_FAST(sqrt, __nvvm_sqrt_approx_f(x))
HC_FAST(rsqrt, __nvvm_rsqrt_approx_f(x))
#undef HC_FAST

#if HC_MATH_NVPTX
HC_MATH_FN void sincosf(float x, float *s, float *c) {
  *s = __nvvm_sin_approx_f(x);
  *c = __nvvm_cos_approx_f(x);
}
HC_MATH_FN void sincos(float x, float *s, float *c) {
  fast_math::sincosf(x, s, c);
}
HC_MATH_FN void sincos(double x, double *s, double *c) {
  precise_math::sincos(x, s, c);
}
#else
using precise_math::sincos;
using precise_math::sincosf;
#endif

#if HC_MATH_HAS_HALF && HC_MATH_NVPTX
// Half: the fast float function, rounded (its error is far below a half
// ulp). Elsewhere the using-declarations above brought the precise ones.
#define HC_FAST_HALF(name)                                                     \
  HC_MATH_FN _Float16 name(_Float16 x) { return (_Float16)name##f((float)x); }
HC_FAST_HALF(sin)
HC_FAST_HALF(cos)
HC_FAST_HALF(tan)
HC_FAST_HALF(exp2)
HC_FAST_HALF(exp)
HC_FAST_HALF(exp10)
HC_FAST_HALF(log2)
HC_FAST_HALF(log)
HC_FAST_HALF(log10)
HC_FAST_HALF(sqrt)
HC_FAST_HALF(rsqrt)
#undef HC_FAST_HALF
HC_MATH_FN void sincos(_Float16 x, _Float16 *s, _Float16 *c) {
  float fs, fc;
  fast_math::sincosf((float)x, &fs, &fc);
  *s = (_Float16)fs;
  *c = (_Float16)fc;
}
#endif

} // namespace fast_math
} // namespace hc

#undef HC_MATH_USING
#undef HC_MATH_HALF_1
#undef HC_MATH_HALF_2
#undef HC_MATH_1
#undef HC_MATH_2
#undef HC_MATH_FN
#undef HC_MATH_DEVICE_FN
#undef HC_MATH_HAS_HALF
#undef HC_MATH_NVPTX
#undef HC_MATH_LIBCLC

#endif // HC_DETAIL_MATH_PRECISE_FAST_MATH_HPP
