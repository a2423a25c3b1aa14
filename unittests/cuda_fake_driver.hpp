// A fake CUDA driver for the CUDA backend's unit tests
// (rt::cuda::make_backend_with): the whole device / queue / completion
// machinery runs on any machine. The fake "GPU" finishes work at once unless
// a test closes the gate; device memory is host memory, kernels only record
// how they were launched. CudaFake is the GoogleTest fixture: a fresh fake
// per test, PTX images for the kernels the tests launch, and helpers that
// hold work back and let it finish.
#ifndef HCC_UNITTESTS_CUDA_FAKE_DRIVER_HPP
#define HCC_UNITTESTS_CUDA_FAKE_DRIVER_HPP

#include "backends/cuda/cuda_backend.hpp"
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_driver.hpp"
#include "fault_injection.hpp"
#include "hc/detail/image_registry.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>

namespace cuda_fake {

using namespace hc::detail;
using namespace hc::detail::rt::cuda;
using namespace std::chrono_literals;

// --- the fake driver -------------------------------------------------------------

struct launch_record {
  std::string kernel;
  unsigned grid[3], block[3], shared;
  CUstream stream;
  std::vector<unsigned char> args;
};

struct fake_state {
  std::mutex mutex;
  std::condition_variable changed;
  // Closed: no event completes (read without the fake's lock).
  std::atomic<bool> gate_open{true};
  // In-order mode (gate ignored): the GPU has finished the first
  // `kernels_finished` kernel launches; an event is done once the kernels
  // launched before it was recorded are, a stream once all of its are.
  bool in_order = false;
  int kernels_launched = 0, kernels_finished = 0;
  CUresult event_result = CUDA_SUCCESS;
  CUresult init_result = CUDA_SUCCESS;
  int device_count = 1;
  std::size_t total_memory = 80ull << 30;
  int attributes[128] = {};
  CUresult alloc_result = CUDA_SUCCESS;
  CUresult load_result = CUDA_SUCCESS;
  std::string jit_error_log;
  int module_loads = 0;
  int func_max_threads = 1024;
  int func_static_shared = 0;
  std::size_t param_size = 0; // 0: cuFuncGetParamInfo says not supported
  std::size_t args_bytes = 0; // how many argument bytes a launch copies
  CUresult launch_result = CUDA_SUCCESS;
  std::vector<launch_record> launches;
  std::vector<std::pair<CUstream, CUevent>> stream_waits;
  std::vector<int> dynamic_shared_set;
  std::map<CUfunction, std::string> function_names;
  // What the CUfunctions point at: owned here, as CUDA's modules own their
  // functions (the runtime never frees one).
  std::deque<int> functions;
  std::set<std::string> hidden_symbols;
  int streams_created = 0, streams_destroyed = 0;
  // cuStreamGetCtx's answer for a stream; device 0's primary context when
  // the stream is not listed.
  std::map<CUstream, CUcontext> stream_contexts;
  std::atomic<int> event_records{0};
  std::atomic<int> stream_queries{0};
  int allocations = 0, frees = 0;

