// hcc-info over CUDA devices, without a GPU: this file is a fake CUDA
// driver (a libcuda.so with the entry points the runtime binds), loaded
// through HCC_CUDA_LIBRARY. It reports two devices; the first one's name
// has quotes, a backslash and a tab, which --json must escape. Everything
// but device discovery fails (hcc-info launches nothing).

// RUN: rm -rf %t && mkdir -p %t
// RUN: clang++ -shared -fPIC -o %t/libcuda-fake.so %s
// RUN: env -u HCC_DEFAULT_ACCELERATOR HCC_CUDA_LIBRARY=%t/libcuda-fake.so hcc-info | FileCheck %s
// CHECK: : 3 accelerators
// CHECK-EMPTY:
// CHECK-NEXT: {{^}}Accelerator 0: cpu{{$}}
// CHECK: Default: no{{$}}
// CHECK: {{^}}Accelerator 1: cuda:0 (default){{$}}
// CHECK-NEXT: Description: Fake "GPU" \{{.}}9000{{$}}
// CHECK-NEXT: Backend: cuda{{$}}
// CHECK-NEXT: Device path: cuda:0{{$}}
// CHECK-NEXT: Version (compute capability): 9.0{{$}}
// CHECK-NEXT: Default: yes{{$}}
// CHECK-NEXT: Dedicated memory: 83886080 KB (80.0 GiB){{$}}
// CHECK-NEXT: Compute units: 132{{$}}
// CHECK-NEXT: Max tile size: 1024 work-items{{$}}
// CHECK-NEXT: Tile static (group segment) size: 232448 bytes (227.0 KiB){{$}}
// CHECK-NEXT: Wavefront size: 32{{$}}
// CHECK-NEXT: Emulated: no{{$}}
// CHECK-NEXT: Shares CPU memory: no{{$}}
// Atomics on host memory where the link does them (attribute 86).
// CHECK: Features: svm pinned-host-memory platform-atomics{{$}}
// CHECK: {{^}}Accelerator 2: cuda:1{{$}}
// CHECK: Version (compute capability): 8.0{{$}}
// CHECK: Features: svm pinned-host-memory{{$}}

// The default follows HCC_DEFAULT_ACCELERATOR.
// RUN: env HCC_DEFAULT_ACCELERATOR=cuda:1 HCC_CUDA_LIBRARY=%t/libcuda-fake.so hcc-info | FileCheck --check-prefix=CUDA1 %s
// CUDA1: Accelerator 0: cpu{{$}}
// CUDA1: Accelerator 1: cuda:0{{$}}
// CUDA1: Accelerator 2: cuda:1 (default)
// RUN: env HCC_DEFAULT_ACCELERATOR=cpu HCC_CUDA_LIBRARY=%t/libcuda-fake.so hcc-info | FileCheck --check-prefix=CPU %s
// CPU: Accelerator 0: cpu (default)
// CPU: Accelerator 1: cuda:0{{$}}

// RUN: env -u HCC_DEFAULT_ACCELERATOR HCC_CUDA_LIBRARY=%t/libcuda-fake.so hcc-info --json > %t/info.json
// RUN: python3 -c 'import json,sys; json.load(sys.stdin)' < %t/info.json
// RUN: python3 -c 'import json,sys; a=json.load(sys.stdin)["accelerators"]; [print(x["index"], x["device_path"], x["backend"], x["default"], x["version"], x["compute_units"], x["max_tile_static_size"], x["wavefront_size"], x["supports_cpu_shared_memory"], repr(x["description"])) for x in a]' < %t/info.json | FileCheck --check-prefix=JSON %s
// JSON: 0 cpu cpu False 1.0
// JSON-NEXT: 1 cuda:0 cuda True 9.0 132 232448 32 False 'Fake "GPU" \\\t9000'
// JSON-NEXT: 2 cuda:1 cuda False 8.0 108 166912 32 False 'Fake GPU 8000'
// The escapes themselves: quote, backslash and tab.
// RUN: FileCheck --check-prefix=ESCAPED %s < %t/info.json
// ESCAPED: "description": "Fake \"GPU\" \\\t9000",

