// NVPTX device math: the libdevice entry points (__nv_*) that Clang's CUDA
// math headers call, implemented on libclc's nvptx64 bitcode
// (/usr/lib/clc/nvptx64--.bc, which the driver links into every NVPTX device
// module with -mlink-builtin-bitcode) or on PTX instructions.
//
// Why this layer: Clang's <__clang_cuda_math.h>/<__clang_cuda_cmath.h> give
// device code the whole C/C++ math API (sinf, ::sin, std::sin, the integer
// overloads...) in terms of libdevice, which hcc cannot use (it ships with
// the CUDA toolkit, not on Debian, and the driver's JIT cannot link it).
// libclc is a Debian package with the same functions under OpenCL's names,
// self-contained (no __nv_* inside), so the PTX stays self-contained.
//
// libclc's functions are reached by their Itanium-mangled OpenCL names
// through asm labels. Its plain pointers are OpenCL's private address space,
// which is LLVM's generic address space 0 on NVPTX, the same as a CUDA
// pointer, so frexp/modf/remquo/sincos take our pointers unchanged.
//
// A libdevice function that neither libclc nor PTX nor hcc provides (the
// Bessel functions, normcdf, ...) is left undefined on purpose: a kernel
// that reaches one fails to compile with "calls '__nv_j0f', which has no
// definition for the device" (see docs/math.md).
//
// The AMDGPU device pass uses this file too (through amdgpu_ocml_shim.h, on
// libclc's amdgcn-amd-amdhsa bitcode): everything but the PTX .approx forms
// at the end is target-neutral C++ on libclc. libclc's amdgcn build has the
// same generic-pointer (addrspace 0) overloads under the same names.
//
// Device pass only (included from device_libm.h).
#ifndef HC_DETAIL_MATH_NVPTX_LIBCLC_SHIM_H
#define HC_DETAIL_MATH_NVPTX_LIBCLC_SHIM_H

#include "erfinv.hpp"
#include "exp_log_float.hpp"
#include "tgamma.hpp"

#define HC_NV_FN extern "C" __device__ inline __attribute__((always_inline))

// f(float) and f(double) from libclc.
#define HC_LIBCLC_1(name, mangled_f, mangled_d)                                \
  extern "C" __device__ float __hc_clc_##name##f(float) __asm__(mangled_f);    \
  extern "C" __device__ double __hc_clc_##name(double) __asm__(mangled_d);     \
  HC_NV_FN float __nv_##name##f(float x) { return __hc_clc_##name##f(x); }     \
  HC_NV_FN double __nv_##name(double x) { return __hc_clc_##name(x); }

#define HC_LIBCLC_2(name, mangled_f, mangled_d)                                \
  extern "C" __device__ float __hc_clc_##name##f(float, float)                 \
      __asm__(mangled_f);                                                      \
  extern "C" __device__ double __hc_clc_##name(double, double)                 \
      __asm__(mangled_d);                                                      \
  HC_NV_FN float __nv_##name##f(float x, float y) {                            \
    return __hc_clc_##name##f(x, y);                                           \
  }                                                                            \
  HC_NV_FN double __nv_##name(double x, double y) {                            \
    return __hc_clc_##name(x, y);                                              \
  }

// f(float) rounded from libclc's f(double): libclc's float hyperbolics
// compute exp(x) +- exp(-x) in float and land up to 1.45 ulp away (H100,
// docs/math.md); the double function's result rounded once is the correctly
// rounded float in all but the rarest cases, as the host's library is, so a
// kernel and the host agree. Every float is exactly a double, and double
// overflow starts far beyond float's, so the rounding also overflows to inf
// exactly where the float function should.
#define HC_LIBCLC_1_FLOAT_IN_DOUBLE(name, mangled_d)                           \
  extern "C" __device__ double __hc_clc_##name(double) __asm__(mangled_d);     \
  HC_NV_FN float __nv_##name##f(float x) {                                     \
    return (float)__hc_clc_##name((double)x);                                  \
  }                                                                            \
  HC_NV_FN double __nv_##name(double x) { return __hc_clc_##name(x); }

