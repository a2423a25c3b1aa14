// AMDGPU device math: the ROCm device library entry points (__ocml_*) that
// Clang's HIP math headers (__clang_hip_math.h, __clang_hip_cmath.h) call,
// implemented on libclc's amdgcn-amd-amdhsa bitcode (which the driver links
// into every AMDGPU device module with -mlink-builtin-bitcode).
//
// Why not ROCm's own ocml: Debian 12's rocm-device-libs is 5.2.3, bitcode
// written by LLVM 15 for code object v4 (no __oclc_ABI_version control for
// v5, which hcc emits) and needing the oclc_* control libraries per ISA;
// libclc-22 is built by the same LLVM as the compiler and is already hcc's
// NVPTX math library. See docs/math.md.
//
// How: nvptx_libclc_shim.h implements libdevice's __nv_* names on libclc,
// with hcc's corrections where libclc is inaccurate (ldexp, ilogb, fmod and
// remainder of floats, tgamma, double pow, lgamma(inf)); it is plain C++ on
// libclc except for the PTX approximations, which it keeps to NVPTX. This
// file maps each __ocml_* function onto the __nv_* one, so both targets get
// the same functions with the same accuracy (test/math/precise-accuracy.cpp
// holds both to the same bounds).
//
// ocml passes output pointers in the private address space (HIP puts the
// result in a local variable first); libclc's generic-pointer overloads take
// them after a cast to a flat pointer.
//
// An ocml function neither libclc nor hcc provides (the Bessel functions,
// erfcx, normcdf, norm3d/4d, arithmetic with directed rounding) stays
// undefined: a kernel reaching one fails to compile with
// "calls '__ocml_j0_f32', which has no definition for the device".
//
// Device pass only (included from device_libm.h).
#ifndef HC_DETAIL_MATH_AMDGPU_OCML_SHIM_H
#define HC_DETAIL_MATH_AMDGPU_OCML_SHIM_H

#include "nvptx_libclc_shim.h"

#define HC_OCML_FN extern "C" __device__ inline __attribute__((always_inline))

#define HC_OCML_1(name)                                                        \
  HC_OCML_FN float __ocml_##name##_f32(float x) { return __nv_##name##f(x); } \
  HC_OCML_FN double __ocml_##name##_f64(double x) { return __nv_##name(x); }
#define HC_OCML_2(name)                                                        \
  HC_OCML_FN float __ocml_##name##_f32(float x, float y) {                     \
    return __nv_##name##f(x, y);                                               \
  }                                                                            \
  HC_OCML_FN double __ocml_##name##_f64(double x, double y) {                  \
    return __nv_##name(x, y);                                                  \
  }

HC_OCML_1(acos)
HC_OCML_1(acosh)
HC_OCML_1(asin)
HC_OCML_1(asinh)
HC_OCML_1(atan)
HC_OCML_1(atanh)
HC_OCML_1(cbrt)
HC_OCML_1(cos)
HC_OCML_1(cosh)
HC_OCML_1(cospi)
HC_OCML_1(erf)
HC_OCML_1(erfc)
HC_OCML_1(erfcinv)
HC_OCML_1(erfinv)
HC_OCML_1(exp)
HC_OCML_1(exp10)
HC_OCML_1(exp2)
HC_OCML_1(expm1)
HC_OCML_1(lgamma)
HC_OCML_1(log)
HC_OCML_1(log10)
HC_OCML_1(log1p)
HC_OCML_1(log2)
HC_OCML_1(logb)
HC_OCML_1(rcbrt)
HC_OCML_1(rsqrt)
HC_OCML_1(sin)
HC_OCML_1(sinh)
HC_OCML_1(sinpi)
HC_OCML_1(tan)
HC_OCML_1(tanh)
HC_OCML_1(tgamma)
HC_OCML_2(atan2)
HC_OCML_2(fdim)
HC_OCML_2(fmod)
HC_OCML_2(hypot)
HC_OCML_2(nextafter)
HC_OCML_2(pow)
HC_OCML_2(remainder)
HC_OCML_2(rhypot)

HC_OCML_FN int __ocml_ilogb_f32(float x) { return __nv_ilogbf(x); }
HC_OCML_FN int __ocml_ilogb_f64(double x) { return __nv_ilogb(x); }
HC_OCML_FN float __ocml_pown_f32(float x, int n) { return __nv_powif(x, n); }
HC_OCML_FN double __ocml_pown_f64(double x, int n) { return __nv_powi(x, n); }
HC_OCML_FN _Float16 __ocml_pown_f16(_Float16 x, int n) {
  return (_Float16)__nv_powif((float)x, n);
}

