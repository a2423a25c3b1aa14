// The CUDA driver API, loaded at run time.
//
// hcc has no build-time CUDA dependency: the backend opens libcuda.so.1
// with dlopen() (HCC_CUDA_LIBRARY overrides the name) and looks up the few
// entry points it uses. The types, enumerators and signatures below are
// declared here, with the values of CUDA's cuda.h (stable ABI since CUDA
// 4.0; the versioned symbols are the ones cuda.h maps the plain names to).
#ifndef HC_RUNTIME_CUDA_CUDA_DRIVER_HPP
#define HC_RUNTIME_CUDA_CUDA_DRIVER_HPP

#include "core/driver_library.hpp"

#include <cstddef>
#include <memory>
#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

// --- types -------------------------------------------------------------------

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
struct CUctx_st;
struct CUmod_st;
struct CUfunc_st;
struct CUstream_st;
struct CUevent_st;
struct CUlinkState_st;
using CUcontext = CUctx_st *;
using CUmodule = CUmod_st *;
using CUfunction = CUfunc_st *;
using CUstream = CUstream_st *;
using CUevent = CUevent_st *;
using CUlinkState = CUlinkState_st *;

// --- enumerators (values of cuda.h) ------------------------------------------

enum : CUresult {
  CUDA_SUCCESS = 0,
  CUDA_ERROR_INVALID_VALUE = 1,
  CUDA_ERROR_OUT_OF_MEMORY = 2,
  CUDA_ERROR_NOT_INITIALIZED = 3,
  CUDA_ERROR_DEINITIALIZED = 4,
  CUDA_ERROR_STUB_LIBRARY = 34,
  CUDA_ERROR_NO_DEVICE = 100,
  CUDA_ERROR_INVALID_DEVICE = 101,
  CUDA_ERROR_INVALID_IMAGE = 200,
  CUDA_ERROR_INVALID_CONTEXT = 201,
  CUDA_ERROR_NO_BINARY_FOR_GPU = 209,
  CUDA_ERROR_INVALID_PTX = 218,
  CUDA_ERROR_UNSUPPORTED_PTX_VERSION = 222,
  CUDA_ERROR_INVALID_HANDLE = 400,
  CUDA_ERROR_NOT_FOUND = 500,
  CUDA_ERROR_NOT_READY = 600,
  CUDA_ERROR_ILLEGAL_ADDRESS = 700,
  CUDA_ERROR_ILLEGAL_INSTRUCTION = 715,
  CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES = 701,
  CUDA_ERROR_LAUNCH_TIMEOUT = 702,
  CUDA_ERROR_LAUNCH_FAILED = 719,
  CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED = 704,
  CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED = 712,
  CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED = 713,
  CUDA_ERROR_NOT_SUPPORTED = 801,
  CUDA_ERROR_UNKNOWN = 999
};

enum CUdevice_attribute : int {
  CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 1,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK = 8,
  CU_DEVICE_ATTRIBUTE_WARP_SIZE = 10,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_INTEGRATED = 18,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED = 86,
  CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS = 88,
  CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97
};

enum CUfunction_attribute : int {
  CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK = 0,
  CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
  CU_FUNC_ATTRIBUTE_NUM_REGS = 4,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8
};

enum CUjit_option : int {
  CU_JIT_MAX_REGISTERS = 0,
  CU_JIT_THREADS_PER_BLOCK = 1,
  CU_JIT_WALL_TIME = 2,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_JIT_OPTIMIZATION_LEVEL = 7,
  CU_JIT_TARGET_FROM_CUCONTEXT = 8,
  CU_JIT_TARGET = 9,
  CU_JIT_FALLBACK_STRATEGY = 10,
  CU_JIT_GENERATE_DEBUG_INFO = 11,
  CU_JIT_LOG_VERBOSE = 12,
  CU_JIT_GENERATE_LINE_INFO = 13,
  CU_JIT_CACHE_MODE = 14
};

enum CUjitInputType : int {
  CU_JIT_INPUT_CUBIN = 0,
  CU_JIT_INPUT_PTX = 1
};

// cuPointerGetAttribute.
enum : int {
  CU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
  CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9
};
enum : unsigned { CU_MEMORYTYPE_HOST = 1, CU_MEMORYTYPE_DEVICE = 2 };

// cuMemHostAlloc / cuMemHostRegister flags.
enum : unsigned {
  CU_MEMHOSTALLOC_PORTABLE = 0x1,
  CU_MEMHOSTALLOC_DEVICEMAP = 0x2,
  CU_MEMHOSTREGISTER_PORTABLE = 0x1,
  CU_MEMHOSTREGISTER_DEVICEMAP = 0x2,
  CU_MEMHOSTREGISTER_READ_ONLY = 0x8
};

enum : unsigned {
  CU_STREAM_NON_BLOCKING = 0x1,
  CU_EVENT_DEFAULT = 0x0,
  CU_EVENT_BLOCKING_SYNC = 0x1,
  CU_EVENT_DISABLE_TIMING = 0x2
};

