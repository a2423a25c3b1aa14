// The few CUDA driver entry points the benchmarks' references call.
//
// The references are raw driver calls in the benchmark's own process, so
// that "ours" and "ref" share the GPU, the primary context and the clock.
// Like the runtime, the benchmarks need no CUDA toolkit to build: the
// driver is dlopen()ed and the types and signatures below are declared by
// hand with the values of cuda.h (a stable ABI). This header is separate
// from the runtime's own declarations on purpose: a benchmark must not
// depend on the internals it measures.
#ifndef HCC_BENCH_RAW_CUDA_HPP
#define HCC_BENCH_RAW_CUDA_HPP

#include <cstddef>
#include <string>

namespace raw_cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;

constexpr CUresult CUDA_SUCCESS = 0;
constexpr unsigned CU_STREAM_NON_BLOCKING = 0x1; // what the runtime uses too

// X(member, exported symbol, parameters); the symbol is the versioned name
// where cuda.h maps the plain one to a _v2.
#define RAW_CUDA_ENTRY_POINTS(X)                                               \
  X(cuGetErrorName, "cuGetErrorName", (CUresult, const char **))               \
  X(cuInit, "cuInit", (unsigned))                                              \
  X(cuDeviceGet, "cuDeviceGet", (CUdevice *, int))                             \
  X(cuDeviceGetName, "cuDeviceGetName", (char *, int, CUdevice))               \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                      \
    (CUcontext *, CUdevice))                                                   \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", (CUcontext))                           \
  X(cuCtxSynchronize, "cuCtxSynchronize", ())                                  \
  X(cuModuleLoadData, "cuModuleLoadData", (CUmodule *, const void *))          \
  X(cuModuleGetFunction, "cuModuleGetFunction",                                \
    (CUfunction *, CUmodule, const char *))                                    \
  X(cuModuleUnload, "cuModuleUnload", (CUmodule))                              \
  X(cuLaunchKernel, "cuLaunchKernel",                                          \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **, void **))                                    \
  X(cuStreamCreate, "cuStreamCreate", (CUstream *, unsigned))                  \
  X(cuStreamSynchronize, "cuStreamSynchronize", (CUstream))                    \
  X(cuStreamDestroy, "cuStreamDestroy_v2", (CUstream))                         \
  X(cuMemAlloc, "cuMemAlloc_v2", (CUdeviceptr *, std::size_t))                 \
  X(cuMemFree, "cuMemFree_v2", (CUdeviceptr))                                  \
  X(cuMemsetD32, "cuMemsetD32_v2", (CUdeviceptr, unsigned, std::size_t))       \
  X(cuMemcpyHtoD, "cuMemcpyHtoD_v2", (CUdeviceptr, const void *, std::size_t)) \
  X(cuMemcpyDtoH, "cuMemcpyDtoH_v2", (void *, CUdeviceptr, std::size_t))

struct api {
#define RAW_CUDA_MEMBER(member, symbol, params) CUresult(*member) params = nullptr;
  RAW_CUDA_ENTRY_POINTS(RAW_CUDA_MEMBER)
#undef RAW_CUDA_MEMBER
};

// The driver, loaded once: $HCC_CUDA_LIBRARY if set (so a test that hides
// the driver from the runtime hides it from the reference too), else
// libcuda.so.1. Null, with the reason in `why`, when it cannot be loaded,
// lacks an entry point, or cuInit fails (stub library, no GPU).
const api *load(std::string &why);

// "cuLaunchKernel failed with CUDA_ERROR_INVALID_VALUE (1)".
std::string describe(const api &cu, const char *call, CUresult result);

// Throws std::runtime_error(describe(...)) unless `result` is success.
void check(const api &cu, const char *call, CUresult result);

} // namespace raw_cuda

#endif // HCC_BENCH_RAW_CUDA_HPP