// One-argument functions: __nv_<f>f / __nv_<f> -> libclc <f>(float/double).
HC_LIBCLC_1(acos, "_Z4acosf", "_Z4acosd")
HC_LIBCLC_1(acosh, "_Z5acoshf", "_Z5acoshd")
HC_LIBCLC_1(asin, "_Z4asinf", "_Z4asind")
HC_LIBCLC_1(asinh, "_Z5asinhf", "_Z5asinhd")
HC_LIBCLC_1(atan, "_Z4atanf", "_Z4atand")
HC_LIBCLC_1(atanh, "_Z5atanhf", "_Z5atanhd")
HC_LIBCLC_1(cbrt, "_Z4cbrtf", "_Z4cbrtd")
HC_LIBCLC_1(cos, "_Z3cosf", "_Z3cosd")
HC_LIBCLC_1_FLOAT_IN_DOUBLE(cosh, "_Z4coshd")
HC_LIBCLC_1(cospi, "_Z5cospif", "_Z5cospid")
HC_LIBCLC_1(erf, "_Z3erff", "_Z3erfd")
HC_LIBCLC_1(erfc, "_Z4erfcf", "_Z4erfcd")
#if defined(__NVPTX__)
// expf, logf: hcc's (exp_log_float.hpp), faster than libclc's; double ones
// from libclc.
extern "C" __device__ double __hc_clc_exp(double) __asm__("_Z3expd");
HC_NV_FN float __nv_expf(float x) { return hc::detail::math::exp_float(x); }
HC_NV_FN double __nv_exp(double x) { return __hc_clc_exp(x); }
#else
HC_LIBCLC_1(exp, "_Z3expf", "_Z3expd")
#endif
HC_LIBCLC_1(exp10, "_Z5exp10f", "_Z5exp10d")
HC_LIBCLC_1(exp2, "_Z4exp2f", "_Z4exp2d")
HC_LIBCLC_1(expm1, "_Z5expm1f", "_Z5expm1d")
#if defined(__NVPTX__)
extern "C" __device__ double __hc_clc_log(double) __asm__("_Z3logd");
HC_NV_FN float __nv_logf(float x) { return hc::detail::math::log_float(x); }
HC_NV_FN double __nv_log(double x) { return __hc_clc_log(x); }
#else
HC_LIBCLC_1(log, "_Z3logf", "_Z3logd")
#endif
HC_LIBCLC_1(log10, "_Z5log10f", "_Z5log10d")
HC_LIBCLC_1(log1p, "_Z5log1pf", "_Z5log1pd")
HC_LIBCLC_1(log2, "_Z4log2f", "_Z4log2d")
HC_LIBCLC_1(logb, "_Z4logbf", "_Z4logbd")
HC_LIBCLC_1(round, "_Z5roundf", "_Z5roundd")
HC_LIBCLC_1(sin, "_Z3sinf", "_Z3sind")
HC_LIBCLC_1_FLOAT_IN_DOUBLE(sinh, "_Z4sinhd")
HC_LIBCLC_1(sinpi, "_Z5sinpif", "_Z5sinpid")
HC_LIBCLC_1(tan, "_Z3tanf", "_Z3tand")
HC_LIBCLC_1_FLOAT_IN_DOUBLE(tanh, "_Z4tanhd")
HC_LIBCLC_1(rsqrt, "_Z5rsqrtf", "_Z5rsqrtd")

// Two-argument functions.
HC_LIBCLC_2(atan2, "_Z5atan2ff", "_Z5atan2dd")
HC_LIBCLC_2(fdim, "_Z4fdimff", "_Z4fdimdd")
HC_LIBCLC_2(hypot, "_Z5hypotff", "_Z5hypotdd")
HC_LIBCLC_2(nextafter, "_Z9nextafterff", "_Z9nextafterdd")

// Functions with a pointer or int argument.
extern "C" __device__ float __hc_clc_frexpf(float, int *) __asm__("_Z5frexpfPi");
extern "C" __device__ double __hc_clc_frexp(double, int *) __asm__("_Z5frexpdPi");
extern "C" __device__ float __hc_clc_modff(float, float *) __asm__("_Z4modffPf");
extern "C" __device__ double __hc_clc_modf(double, double *) __asm__("_Z4modfdPd");
extern "C" __device__ float __hc_clc_remquof(float, float, int *)
    __asm__("_Z6remquoffPi");
extern "C" __device__ double __hc_clc_remquo(double, double, int *)
    __asm__("_Z6remquoddPi");
extern "C" __device__ float __hc_clc_sincosf(float, float *)
    __asm__("_Z6sincosfPf");