// Private-pointer outputs.
#define HC_OCML_PRIVATE __attribute__((opencl_private))
HC_OCML_FN float __ocml_frexp_f32(float x, HC_OCML_PRIVATE int *e) {
  return __nv_frexpf(x, (int *)e);
}
HC_OCML_FN double __ocml_frexp_f64(double x, HC_OCML_PRIVATE int *e) {
  return __nv_frexp(x, (int *)e);
}
HC_OCML_FN float __ocml_modf_f32(float x, HC_OCML_PRIVATE float *i) {
  return __nv_modff(x, (float *)i);
}
HC_OCML_FN double __ocml_modf_f64(double x, HC_OCML_PRIVATE double *i) {
  return __nv_modf(x, (double *)i);
}
HC_OCML_FN float __ocml_remquo_f32(float x, float y, HC_OCML_PRIVATE int *q) {
  return __nv_remquof(x, y, (int *)q);
}
HC_OCML_FN double __ocml_remquo_f64(double x, double y,
                                    HC_OCML_PRIVATE int *q) {
  return __nv_remquo(x, y, (int *)q);
}
// sincos and sincospi return the sine and store the cosine.
HC_OCML_FN float __ocml_sincos_f32(float x, HC_OCML_PRIVATE float *c) {
  float s;
  __nv_sincosf(x, &s, (float *)c);
  return s;
}
HC_OCML_FN double __ocml_sincos_f64(double x, HC_OCML_PRIVATE double *c) {
  double s;
  __nv_sincos(x, &s, (double *)c);
  return s;
}
HC_OCML_FN float __ocml_sincospi_f32(float x, HC_OCML_PRIVATE float *c) {
  float s;
  __nv_sincospif(x, &s, (float *)c);
  return s;
}
HC_OCML_FN double __ocml_sincospi_f64(double x, HC_OCML_PRIVATE double *c) {
  double s;
  __nv_sincospi(x, &s, (double *)c);
  return s;
}
#undef HC_OCML_PRIVATE

// Round-to-nearest-even arithmetic (__fadd_rn, __fsqrt_rn, ...): IEEE
// operations, kept apart from the user's -ffp-contract. The directed
// roundings (_rtn, _rtp, _rtz) have no libclc counterpart: absent.
#define HC_OCML_RTE(T, sfx)                                                    \
  HC_OCML_FN T __ocml_add_rte_##sfx(T x, T y) {                                \
    _Pragma("clang fp contract(off)") return x + y;                            \
  }                                                                            \
  HC_OCML_FN T __ocml_sub_rte_##sfx(T x, T y) {                                \
    _Pragma("clang fp contract(off)") return x - y;                            \
  }                                                                            \
  HC_OCML_FN T __ocml_mul_rte_##sfx(T x, T y) {                                \
    _Pragma("clang fp contract(off)") return x * y;                            \
  }                                                                            \
  HC_OCML_FN T __ocml_div_rte_##sfx(T x, T y) {                                \
    _Pragma("clang fp contract(off)") return x / y;                            \
  }                                                                            \
  HC_OCML_FN T __ocml_fma_rte_##sfx(T x, T y, T z) {                           \
    return __builtin_elementwise_fma(x, y, z);                                 \
  }                                                                            \
  HC_OCML_FN T __ocml_sqrt_rte_##sfx(T x) { return __builtin_elementwise_sqrt(x); }
HC_OCML_RTE(float, f32)
HC_OCML_RTE(double, f64)
#undef HC_OCML_RTE

// The "native" forms behind __sinf, __cosf, __fsqrt and -ffast-math's sinf:
// the precise functions (correct, just not the hardware approximation,
// whose accuracy no one has measured on a GPU for hcc yet).
HC_OCML_FN float __ocml_native_sin_f32(float x) { return __nv_sinf(x); }
HC_OCML_FN float __ocml_native_cos_f32(float x) { return __nv_cosf(x); }
HC_OCML_FN float __ocml_native_sqrt_f32(float x) { return __builtin_sqrtf(x); }

#undef HC_OCML_1
#undef HC_OCML_2
#undef HC_OCML_FN

#endif // HC_DETAIL_MATH_AMDGPU_OCML_SHIM_H