// --- the entry points we use ---------------------------------------------------

// X(member, symbol, return, parameters). `symbol` is the exported name
// (the versioned one where cuda.h maps the plain name to a _v2).
#define HCC_CUDA_REQUIRED_ENTRY_POINTS(X)                                      \
  X(cuGetErrorName, "cuGetErrorName", (CUresult, const char **))               \
  X(cuGetErrorString, "cuGetErrorString", (CUresult, const char **))           \
  X(cuInit, "cuInit", (unsigned))                                              \
  X(cuDriverGetVersion, "cuDriverGetVersion", (int *))                         \
  X(cuDeviceGetCount, "cuDeviceGetCount", (int *))                             \
  X(cuDeviceGet, "cuDeviceGet", (CUdevice *, int))                             \
  X(cuDeviceGetName, "cuDeviceGetName", (char *, int, CUdevice))               \
  X(cuDeviceTotalMem, "cuDeviceTotalMem_v2", (std::size_t *, CUdevice))        \
  X(cuDeviceGetAttribute, "cuDeviceGetAttribute",                              \
    (int *, CUdevice_attribute, CUdevice))                                     \
  X(cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain",                      \
    (CUcontext *, CUdevice))                                                   \
  X(cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", (CUdevice))     \
  X(cuCtxSetCurrent, "cuCtxSetCurrent", (CUcontext))                           \
  X(cuMemAlloc, "cuMemAlloc_v2", (CUdeviceptr *, std::size_t))                 \
  X(cuMemFree, "cuMemFree_v2", (CUdeviceptr))                                  \
  X(cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2",                                 \
    (CUdeviceptr, const void *, std::size_t, CUstream))                        \
  X(cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2",                                 \
    (void *, CUdeviceptr, std::size_t, CUstream))                              \
  X(cuMemcpyDtoDAsync, "cuMemcpyDtoDAsync_v2",                                 \
    (CUdeviceptr, CUdeviceptr, std::size_t, CUstream))                         \
  X(cuStreamCreate, "cuStreamCreate", (CUstream *, unsigned))                  \
  X(cuStreamDestroy, "cuStreamDestroy_v2", (CUstream))                         \
  X(cuStreamSynchronize, "cuStreamSynchronize", (CUstream))                    \
  X(cuStreamWaitEvent, "cuStreamWaitEvent", (CUstream, CUevent, unsigned))     \
  X(cuEventCreate, "cuEventCreate", (CUevent *, unsigned))                     \
  X(cuEventRecord, "cuEventRecord", (CUevent, CUstream))                       \
  X(cuEventQuery, "cuEventQuery", (CUevent))                                   \
  X(cuEventSynchronize, "cuEventSynchronize", (CUevent))                       \
  X(cuEventDestroy, "cuEventDestroy_v2", (CUevent))                            \
  X(cuModuleLoadDataEx, "cuModuleLoadDataEx",                                  \
    (CUmodule *, const void *, unsigned, CUjit_option *, void **))             \
  X(cuModuleGetFunction, "cuModuleGetFunction",                                \
    (CUfunction *, CUmodule, const char *))                                    \
  X(cuFuncGetAttribute, "cuFuncGetAttribute",                                  \
    (int *, CUfunction_attribute, CUfunction))                                 \
  X(cuFuncSetAttribute, "cuFuncSetAttribute",                                  \
    (CUfunction, CUfunction_attribute, int))                                   \
  X(cuLaunchKernel, "cuLaunchKernel",                                          \
    (CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned,   \
     unsigned, CUstream, void **, void **))