extern "C" __device__ double __hc_clc_sincos(double, double *)
    __asm__("_Z6sincosdPd");
extern "C" __device__ float __hc_clc_ldexpf(float, int) __asm__("_Z5ldexpfi");
extern "C" __device__ double __hc_clc_ldexp(double, int) __asm__("_Z5ldexpdi");
extern "C" __device__ float __hc_clc_pownf(float, int) __asm__("_Z4pownfi");
extern "C" __device__ double __hc_clc_pown(double, int) __asm__("_Z4powndi");
extern "C" __device__ int __hc_clc_ilogbf(float) __asm__("_Z5ilogbf");
extern "C" __device__ int __hc_clc_ilogb(double) __asm__("_Z5ilogbd");
// tanpi: no libdevice name; hc::precise_math calls it directly.
extern "C" __device__ float __hc_clc_tanpif(float) __asm__("_Z5tanpif");
extern "C" __device__ double __hc_clc_tanpi(double) __asm__("_Z5tanpid");

// Where libclc's own answers are wrong, hcc's (checked against the host by
// test/math/precise-accuracy.cpp):
//  * libclc is built without fp32 denormals, so its float functions treat
//    subnormal *inputs* as zero too: ldexpf(0x1.6p-128f, 208) returns 0 and
//    remquof(0, 0x1p-149f) NaN. Exact float operations are done in double
//    here, where every float is normal and the result is exact (fmod,
//    remainder, remquo) or rounded once (ldexp).
//  * libclc's double ldexp returns inf for NaN (its early-out tests inf and
//    zero but not NaN).
//  * libclc's ilogb answers OpenCL's FP_ILOGBNAN (INT_MAX); C++ code
//    compares with the host's FP_ILOGB0 / FP_ILOGBNAN.
//  * tgamma(-0) must be -inf and lgamma(-inf) +inf (libclc: +inf, and -inf
//    for float).

/// x * 2^n rounded once: the power of two is applied in at most three
/// steps, each a normal double, so that only the last multiplication can
/// round (a subnormal intermediate only happens when the result rounds to
/// zero anyway).
extern "C" __device__ inline __attribute__((always_inline)) double
__hc_ldexp(double x, int n) {
  // Each step rounded as written, whatever the user's -ffp-contract (the
  // device pass honours this pragma: docs/math.md). A file-wide pragma would
  // leak into the user's code after this header.
#pragma clang fp contract(off)
  // Beyond these every finite non-zero x over- or underflows.
  if (n > 2100)
    n = 2100;
  if (n < -2100)
    n = -2100;
  if (n > 1023) {
    x *= 0x1p1023;
    n -= 1023;
    if (n > 1023) {
      x *= 0x1p1023;
      n -= 1023;
    }
  } else if (n < -1022) {
    // 2^-969 = 2^-1022 * 2^53: leaves 53 bits of room above the
    // subnormals for the last step.
    x *= 0x1p-969;
    n += 969;
    if (n < -1022) {
      x *= 0x1p-969;
      n += 969;
    }
  }
  return x * __builtin_bit_cast(double, (unsigned long long)(n + 1023) << 52);
}

/// Every float times 2^n for |n| <= 400 is an exact normal double, so one
/// rounding to float gives the correctly rounded result, subnormal or not.
extern "C" __device__ inline __attribute__((always_inline)) float
__hc_ldexpf(float x, int n) {
  n = n > 400 ? 400 : (n < -400 ? -400 : n);
  return (float)__hc_ldexp((double)x, n);
}

extern "C" __device__ inline __attribute__((always_inline)) int
__hc_ilogbf(float x) {
  unsigned u = __builtin_bit_cast(unsigned, x) & 0x7fffffffu;
  if (u == 0)
    return FP_ILOGB0;
  if (u >= 0x7f800000u)
    return u == 0x7f800000u ? INT_MAX : FP_ILOGBNAN;
  if (u < 0x00800000u) // subnormal: u * 2^-149
    return (31 - __builtin_clz(u)) - 149;
  return int(u >> 23) - 127;
}

extern "C" __device__ inline __attribute__((always_inline)) int
__hc_ilogb(double x) {
  unsigned long long u =
      __builtin_bit_cast(unsigned long long, x) & 0x7fffffffffffffffull;
  if (u == 0)
    return FP_ILOGB0;
  if (u >= 0x7ff0000000000000ull)
    return u == 0x7ff0000000000000ull ? INT_MAX : FP_ILOGBNAN;
  if (u < 0x0010000000000000ull) // subnormal: u * 2^-1074
    return (63 - __builtin_clzll(u)) - 1074;
  return int(u >> 52) - 1023;
}