#include <cstddef>
#include <cstring>

extern "C" {

int cuInit(unsigned) { return 0; }
int cuDriverGetVersion(int *v) { *v = 13000; return 0; }
int cuDeviceGetCount(int *n) { *n = 2; return 0; }
int cuDeviceGet(int *d, int ordinal) { *d = ordinal; return 0; }
int cuDeviceGetName(char *name, int len, int d) {
  const char *text = d == 0 ? "Fake \"GPU\" \\\t9000" : "Fake GPU 8000";
  std::strncpy(name, text, static_cast<std::size_t>(len));
  name[len - 1] = 0;
  return 0;
}
int cuDeviceTotalMem_v2(std::size_t *bytes, int d) {
  *bytes = (d == 0 ? 80ull : 40ull) << 30;
  return 0;
}
int cuDeviceGetAttribute(int *value, int attribute, int d) {
  switch (attribute) {
  case 1: *value = 1024; return 0;                     // threads per block
  case 8: *value = 48 * 1024; return 0;                // shared per block
  case 10: *value = 32; return 0;                      // warp
  case 16: *value = d == 0 ? 132 : 108; return 0;      // SMs
  case 18: *value = 0; return 0;                       // integrated
  case 75: *value = d == 0 ? 9 : 8; return 0;          // major
  case 76: *value = 0; return 0;                       // minor
  case 86: *value = d == 0 ? 1 : 0; return 0;          // host atomics
  case 88: *value = 0; return 0;                       // pageable access
  case 97: *value = d == 0 ? 232448 : 166912; return 0;  // opt-in shared
  }
  return 1;  // CUDA_ERROR_INVALID_VALUE
}
int cuGetErrorName(int, const char **s) { *s = "CUDA_ERROR_NOT_SUPPORTED"; return 0; }
int cuGetErrorString(int, const char **s) { *s = "fake driver"; return 0; }

// The rest exists so that the runtime binds the library, and fails.
#define HCC_FAKE(name) int name() { return 801; /* CUDA_ERROR_NOT_SUPPORTED */ }
HCC_FAKE(cuDevicePrimaryCtxRetain)
HCC_FAKE(cuDevicePrimaryCtxRelease_v2)
HCC_FAKE(cuCtxSetCurrent)
HCC_FAKE(cuMemAlloc_v2)
HCC_FAKE(cuMemFree_v2)
HCC_FAKE(cuMemcpyHtoDAsync_v2)
HCC_FAKE(cuMemcpyDtoHAsync_v2)
HCC_FAKE(cuMemcpyDtoDAsync_v2)
HCC_FAKE(cuMemcpyPeerAsync)
HCC_FAKE(cuStreamCreate)
HCC_FAKE(cuStreamDestroy_v2)
HCC_FAKE(cuStreamSynchronize)
HCC_FAKE(cuStreamWaitEvent)
HCC_FAKE(cuEventCreate)
HCC_FAKE(cuEventRecord)
HCC_FAKE(cuEventQuery)
HCC_FAKE(cuEventSynchronize)
HCC_FAKE(cuEventDestroy_v2)
HCC_FAKE(cuEventElapsedTime)
HCC_FAKE(cuEventElapsedTime_v2)
HCC_FAKE(cuModuleLoadDataEx)
HCC_FAKE(cuModuleGetFunction)
HCC_FAKE(cuFuncGetAttribute)
HCC_FAKE(cuFuncSetAttribute)
HCC_FAKE(cuFuncGetParamInfo)
HCC_FAKE(cuOccupancyMaxActiveBlocksPerMultiprocessor)
HCC_FAKE(cuLaunchKernel)
HCC_FAKE(cuLinkCreate_v2)
HCC_FAKE(cuLinkAddData_v2)
HCC_FAKE(cuLinkComplete)
HCC_FAKE(cuLinkDestroy)

} // extern "C"
