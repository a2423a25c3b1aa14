// A fake CUDA driver for the benchmarks' reference path, so that CI (no
// GPU) runs it: the entry points of benchmarks/common/raw_cuda.hpp, with
// "device memory" in host memory and the reference kernels (empty_kernel,
// saxpy, triad, sgemm_tiled) run on the CPU by name. A launch whose grid
// does not cover the problem fails, as a wrong launch would give wrong
// results on a GPU. The benchmarks load it through HCC_CUDA_LIBRARY, with
// HCC_BENCH_FAKE_REF=1 (reference.cpp), which lets the reference run
// although ours runs on the CPU. The hc runtime finds too few entry points
// in it and sees no CUDA device.
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;
enum { OK = 0, INVALID_VALUE = 1, NOT_FOUND = 500 };

static int context; // the one "primary context"

CUresult cuGetErrorName(CUresult r, const char **name) {
  *name = r == INVALID_VALUE ? "CUDA_ERROR_INVALID_VALUE"
          : r == NOT_FOUND   ? "CUDA_ERROR_NOT_FOUND"
                             : "CUDA_ERROR_UNKNOWN";
  return OK;
}
CUresult cuInit(unsigned flags) { return flags ? INVALID_VALUE : OK; }
CUresult cuDeviceGet(int *dev, int ordinal) {
  *dev = ordinal;
  return ordinal == 0 ? OK : INVALID_VALUE;
}
CUresult cuDeviceGetName(char *name, int len, int dev) {
  snprintf(name, (size_t)len, "Fake GPU %d", dev);
  return OK;
}
CUresult cuDevicePrimaryCtxRetain(void **ctx, int dev) {
  (void)dev;
  *ctx = &context;
  return OK;
}
CUresult cuCtxSetCurrent(void *ctx) { return ctx == &context ? OK : INVALID_VALUE; }
CUresult cuCtxSynchronize(void) { return OK; }
CUresult cuModuleLoadData(void **module, const void *image) {
  *module = (void *)image;
  return OK;
}
CUresult cuModuleGetFunction(void **f, void *module, const char *name) {
  static const char *const known[] = {"empty_kernel", "saxpy", "triad",
                                      "sgemm_tiled"};
  (void)module;
  for (size_t i = 0; i < sizeof known / sizeof *known; ++i)
    if (!strcmp(name, known[i])) {
      *f = (void *)known[i];
      return OK;
    }
  return NOT_FOUND;
}
CUresult cuModuleUnload(void *module) {
  (void)module;
  return OK;
}

#define ARG(type, i) (*(type *)params[i])
#define PTR(type, i) ((type *)(uintptr_t)ARG(CUdeviceptr, i))

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz,
                        unsigned bx, unsigned by, unsigned bz, unsigned shared,
                        void *stream, void **params, void **extra) {
  const char *name = (const char *)f;
  long threads = (long)gx * bx;
  (void)stream;
  if (gz != 1 || bz != 1 || shared || extra)
    return INVALID_VALUE;
  if (!strcmp(name, "empty_kernel"))
    return OK;
  if (!strcmp(name, "saxpy") || !strcmp(name, "triad")) {
    int n = ARG(int, 0);
    float s = ARG(float, 1);
    if (threads < n || gy != 1 || by != 1)
      return INVALID_VALUE;
    for (int i = 0; i < n; ++i) {
      if (name[0] == 's')
        PTR(float, 3)[i] = s * PTR(float, 2)[i] + PTR(float, 3)[i];
      else
        PTR(float, 2)[i] = PTR(float, 3)[i] + s * PTR(float, 4)[i];
    }
    return OK;
  }
  if (!strcmp(name, "sgemm_tiled")) {
    int M = ARG(int, 0), N = ARG(int, 1), K = ARG(int, 2);
    float alpha = ARG(float, 3), beta = ARG(float, 6);
    const float *A = PTR(float, 4), *B = PTR(float, 5);
    float *C = PTR(float, 7);
    // 16x16 threads, 128x128 elements of C per block
    if (bx != 16 || by != 16 || (long)gx * 128 < N || (long)gy * 128 < M)
      return INVALID_VALUE;
    for (int i = 0; i < M; ++i)
      for (int j = 0; j < N; ++j) {
        float sum = 0.0f;
        for (int k = 0; k < K; ++k)
          sum += A[(size_t)i * K + k] * B[(size_t)k * N + j];
        float *c = &C[(size_t)i * N + j];
        *c = alpha * sum + (beta != 0.0f ? beta * *c : 0.0f);
      }
    return OK;
  }
  return INVALID_VALUE;
}

CUresult cuStreamCreate(void **stream, unsigned flags) {
  (void)flags;
  *stream = &context;
  return OK;
}
CUresult cuStreamSynchronize(void *stream) {
  (void)stream;
  return OK;
}
CUresult cuStreamDestroy_v2(void *stream) {
  (void)stream;
  return OK;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t bytes) {
  *p = (CUdeviceptr)(uintptr_t)malloc(bytes);
  return *p ? OK : INVALID_VALUE;
}
CUresult cuMemFree_v2(CUdeviceptr p) {
  free((void *)(uintptr_t)p);
  return OK;
}
CUresult cuMemsetD32_v2(CUdeviceptr p, unsigned value, size_t count) {
  unsigned *q = (unsigned *)(uintptr_t)p;
  for (size_t i = 0; i < count; ++i)
    q[i] = value;
  return OK;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr dst, const void *src, size_t bytes) {
  memcpy((void *)(uintptr_t)dst, src, bytes);
  return OK;
}
CUresult cuMemcpyDtoH_v2(void *dst, CUdeviceptr src, size_t bytes) {
  memcpy(dst, (const void *)(uintptr_t)src, bytes);
  return OK;
}