// fmod, remainder, remquo: the exact double result of float operands is a
// float.
extern "C" __device__ double __hc_clc_fmod(double, double) __asm__("_Z4fmoddd");
extern "C" __device__ double __hc_clc_remainder(double, double)
    __asm__("_Z9remainderdd");
HC_NV_FN double __nv_fmod(double x, double y) { return __hc_clc_fmod(x, y); }
HC_NV_FN float __nv_fmodf(float x, float y) {
  return (float)__hc_clc_fmod((double)x, (double)y);
}
HC_NV_FN double __nv_remainder(double x, double y) {
  return __hc_clc_remainder(x, y);
}
HC_NV_FN float __nv_remainderf(float x, float y) {
  return (float)__hc_clc_remainder((double)x, (double)y);
}
HC_NV_FN float __nv_remquof(float x, float y, int *q) {
  return (float)__hc_clc_remquo((double)x, (double)y, q);
}

extern "C" __device__ float __hc_clc_lgammaf(float) __asm__("_Z6lgammaf");
extern "C" __device__ double __hc_clc_lgamma(double) __asm__("_Z6lgammad");
HC_NV_FN float __nv_lgammaf(float x) {
  return __builtin_isinf(x) ? __builtin_inff() : __hc_clc_lgammaf(x);
}
HC_NV_FN double __nv_lgamma(double x) {
  return __builtin_isinf(x) ? __builtin_inf() : __hc_clc_lgamma(x);
}

HC_NV_FN float __nv_frexpf(float x, int *e) { return __hc_clc_frexpf(x, e); }
HC_NV_FN double __nv_frexp(double x, int *e) { return __hc_clc_frexp(x, e); }
HC_NV_FN float __nv_modff(float x, float *i) { return __hc_clc_modff(x, i); }
HC_NV_FN double __nv_modf(double x, double *i) { return __hc_clc_modf(x, i); }
HC_NV_FN double __nv_remquo(double x, double y, int *q) {
  return __hc_clc_remquo(x, y, q);
}
HC_NV_FN void __nv_sincosf(float x, float *s, float *c) {
  *s = __hc_clc_sincosf(x, c);
}
HC_NV_FN void __nv_sincos(double x, double *s, double *c) {
  *s = __hc_clc_sincos(x, c);
}
HC_NV_FN void __nv_sincospif(float x, float *s, float *c) {
  *s = __hc_clc_sinpif(x);
  *c = __hc_clc_cospif(x);
}
HC_NV_FN void __nv_sincospi(double x, double *s, double *c) {
  *s = __hc_clc_sinpi(x);
  *c = __hc_clc_cospi(x);
}
HC_NV_FN float __nv_ldexpf(float x, int e) { return __hc_ldexpf(x, e); }
HC_NV_FN double __nv_ldexp(double x, int e) { return __hc_ldexp(x, e); }
// FLT_RADIX is 2: scalbn is ldexp.
HC_NV_FN float __nv_scalbnf(float x, int e) { return __hc_ldexpf(x, e); }
HC_NV_FN double __nv_scalbn(double x, int e) { return __hc_ldexp(x, e); }
HC_NV_FN float __nv_powif(float x, int n) { return __hc_clc_pownf(x, n); }
HC_NV_FN double __nv_powi(double x, int n) { return __hc_clc_pown(x, n); }
HC_NV_FN int __nv_ilogbf(float x) { return __hc_ilogbf(x); }
HC_NV_FN int __nv_ilogb(double x) { return __hc_ilogb(x); }

// pow: libclc's float pow is used as is. Its double pow returns +inf
// instead of 0 for |x| < 1 and exponents of 1e100 or so (an
// out-of-range float-to-integer conversion); for |y| >= 2^64 (an even
// integer) every |x| != 1 over- or underflows, so those are answered here.
extern "C" __device__ float __hc_clc_powf(float, float) __asm__("_Z3powff");
extern "C" __device__ double __hc_clc_pow(double, double) __asm__("_Z3powdd");
HC_NV_FN float __nv_powf(float x, float y) { return __hc_clc_powf(x, y); }
HC_NV_FN double __nv_pow(double x, double y) {
  double ay = __builtin_fabs(y);
  if (ay >= 0x1p64 && ay != __builtin_inf() && x == x) {
    double ax = __builtin_fabs(x);
    if (ax == 1.0)
      return 1.0;
    return (ax > 1.0) == (y > 0) ? __builtin_inf() : 0.0;
  }
  return __hc_clc_pow(x, y);
}