  fake_state() {
    attributes[CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR] = 9;
    attributes[CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR] = 0;
    attributes[CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT] = 132;
    attributes[CU_DEVICE_ATTRIBUTE_WARP_SIZE] = 32;
    attributes[CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK] = 1024;
    attributes[CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK] = 48 * 1024;
    attributes[CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN] = 227 * 1024;
  }
};

// The fake of the running test. Completion threads of earlier tests' devices
// (the runtime never destroys devices) may still read it: atomic, and the
// fakes of earlier tests are kept (see CudaFake::SetUp).
inline std::atomic<fake_state *> g_fake{nullptr};

// The runtime reads HCC_PROFILE once per process (see CMakeLists.txt: one
// test runs again with HCC_PROFILE=1).
inline bool profiling_requested() {
  const char *p = std::getenv("HCC_PROFILE");
  return p && std::string(p) == "1";
}

inline fake_state &F() { return *g_fake.load(std::memory_order_acquire); }

// Has the fake GPU got as far as `launches` kernel launches? (F().mutex held)
inline bool reached(int launches) {
  return F().in_order ? launches <= F().kernels_finished : F().gate_open.load();
}

inline CUresult fGetErrorName(CUresult r, const char **s) {
  const char *name = builtin_error_name(r);
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  *s = name;
  return CUDA_SUCCESS;
}
inline CUresult fGetErrorString(CUresult r, const char **s) {
  *s = r == CUDA_ERROR_OUT_OF_MEMORY ? "out of memory" : "fake error";
  return CUDA_SUCCESS;
}
inline CUresult fInit(unsigned) { return F().init_result; }
inline CUresult fDriverGetVersion(int *v) {
  *v = 13000;
  return CUDA_SUCCESS;
}
inline CUresult fDeviceGetCount(int *n) {
  *n = F().device_count;
  return CUDA_SUCCESS;
}
inline CUresult fDeviceGet(CUdevice *d, int ordinal) {
  *d = ordinal;
  return CUDA_SUCCESS;
}
inline CUresult fDeviceGetName(char *name, int len, CUdevice d) {
  std::snprintf(name, static_cast<std::size_t>(len), "Fake GPU %d", d);
  return CUDA_SUCCESS;
}
inline CUresult fDeviceTotalMem(std::size_t *bytes, CUdevice) {
  *bytes = F().total_memory;
  return CUDA_SUCCESS;
}
inline CUresult fDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice) {
  *v = F().attributes[a];
  return CUDA_SUCCESS;
}
inline CUresult fPrimaryCtxRetain(CUcontext *c, CUdevice d) {
  *c = reinterpret_cast<CUcontext>(static_cast<std::uintptr_t>(0x1000 + d));
  return CUDA_SUCCESS;
}
inline CUresult fPrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
inline CUresult fCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
inline CUresult fMemAlloc(CUdeviceptr *p, std::size_t n) {
  if (F().alloc_result != CUDA_SUCCESS)
    return F().alloc_result;
  ++F().allocations;
  *p = reinterpret_cast<std::uintptr_t>(std::malloc(n));
  return CUDA_SUCCESS;
}
inline CUresult fMemFree(CUdeviceptr p) {
  ++F().frees;
  std::free(reinterpret_cast<void *>(static_cast<std::uintptr_t>(p)));
  return CUDA_SUCCESS;
}
inline CUresult fMemcpyHtoDAsync(CUdeviceptr d, const void *s, std::size_t n, CUstream) {
  std::memcpy(reinterpret_cast<void *>(static_cast<std::uintptr_t>(d)), s, n);
  return CUDA_SUCCESS;
}
inline CUresult fMemcpyDtoHAsync(void *d, CUdeviceptr s, std::size_t n, CUstream) {
  std::memcpy(d, reinterpret_cast<void *>(static_cast<std::uintptr_t>(s)), n);
  return CUDA_SUCCESS;
}
inline CUresult fMemcpyDtoDAsync(CUdeviceptr d, CUdeviceptr s, std::size_t n, CUstream) {
  std::memmove(reinterpret_cast<void *>(static_cast<std::uintptr_t>(d)),
               reinterpret_cast<void *>(static_cast<std::uintptr_t>(s)), n);
  return CUDA_SUCCESS;
}
inline CUresult fStreamCreate(CUstream *s, unsigned flags) {
  EXPECT_EQ(flags, static_cast<unsigned>(CU_STREAM_NON_BLOCKING));
  ++F().streams_created;
  *s = reinterpret_cast<CUstream>(new int(0));
  return CUDA_SUCCESS;
}
inline CUresult fStreamDestroy(CUstream s) {
  ++F().streams_destroyed;
  delete reinterpret_cast<int *>(s);
  return CUDA_SUCCESS;
}
inline CUresult fStreamSynchronize(CUstream) {
  std::unique_lock<std::mutex> lock(F().mutex);
  F().changed.wait(lock, [] { return reached(F().kernels_launched); });
  return F().event_result;
}
// The fake's streams finish their work when the gate opens, like events.
inline CUresult fStreamQuery(CUstream) {
  ++F().stream_queries;
  std::lock_guard<std::mutex> lock(F().mutex);
  return reached(F().kernels_launched) ? F().event_result
                                       : CUDA_ERROR_NOT_READY;
}
inline CUresult fStreamGetCtx(CUstream s, CUcontext *c) {
  std::lock_guard<std::mutex> lock(F().mutex);
  auto it = F().stream_contexts.find(s);
  *c = it != F().stream_contexts.end()
           ? it->second
           : reinterpret_cast<CUcontext>(static_cast<std::uintptr_t>(0x1000));
  return CUDA_SUCCESS;
}
inline CUresult fStreamWaitEvent(CUstream s, CUevent e, unsigned) {
  std::lock_guard<std::mutex> lock(F().mutex);
  F().stream_waits.push_back({s, e});
  return CUDA_SUCCESS;
}
inline CUresult fEventCreate(CUevent *e, unsigned) {
  *e = reinterpret_cast<CUevent>(new int(0));
  return CUDA_SUCCESS;
}
// An event remembers how many kernels were launched before it.
inline CUresult fEventRecord(CUevent e, CUstream) {
  ++F().event_records;
  std::lock_guard<std::mutex> lock(F().mutex);
  *reinterpret_cast<int *>(e) = F().kernels_launched;
  return CUDA_SUCCESS;
}
// What cuEventQuery answers for a reached event; under the fake's lock, as
// completion threads (of earlier tests' devices too) read it at any time.
inline void set_event_result(CUresult r) {
  std::lock_guard<std::mutex> lock(F().mutex);
  F().event_result = r;
}
inline CUresult fEventQuery(CUevent e) {
  std::lock_guard<std::mutex> lock(F().mutex);
  return reached(*reinterpret_cast<int *>(e)) ? F().event_result
                                              : CUDA_ERROR_NOT_READY;
}
inline CUresult fEventSynchronize(CUevent e) {
  std::unique_lock<std::mutex> lock(F().mutex);
  F().changed.wait(lock, [e] { return reached(*reinterpret_cast<int *>(e)); });
  return F().event_result;
}
inline CUresult fEventDestroy(CUevent e) {
  delete reinterpret_cast<int *>(e);
  return CUDA_SUCCESS;
}
inline CUresult fEventElapsedTime(float *ms, CUevent, CUevent) {
  *ms = 0.5f;
  return CUDA_SUCCESS;
}
inline CUresult fModuleLoadDataEx(CUmodule *m, const void *image, unsigned n,
                                  CUjit_option *options, void **values) {
  EXPECT_NE(std::strstr(static_cast<const char *>(image), ".entry"), nullptr);
  if (F().load_result != CUDA_SUCCESS) {
    for (unsigned i = 0; i < n; ++i)
      if (options[i] == CU_JIT_ERROR_LOG_BUFFER)
        std::snprintf(static_cast<char *>(values[i]), 1024, "%s",
                      F().jit_error_log.c_str());
    return F().load_result;
  }
  ++F().module_loads;
  *m = reinterpret_cast<CUmodule>(new int(0));
  return CUDA_SUCCESS;
}
inline CUresult fModuleGetFunction(CUfunction *f, CUmodule, const char *name) {
  *f = reinterpret_cast<CUfunction>(&F().functions.emplace_back(0));
  F().function_names[*f] = name;
  return CUDA_SUCCESS;
}
inline CUresult fFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction) {
  *v = a == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? F().func_max_threads
       : a == CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES   ? F().func_static_shared
                                                    : 0;
  return CUDA_SUCCESS;
}
inline CUresult fFuncSetAttribute(CUfunction, CUfunction_attribute a, int v) {
  if (a == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    F().dynamic_shared_set.push_back(v);
  return CUDA_SUCCESS;
}
inline CUresult fFuncGetParamInfo(CUfunction, std::size_t index, std::size_t *offset,
                                  std::size_t *size) {
  if (F().param_size == 0)
    return CUDA_ERROR_NOT_SUPPORTED;
  if (index != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *offset = 0;
  *size = F().param_size;
  return CUDA_SUCCESS;
}
inline CUresult fOccupancy(int *blocks, CUfunction, int, std::size_t) {
  *blocks = 8;
  return CUDA_SUCCESS;
}
inline CUresult fLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
                              unsigned bx, unsigned by, unsigned bz, unsigned shared,
                              CUstream s, void **params, void **extra) {
  EXPECT_EQ(extra, nullptr);
  if (F().launch_result != CUDA_SUCCESS)
    return F().launch_result;
  launch_record r{F().function_names[f], {gx, gy, gz}, {bx, by, bz}, shared,
                  s, {}};
  const unsigned char *bytes = static_cast<const unsigned char *>(params[0]);
  r.args.assign(bytes, bytes + F().args_bytes);
  std::lock_guard<std::mutex> lock(F().mutex);
  F().launches.push_back(std::move(r));
  ++F().kernels_launched;
  return CUDA_SUCCESS;
}

// --- fault injection ------------------------------------------------------

// Makes chosen entry points fail (fault_injection.hpp), by the symbol the
// runtime looks up, versioned names included:
//   faults.fail_nth("cuMemAlloc_v2", CUDA_ERROR_OUT_OF_MEMORY);
// Every entry point lookup() hands out asks it first. A test that adds
// entry points of its own to the table wraps them with with_faults() too.
// Global: a test that arms it clears it when done.
inline fault_injection::plan faults;

template <class Tag, class Fn> struct faultable;
template <class Tag, class... A> struct faultable<Tag, CUresult(A...)> {
  // The fake's own function. Atomic: each discover() sets it again (to the
  // same function) while completion threads of earlier tests call it.
  static inline std::atomic<void *> real{nullptr};
  static CUresult call(A... args) {
    int result = CUDA_SUCCESS;
    if (faults.fire(Tag::symbol, result))
      return result;
    return reinterpret_cast<CUresult (*)(A...)>(real.load())(args...);
  }
};

#define HCC_FAKE_FAULT_TAG(member, name, params)                               \
  struct member##_fault_tag {                                                  \
    static constexpr const char *symbol = name;                                \
  };