// Entry points that older drivers lack; null when missing.
#define HCC_CUDA_OPTIONAL_ENTRY_POINTS(X)                                      \
  /* waiting for the newest command without recording an event */              \
  X(cuStreamQuery, "cuStreamQuery", (CUstream))                                \
  /* device-to-device copies between GPUs (else staged via the host) */        \
  X(cuMemcpyPeerAsync, "cuMemcpyPeerAsync",                                    \
    (CUdeviceptr, CUcontext, CUdeviceptr, CUcontext, std::size_t, CUstream))   \
  /* CUDA 12.4+: lets us check the argument block's size */                    \
  X(cuFuncGetParamInfo, "cuFuncGetParamInfo",                                  \
    (CUfunction, std::size_t, std::size_t *, std::size_t *))                   \
  /* variables of loaded modules (core/loaded_module.hpp) */                   \
  X(cuModuleGetGlobal, "cuModuleGetGlobal_v2",                                 \
    (CUdeviceptr *, std::size_t *, CUmodule, const char *))                    \
  X(cuOccupancyMaxActiveBlocksPerMultiprocessor,                               \
    "cuOccupancyMaxActiveBlocksPerMultiprocessor",                             \
    (int *, CUfunction, int, std::size_t))                                     \
  /* profiling: the _v2 (CUDA 12.8+) first, else the original */               \
  X(cuEventElapsedTime, "cuEventElapsedTime_v2", (float *, CUevent, CUevent))  \
  X(cuEventElapsedTime_v1, "cuEventElapsedTime", (float *, CUevent, CUevent))  \
  /* the linker: PTX -> a cubin the kernel cache can keep; without all */      \
  /* four, PTX is loaded directly (JIT every run, no cache) */                 \
  X(cuLinkCreate, "cuLinkCreate_v2",                                           \
    (unsigned, CUjit_option *, void **, CUlinkState *))                        \
  X(cuLinkAddData, "cuLinkAddData_v2",                                         \
    (CUlinkState, CUjitInputType, void *, std::size_t, const char *, unsigned, \
     CUjit_option *, void **))                                                 \
  X(cuLinkComplete, "cuLinkComplete", (CUlinkState, void **, std::size_t *))   \
  X(cuLinkDestroy, "cuLinkDestroy", (CUlinkState))                             \
  /* pinned host memory (hc_am.hpp) and the unpinned-copy engine */            \
  X(cuMemHostAlloc, "cuMemHostAlloc", (void **, std::size_t, unsigned))        \
  X(cuMemFreeHost, "cuMemFreeHost", (void *))                                  \
  X(cuMemHostRegister, "cuMemHostRegister_v2",                                 \
    (void *, std::size_t, unsigned))                                           \
  X(cuMemHostUnregister, "cuMemHostUnregister", (void *))                      \
  X(cuMemHostGetDevicePointer, "cuMemHostGetDevicePointer_v2",                 \
    (CUdeviceptr *, void *, unsigned))                                         \
  /* am_map_to_peers: kernels of one GPU using another's memory */             \
  X(cuDeviceCanAccessPeer, "cuDeviceCanAccessPeer",                            \
    (int *, CUdevice, CUdevice))                                               \
  X(cuCtxEnablePeerAccess, "cuCtxEnablePeerAccess", (CUcontext, unsigned))     \
  X(cuPointerGetAttribute, "cuPointerGetAttribute",                            \
    (void *, int, CUdeviceptr))                                                \
  /* a view over the program's own stream: whose context it is */              \
  X(cuStreamGetCtx, "cuStreamGetCtx", (CUstream, CUcontext *))                 \
  /* accelerator::create_view with a queue_priority */                         \
  X(cuCtxGetStreamPriorityRange, "cuCtxGetStreamPriorityRange",                \
    (int *, int *))                                                            \
  X(cuStreamCreateWithPriority, "cuStreamCreateWithPriority",                  \
    (CUstream *, unsigned, int))

struct driver_api {
#define HCC_CUDA_MEMBER(member, symbol, params) CUresult(*member) params = nullptr;
  HCC_CUDA_REQUIRED_ENTRY_POINTS(HCC_CUDA_MEMBER)
  HCC_CUDA_OPTIONAL_ENTRY_POINTS(HCC_CUDA_MEMBER)
#undef HCC_CUDA_MEMBER

  // All of cuLinkCreate/AddData/Complete/Destroy are there.
  bool has_linker() const {
    return cuLinkCreate && cuLinkAddData && cuLinkComplete && cuLinkDestroy;
  }

  // The library name or "(test)"; for messages.
  std::string library;

  // The driver's name for `result` ("CUDA_ERROR_OUT_OF_MEMORY"), or a
  // built-in one when the driver cannot tell.
  std::string error_name(CUresult result) const;
  // The driver's description ("out of memory"), or "".
  std::string error_string(CUresult result) const;
};

using rt::symbol_lookup;

// Fills a driver_api from `lookup`. Returns null and sets `why` when a
// required entry point is missing.
std::shared_ptr<const driver_api> bind_driver(const symbol_lookup &lookup,
                                              const std::string &library,
                                              std::string &why);

// dlopen()s the driver (HCC_CUDA_LIBRARY, else "libcuda.so.1") and binds it.
// The library stays loaded for the rest of the program. Returns null and
// sets `why` when it cannot be loaded.
std::shared_ptr<const driver_api> load_driver(std::string &why);

// Name of a CUresult known without a driver (cuda.h's names), or null.
const char *builtin_error_name(CUresult result);

// "cuMemAlloc_v2 failed with CUDA_ERROR_OUT_OF_MEMORY (2): out of memory".
// `name` may be null (then "CUresult <n>"), `description` null or empty.
std::string format_error(const char *call, CUresult result, const char *name,
                         const char *description);

// The message of the runtime_exception for a failed driver call:
// "hc runtime: <context>: <format_error(...)>".
std::string error_message(const driver_api &api, const char *call,
                          CUresult result, const std::string &context);

// Throws Kalmar::runtime_exception(error_message(...)).
[[noreturn]] void throw_error(const driver_api &api, const char *call,
                              CUresult result, const std::string &context);

// Prints "hcc: note: cuda: <message>" to stderr when HCC_VERBOSE is set to
// anything but "" or "0" (rt::note).
void note(const std::string &message);

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