// tgamma: libclc computes exp(lgamma(x)), whose error grows with the result
// (about 2000 ulp near the double overflow, 200 ulp for float). For x > 0
// hcc's own gamma_positive (tgamma.hpp, a few ulp) replaces it; x <= 0 and
// NaN stay libclc's. The float version is the double one rounded.
extern "C" __device__ double __hc_clc_tgamma(double) __asm__("_Z6tgammad");
HC_NV_FN double __nv_tgamma(double x) {
  if (x > 0)
    return hc::detail::math::gamma_positive(
        x, [](double a, double b) { return __hc_clc_pow(a, b); },
        [](double a) { return __hc_clc_exp(a); },
        [](double a) { return __hc_clc_log(a); });
  if (x == 0) // a pole: +-inf with the sign of the zero
    return 1 / x;
  // Below -170.62 Gamma(1 - x) overflows and libclc's reflection returns
  // inf where the result is subnormal or zero (tgamma(-170.625) is about
  // -1e-308: half's sweep found it). There hcc's tgamma_far_negative.
  if (x < -170.62437695630272 && x != __builtin_trunc(x) &&
      !__builtin_isinf(x))
    return hc::detail::math::gamma_far_negative(
        x, [](double a, double b) { return __hc_clc_pow(a, b); },
        [](double a) { return __hc_clc_exp(a); },
        [](double a) { return __hc_clc_log(a); });
  return __hc_clc_tgamma(x);
}
HC_NV_FN float __nv_tgammaf(float x) { return (float)__nv_tgamma(x); }

// erfinv, erfcinv: hcc's (erfinv.hpp), Halley's method on libclc's erf and
// erfc in double; the float versions are the double ones rounded.
#define HC_NV_LIBCLC_ERF_FUNCTIONS                                             \
  [](double a) { return __hc_clc_erf(a); },                                    \
      [](double a) { return __hc_clc_erfc(a); },                               \
      [](double a) { return __hc_clc_exp(a); },                                \
      [](double a) { return __hc_clc_log(a); }
HC_NV_FN double __nv_erfinv(double y) {
  return hc::detail::math::inverse_erf(y, HC_NV_LIBCLC_ERF_FUNCTIONS);
}
HC_NV_FN double __nv_erfcinv(double z) {
  return hc::detail::math::inverse_erfc(z, HC_NV_LIBCLC_ERF_FUNCTIONS);
}
#undef HC_NV_LIBCLC_ERF_FUNCTIONS
HC_NV_FN float __nv_erfinvf(float y) { return (float)__nv_erfinv(y); }
HC_NV_FN float __nv_erfcinvf(float z) { return (float)__nv_erfcinv(z); }

// Exact operations with a PTX instruction of their own (sqrt.rn, abs, cvt.rmi,
// ...): the LLVM builtins lower to them directly. fmin/fmax follow C (a NaN
// operand yields the other one), as PTX min/max do.
HC_NV_FN float __nv_sqrtf(float x) { return __builtin_sqrtf(x); }
HC_NV_FN double __nv_sqrt(double x) { return __builtin_sqrt(x); }
HC_NV_FN float __nv_fabsf(float x) { return __builtin_fabsf(x); }
HC_NV_FN double __nv_fabs(double x) { return __builtin_fabs(x); }
HC_NV_FN float __nv_floorf(float x) { return __builtin_floorf(x); }
HC_NV_FN double __nv_floor(double x) { return __builtin_floor(x); }
HC_NV_FN float __nv_ceilf(float x) { return __builtin_ceilf(x); }
HC_NV_FN double __nv_ceil(double x) { return __builtin_ceil(x); }
HC_NV_FN float __nv_truncf(float x) { return __builtin_truncf(x); }
HC_NV_FN double __nv_trunc(double x) { return __builtin_trunc(x); }
HC_NV_FN float __nv_rintf(float x) { return __builtin_rintf(x); }
HC_NV_FN double __nv_rint(double x) { return __builtin_rint(x); }
HC_NV_FN float __nv_copysignf(float x, float y) {
  return __builtin_copysignf(x, y);
}
HC_NV_FN double __nv_copysign(double x, double y) {
  return __builtin_copysign(x, y);
}
HC_NV_FN float __nv_fmaf(float x, float y, float z) {
  return __builtin_fmaf(x, y, z);
}
HC_NV_FN double __nv_fma(double x, double y, double z) {
  return __builtin_fma(x, y, z);
}
HC_NV_FN float __nv_fminf(float x, float y) { return __builtin_fminf(x, y); }
HC_NV_FN double __nv_fmin(double x, double y) { return __builtin_fmin(x, y); }
HC_NV_FN float __nv_fmaxf(float x, float y) { return __builtin_fmaxf(x, y); }
HC_NV_FN double __nv_fmax(double x, double y) { return __builtin_fmax(x, y); }