HCC_CUDA_REQUIRED_ENTRY_POINTS(HCC_FAKE_FAULT_TAG)
HCC_CUDA_OPTIONAL_ENTRY_POINTS(HCC_FAKE_FAULT_TAG)
#undef HCC_FAKE_FAULT_TAG

// `real`, the fake's function for `symbol`, behind the fault plan; symbols
// the runtime does not use are returned as they are.
inline void *with_faults(const char *symbol, void *real) {
  if (!real)
    return nullptr;
#define HCC_FAKE_FAULT_WRAP(member, name, params)                              \
  if (std::strcmp(symbol, name) == 0) {                                        \
    using wrapper = faultable<member##_fault_tag, CUresult params>;            \
    wrapper::real.store(real);                                                 \
    return reinterpret_cast<void *>(&wrapper::call);                           \
  }
  HCC_CUDA_REQUIRED_ENTRY_POINTS(HCC_FAKE_FAULT_WRAP)
  HCC_CUDA_OPTIONAL_ENTRY_POINTS(HCC_FAKE_FAULT_WRAP)
#undef HCC_FAKE_FAULT_WRAP
  return real;
}

inline void *lookup(const char *symbol) {
  static const std::map<std::string, void *> table = {
      {"cuGetErrorName", (void *)&fGetErrorName},
      {"cuGetErrorString", (void *)&fGetErrorString},
      {"cuInit", (void *)&fInit},
      {"cuDriverGetVersion", (void *)&fDriverGetVersion},
      {"cuDeviceGetCount", (void *)&fDeviceGetCount},
      {"cuDeviceGet", (void *)&fDeviceGet},
      {"cuDeviceGetName", (void *)&fDeviceGetName},
      {"cuDeviceTotalMem_v2", (void *)&fDeviceTotalMem},
      {"cuDeviceGetAttribute", (void *)&fDeviceGetAttribute},
      {"cuDevicePrimaryCtxRetain", (void *)&fPrimaryCtxRetain},
      {"cuDevicePrimaryCtxRelease_v2", (void *)&fPrimaryCtxRelease},
      {"cuCtxSetCurrent", (void *)&fCtxSetCurrent},
      {"cuMemAlloc_v2", (void *)&fMemAlloc},
      {"cuMemFree_v2", (void *)&fMemFree},
      {"cuMemcpyHtoDAsync_v2", (void *)&fMemcpyHtoDAsync},
      {"cuMemcpyDtoHAsync_v2", (void *)&fMemcpyDtoHAsync},
      {"cuMemcpyDtoDAsync_v2", (void *)&fMemcpyDtoDAsync},
      {"cuStreamCreate", (void *)&fStreamCreate},
      {"cuStreamDestroy_v2", (void *)&fStreamDestroy},
      {"cuStreamSynchronize", (void *)&fStreamSynchronize},
      {"cuStreamQuery", (void *)&fStreamQuery},
      {"cuStreamWaitEvent", (void *)&fStreamWaitEvent},
      {"cuStreamGetCtx", (void *)&fStreamGetCtx},
      {"cuEventCreate", (void *)&fEventCreate},
      {"cuEventRecord", (void *)&fEventRecord},
      {"cuEventQuery", (void *)&fEventQuery},
      {"cuEventSynchronize", (void *)&fEventSynchronize},
      {"cuEventDestroy_v2", (void *)&fEventDestroy},
      {"cuEventElapsedTime", (void *)&fEventElapsedTime},
      {"cuModuleLoadDataEx", (void *)&fModuleLoadDataEx},
      {"cuModuleGetFunction", (void *)&fModuleGetFunction},
      {"cuFuncGetAttribute", (void *)&fFuncGetAttribute},
      {"cuFuncSetAttribute", (void *)&fFuncSetAttribute},
      {"cuFuncGetParamInfo", (void *)&fFuncGetParamInfo},
      {"cuOccupancyMaxActiveBlocksPerMultiprocessor", (void *)&fOccupancy},
      {"cuLaunchKernel", (void *)&fLaunchKernel},
  };
  if (F().hidden_symbols.count(symbol))
    return nullptr;
  auto it = table.find(symbol);
  return it == table.end() ? nullptr : with_faults(symbol, it->second);
}

