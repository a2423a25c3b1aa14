/* Force-included (-include) by bin/hcc in every pass, before any user code.
 *
 * hcc runs Clang in CUDA mode (see docs/architecture.md) without a CUDA SDK
 * (-nocudainc). Clang still puts its cuda_wrappers/ headers in front of the
 * C++ library headers; those expect the CUDA SDK's spelling of the execution
 * space attributes and device declarations of malloc/free. We supply exactly
 * those, nothing more, so <iostream>, <algorithm>, <new>... compile in both
 * passes, and the device side of the C library calls the SDK's headers
 * would have declared (malloc/free, assert's __assert_fail).
 */
#ifndef HC_DETAIL_DEVICE_PRELUDE_H
#define HC_DETAIL_DEVICE_PRELUDE_H

#ifndef __host__
#define __host__ __attribute__((host))
#endif
#ifndef __device__
#define __device__ __attribute__((device))
#endif
#ifndef __global__
#define __global__ __attribute__((global))
#endif
#ifndef __shared__
#define __shared__ __attribute__((shared))
#endif
#ifndef __constant__
#define __constant__ __attribute__((constant))
#endif
#ifndef __forceinline__
#define __forceinline__ __inline__ __attribute__((always_inline))
#endif

#ifdef __cplusplus
/* Device-side allocation entry points. Declared device-only so they overload
 * the host declarations from <stdlib.h> instead of clashing with them. A
 * kernel that reaches one without a device definition is diagnosed by the
 * hcc pass plugin. */
extern "C" __device__ void *malloc(__SIZE_TYPE__) throw();
extern "C" __device__ void free(void *) throw();

/* assert() in kernels. glibc's <assert.h> reports a failure through
 * __assert_fail, a host function; the device gets its own, device-only so
 * that it overloads the host one. NVPTX: CUDA's __assertfail system call
 * (the driver prints the message and the block and thread, and the launch
 * fails with "device-side assert triggered"); AMDGPU: a trap, which ends
 * the launch with an error. Kernels on the CPU backend are host code and
 * call glibc's. */
#if defined(__NVPTX__) || defined(__AMDGCN__)
extern "C" {
#if defined(__NVPTX__)
__device__ void __assertfail(const char *message, const char *file,
                             unsigned line, const char *function,
                             __SIZE_TYPE__ char_size);
#endif
__device__ static inline void __assert_fail(const char *message,
                                            const char *file, unsigned line,
                                            const char *function) throw() {
#if defined(__NVPTX__)
  __assertfail(message, file, line, function, sizeof(char));
#else
  (void)message, (void)file, (void)line, (void)function;
  __builtin_trap();
#endif
}
}
#endif
#endif

#endif /* HC_DETAIL_DEVICE_PRELUDE_H */