// C's llrint/llround: round, then convert (out-of-range results are
// unspecified in C; PTX's cvt saturates).
HC_NV_FN long long __nv_llrintf(float x) {
  return (long long)__builtin_rintf(x);
}
HC_NV_FN long long __nv_llrint(double x) { return (long long)__builtin_rint(x); }
HC_NV_FN long long __nv_llroundf(float x) {
  return (long long)__hc_clc_roundf(x);
}
HC_NV_FN long long __nv_llround(double x) {
  return (long long)__hc_clc_round(x);
}

// Reciprocals that C lacks but CUDA's headers expose: one division after the
// libclc function (at most 1 ulp more than it).
HC_NV_FN float __nv_rcbrtf(float x) { return 1.0f / __hc_clc_cbrtf(x); }
HC_NV_FN double __nv_rcbrt(double x) { return 1.0 / __hc_clc_cbrt(x); }
HC_NV_FN float __nv_rhypotf(float x, float y) {
  return 1.0f / __hc_clc_hypotf(x, y);
}
HC_NV_FN double __nv_rhypot(double x, double y) {
  return 1.0 / __hc_clc_hypot(x, y);
}

// Integer helpers of the CUDA headers (abs, min, max overloads).
HC_NV_FN int __nv_abs(int a) { return a < 0 ? -a : a; }
HC_NV_FN long long __nv_llabs(long long a) { return a < 0 ? -a : a; }
HC_NV_FN int __nv_min(int a, int b) { return a < b ? a : b; }
HC_NV_FN int __nv_max(int a, int b) { return a < b ? b : a; }
HC_NV_FN unsigned __nv_umin(unsigned a, unsigned b) { return a < b ? a : b; }
HC_NV_FN unsigned __nv_umax(unsigned a, unsigned b) { return a < b ? b : a; }
HC_NV_FN long long __nv_llmin(long long a, long long b) {
  return a < b ? a : b;
}
HC_NV_FN long long __nv_llmax(long long a, long long b) {
  return a < b ? b : a;
}
HC_NV_FN unsigned long long __nv_ullmin(unsigned long long a,
                                        unsigned long long b) {
  return a < b ? a : b;
}
HC_NV_FN unsigned long long __nv_ullmax(unsigned long long a,
                                        unsigned long long b) {
  return a < b ? b : a;
}

#if defined(__NVPTX__)
// Approximate single-precision forms (-ffast-math, hc::fast_math): PTX's
// .approx instructions, whose error bounds the PTX ISA documents.
HC_NV_FN float __nv_fast_sinf(float x) { return __nvvm_sin_approx_f(x); }
HC_NV_FN float __nv_fast_cosf(float x) { return __nvvm_cos_approx_f(x); }
HC_NV_FN void __nv_fast_sincosf(float x, float *s, float *c) {
  *s = __nvvm_sin_approx_f(x);
  *c = __nvvm_cos_approx_f(x);
}
HC_NV_FN float __nv_fast_log2f(float x) { return __nvvm_lg2_approx_f(x); }
HC_NV_FN float __nv_fast_logf(float x) {
  return __nvvm_lg2_approx_f(x) * 0x1.62e430p-1f; // log2(x) * ln(2)
}
HC_NV_FN float __nv_fast_fdividef(float x, float y) {
  return __nvvm_div_approx_f(x, y);
}
#endif // __NVPTX__

#undef HC_LIBCLC_1
#undef HC_LIBCLC_2
#undef HC_NV_FN

#endif // HC_DETAIL_MATH_NVPTX_LIBCLC_SHIM_H