// --- PTX images the fake device "loads" -----------------------------------------

const char ptx_a[] = "//\n.version 8.0\n.target sm_90\n"
                     ".visible .entry fake_kernel_a(\n .param .align 8 .b8 p[16]\n)\n{ ret; }\n"
                     ".visible .entry fake_kernel_tiled(\n .param .align 8 .b8 p[16]\n)\n{ ret; }\n";
const char ptx_bad[] = ".version 8.0\n.target sm_90\n"
                       ".visible .entry fake_kernel_bad_jit(\n)\n{ ret; }\n";
const char ptx_new[] = ".version 8.0\n.target sm_100\n"
                       ".visible .entry fake_kernel_too_new(\n)\n{ ret; }\n";

inline void register_images() {
  static bool done = false;
  if (done)
    return;
  done = true;
  static __hcc_image_desc a = {__HCC_IMAGE_DESC_VERSION, __hcc_image_ptx, "sm_90",
                               ptx_a, sizeof ptx_a - 1, "fake_a.cpp"};
  static __hcc_image_desc bad = {__HCC_IMAGE_DESC_VERSION, __hcc_image_ptx,
                                 "sm_90", ptx_bad, sizeof ptx_bad - 1,
                                 "fake_bad.cpp"};
  static __hcc_image_desc nw = {__HCC_IMAGE_DESC_VERSION, __hcc_image_ptx,
                                "sm_100", ptx_new, sizeof ptx_new - 1,
                                "fake_new.cpp"};
  __hcc_register_image(&a);
  __hcc_register_image(&bad);
  __hcc_register_image(&nw);
}

