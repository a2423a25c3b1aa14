// The C and C++ math library in GPU device code. The driver force-includes
// this header into every NVPTX and AMDGPU device pass (tools/hcc/DeviceLibraries.cpp),
// so that sinf(x), ::sin(x), std::sin(x), std::pow(2, i)... in a kernel call
// device implementations instead of the host's libm, which a GPU cannot run.
//
// The C++ surface is Clang's own CUDA math headers, the ones clang++ -x cuda
// uses with a CUDA toolkit: device overloads of every <cmath> function in
// the global namespace and in std, declared before <cmath> so that
// libstdc++'s constexpr float overloads (implicitly host+device in CUDA mode,
// and lowered to libcalls the NVPTX backend cannot make) lose to them. They
// are written against libdevice's __nv_* functions; nvptx_libclc_shim.h
// implements those on libclc (why: see there and docs/math.md).
//
// Parts of the CUDA toolkit's own headers those Clang headers expect are
// supplied here: CUDA_VERSION (only tested for >= 9000) and the float
// overloads listed at the end, which the toolkit's math_functions.hpp
// defines.
#ifndef HC_DETAIL_MATH_DEVICE_LIBM_H
#define HC_DETAIL_MATH_DEVICE_LIBM_H

#if defined(__cplusplus) && defined(__CUDA__) && defined(__NVPTX__)

// Tells precise_fast_math.hpp that the __nv_* functions below exist.
#define HC_DEVICE_LIBM_NVPTX 1

#include <__clang_cuda_math_forward_declares.h>

#include <climits>
#include <cmath>
#include <cstdlib>
#include <stdlib.h>

#pragma push_macro("CUDA_VERSION")
#undef CUDA_VERSION
#define CUDA_VERSION 12000
#include <__clang_cuda_libdevice_declares.h>
#include "nvptx_libclc_shim.h"

// The few CUDA device functions (__clang_cuda_device_functions.h, which
// would bring the whole CUDA intrinsic API) that the math headers call.
#define HC_DEVICE_MATH static __device__ inline __attribute__((always_inline))
HC_DEVICE_MATH int __isinff(float x) { return __builtin_isinf(x); }
HC_DEVICE_MATH int __isinf(double x) { return __builtin_isinf(x); }
HC_DEVICE_MATH int __isnanf(float x) { return __builtin_isnan(x); }
HC_DEVICE_MATH int __isnan(double x) { return __builtin_isnan(x); }
HC_DEVICE_MATH int __finitef(float x) { return __builtin_isfinite(x); }
HC_DEVICE_MATH int __isfinited(double x) { return __builtin_isfinite(x); }
HC_DEVICE_MATH int __signbitf(float x) { return __builtin_signbit(x); }
HC_DEVICE_MATH int __signbitd(double x) { return __builtin_signbit(x); }
HC_DEVICE_MATH int __float2int_rn(float x) { return __nvvm_f2i_rn(x); }
HC_DEVICE_MATH long long __float2ll_rn(float x) { return __nvvm_f2ll_rn(x); }
#undef HC_DEVICE_MATH
// CUDA's norm(int, const double *) would be a global `norm` in device code
// only, where it makes hc::short_vector::norm ambiguous after `using
// namespace hc::short_vector;` (and graphics::norm in C++ AMP): it gets
// another name. hcc had no such function.
#pragma push_macro("norm")
#define norm __hc_cuda_norm
#include <__clang_cuda_math.h>
#pragma pop_macro("norm")
#include <__clang_cuda_cmath.h>
#pragma pop_macro("CUDA_VERSION")

// float overloads declared by __clang_cuda_math_forward_declares.h whose
// definitions, with a CUDA toolkit, come from its math_functions.hpp.
#define HC_DEVICE_MATH static __device__ inline __attribute__((always_inline))
#define HC_FLOAT_1(fn)                                                         \
  HC_DEVICE_MATH float fn(float x) { return ::fn##f(x); }
#define HC_FLOAT_2(fn)                                                         \
  HC_DEVICE_MATH float fn(float x, float y) { return ::fn##f(x, y); }
HC_FLOAT_1(acosh)
HC_FLOAT_1(asinh)
HC_FLOAT_1(atanh)
HC_FLOAT_1(cbrt)
HC_FLOAT_1(erf)
HC_FLOAT_1(erfc)
HC_FLOAT_1(exp2)
HC_FLOAT_1(expm1)
HC_FLOAT_1(lgamma)
HC_FLOAT_1(log1p)
HC_FLOAT_1(log2)
HC_FLOAT_1(logb)
HC_FLOAT_1(nearbyint)
HC_FLOAT_1(rint)
HC_FLOAT_1(round)
HC_FLOAT_1(tgamma)
HC_FLOAT_1(trunc)
HC_FLOAT_2(copysign)
HC_FLOAT_2(fdim)
HC_FLOAT_2(fmax)
HC_FLOAT_2(fmin)
HC_FLOAT_2(hypot)
HC_FLOAT_2(nextafter)
HC_FLOAT_2(remainder)
HC_DEVICE_MATH float fma(float x, float y, float z) { return ::fmaf(x, y, z); }
HC_DEVICE_MATH int ilogb(float x) { return ::ilogbf(x); }
HC_DEVICE_MATH long long llrint(float x) { return ::llrintf(x); }
HC_DEVICE_MATH long long llround(float x) { return ::llroundf(x); }
HC_DEVICE_MATH long lrint(float x) { return ::lrintf(x); }
HC_DEVICE_MATH long lround(float x) { return ::lroundf(x); }
HC_DEVICE_MATH float scalbln(float x, long n) { return ::scalblnf(x, n); }
HC_DEVICE_MATH float scalbn(float x, int n) { return ::scalbnf(x, n); }
HC_DEVICE_MATH float remquo(float x, float y, int *q) {
  return ::remquof(x, y, q);
}
#undef HC_FLOAT_1
#undef HC_FLOAT_2
#undef HC_DEVICE_MATH

#endif // C++ NVPTX device pass

// AMDGPU (HIP-mode device pass): the same idea with Clang's HIP math headers,
// included in the order __clang_hip_runtime_wrapper.h uses (which -nogpuinc
// leaves out). They call ROCm's __ocml_* functions; amdgpu_ocml_shim.h
// implements those on libclc through the __nv_* layer above.
#if defined(__cplusplus) && defined(__HIP__) && defined(__AMDGCN__)

// Tells precise_fast_math.hpp that the __nv_* and __ocml_* functions exist.
#define HC_DEVICE_LIBM_AMDGPU 1

#include <climits>
#include <cmath>
#include <cstdlib>
#include <stdlib.h>

#include <__clang_hip_libdevice_declares.h>
#include "amdgpu_ocml_shim.h"
// HIP's norm(int, const double *): renamed, as CUDA's above.
#pragma push_macro("norm")
#define norm __hc_hip_norm
#include <__clang_hip_math.h>
#pragma pop_macro("norm")
#include <__clang_hip_stdlib.h>
#include <__clang_cuda_math_forward_declares.h>
#include <__clang_hip_cmath.h>

#endif // C++ AMDGPU device pass

#endif // HC_DETAIL_MATH_DEVICE_LIBM_H