struct args16 {
  std::uint64_t a, b;
};

class CudaFake : public testing::Test {
protected:
  void SetUp() override {
    // The devices of earlier tests stay (the runtime never destroys
    // devices), and their completion threads may call the fake a while
    // longer: each test gets a fresh one, and the earlier ones are kept,
    // reachable, for those threads (never freed under them).
    static auto *fakes = new std::vector<std::unique_ptr<fake_state>>;
    fakes->emplace_back(new fake_state);
    g_fake.store(fakes->back().get(), std::memory_order_release);
    register_images();
    F().args_bytes = sizeof(args16);
  }

  std::vector<device *> discover() {
    return rt::cuda::make_backend_with(&lookup)->discover();
  }
  device &the_device() {
    std::vector<device *> devices = discover();
    EXPECT_EQ(devices.size(), 1u);
    return *devices.at(0);
  }

  static void set_gate(bool open) {
    std::lock_guard<std::mutex> lock(F().mutex);
    F().gate_open = open;
    F().changed.notify_all();
  }
  // Closes the gate and launches a kernel on `q`, then gives the completion
  // thread time to record an event for it and poll that event: a command
  // submitted next has no event of its own when a wait for it begins.
  static async_ptr launch_behind_closed_gate(const queue_ptr &q) {
    set_gate(false);
    async_ptr kernel = q->launch(
        make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {});
    std::this_thread::sleep_for(20ms);
    return kernel;
  }
  // Waits for `command` while another thread opens the gate 20 ms later
  // (so the wait starts with the command unfinished).
  static void wait_while_the_gate_opens(const async_ptr &command) {
    std::thread opener([] {
      std::this_thread::sleep_for(20ms);
      set_gate(true);
    });
    command->wait();
    opener.join();
  }
  static void finish_kernels(int count) {
    std::lock_guard<std::mutex> lock(F().mutex);
    F().in_order = true;
    F().kernels_finished = count;
    F().changed.notify_all();
  }

  static kernel_launch make_launch(const char *name, std::size_t n,
                                   std::shared_ptr<args16> args) {
    kernel_launch k;
    k.device_name = name;
    k.args = args.get();
    k.args_size = sizeof(args16);
    k.args_owner = args;
    k.geometry.rank = 1;
    k.geometry.global[0] = n;
    return k;
  }
};

} // namespace cuda_fake

#endif
