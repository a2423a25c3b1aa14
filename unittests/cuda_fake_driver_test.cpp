// The CUDA backend over a fake driver (rt::cuda::make_backend_with): the
// whole device / queue / completion machinery runs on any machine. The fake
// "GPU" finishes work at once unless a test closes the gate; device memory
// is host memory, kernels only record how they were launched.
#include "backends/cuda/cuda_backend.hpp"
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_driver.hpp"
#include "hc/detail/image_registry.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <thread>

using namespace hc::detail;
using namespace hc::detail::rt::cuda;
using namespace std::chrono_literals;

namespace {

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
  bool gate_open = true; // closed: no event completes
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
  std::set<std::string> hidden_symbols;
  int streams_created = 0, streams_destroyed = 0;
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

fake_state *g_fake = nullptr;

// The runtime reads HCC_PROFILE once per process (see CMakeLists.txt: one
// test runs again with HCC_PROFILE=1).
bool profiling_requested() {
  const char *p = std::getenv("HCC_PROFILE");
  return p && std::string(p) == "1";
}

fake_state &F() { return *g_fake; }

// Has the fake GPU got as far as `launches` kernel launches? (F().mutex held)
bool reached(int launches) {
  return F().in_order ? launches <= F().kernels_finished : F().gate_open;
}

CUresult fGetErrorName(CUresult r, const char **s) {
  const char *name = builtin_error_name(r);
  if (!name)
    return CUDA_ERROR_INVALID_VALUE;
  *s = name;
  return CUDA_SUCCESS;
}
CUresult fGetErrorString(CUresult r, const char **s) {
  *s = r == CUDA_ERROR_OUT_OF_MEMORY ? "out of memory" : "fake error";
  return CUDA_SUCCESS;
}
CUresult fInit(unsigned) { return F().init_result; }
CUresult fDriverGetVersion(int *v) {
  *v = 13000;
  return CUDA_SUCCESS;
}
CUresult fDeviceGetCount(int *n) {
  *n = F().device_count;
  return CUDA_SUCCESS;
}
CUresult fDeviceGet(CUdevice *d, int ordinal) {
  *d = ordinal;
  return CUDA_SUCCESS;
}
CUresult fDeviceGetName(char *name, int len, CUdevice d) {
  std::snprintf(name, static_cast<std::size_t>(len), "Fake GPU %d", d);
  return CUDA_SUCCESS;
}
CUresult fDeviceTotalMem(std::size_t *bytes, CUdevice) {
  *bytes = F().total_memory;
  return CUDA_SUCCESS;
}
CUresult fDeviceGetAttribute(int *v, CUdevice_attribute a, CUdevice) {
  *v = F().attributes[a];
  return CUDA_SUCCESS;
}
CUresult fPrimaryCtxRetain(CUcontext *c, CUdevice d) {
  *c = reinterpret_cast<CUcontext>(static_cast<std::uintptr_t>(0x1000 + d));
  return CUDA_SUCCESS;
}
CUresult fPrimaryCtxRelease(CUdevice) { return CUDA_SUCCESS; }
CUresult fCtxSetCurrent(CUcontext) { return CUDA_SUCCESS; }
CUresult fMemAlloc(CUdeviceptr *p, std::size_t n) {
  if (F().alloc_result != CUDA_SUCCESS)
    return F().alloc_result;
  ++F().allocations;
  *p = reinterpret_cast<std::uintptr_t>(std::malloc(n));
  return CUDA_SUCCESS;
}
CUresult fMemFree(CUdeviceptr p) {
  ++F().frees;
  std::free(reinterpret_cast<void *>(static_cast<std::uintptr_t>(p)));
  return CUDA_SUCCESS;
}
CUresult fMemcpyHtoDAsync(CUdeviceptr d, const void *s, std::size_t n, CUstream) {
  std::memcpy(reinterpret_cast<void *>(static_cast<std::uintptr_t>(d)), s, n);
  return CUDA_SUCCESS;
}
CUresult fMemcpyDtoHAsync(void *d, CUdeviceptr s, std::size_t n, CUstream) {
  std::memcpy(d, reinterpret_cast<void *>(static_cast<std::uintptr_t>(s)), n);
  return CUDA_SUCCESS;
}
CUresult fMemcpyDtoDAsync(CUdeviceptr d, CUdeviceptr s, std::size_t n, CUstream) {
  std::memmove(reinterpret_cast<void *>(static_cast<std::uintptr_t>(d)),
               reinterpret_cast<void *>(static_cast<std::uintptr_t>(s)), n);
  return CUDA_SUCCESS;
}
CUresult fStreamCreate(CUstream *s, unsigned flags) {
  EXPECT_EQ(flags, static_cast<unsigned>(CU_STREAM_NON_BLOCKING));
  ++F().streams_created;
  *s = reinterpret_cast<CUstream>(new int(0));
  return CUDA_SUCCESS;
}
CUresult fStreamDestroy(CUstream s) {
  ++F().streams_destroyed;
  delete reinterpret_cast<int *>(s);
  return CUDA_SUCCESS;
}
CUresult fStreamSynchronize(CUstream) {
  std::unique_lock<std::mutex> lock(F().mutex);
  F().changed.wait(lock, [] { return reached(F().kernels_launched); });
  return F().event_result;
}
// The fake's streams finish their work when the gate opens, like events.
CUresult fStreamQuery(CUstream) {
  ++F().stream_queries;
  std::lock_guard<std::mutex> lock(F().mutex);
  return reached(F().kernels_launched) ? F().event_result
                                       : CUDA_ERROR_NOT_READY;
}
CUresult fStreamWaitEvent(CUstream s, CUevent e, unsigned) {
  std::lock_guard<std::mutex> lock(F().mutex);
  F().stream_waits.push_back({s, e});
  return CUDA_SUCCESS;
}
CUresult fEventCreate(CUevent *e, unsigned) {
  *e = reinterpret_cast<CUevent>(new int(0));
  return CUDA_SUCCESS;
}
// An event remembers how many kernels were launched before it.
CUresult fEventRecord(CUevent e, CUstream) {
  ++F().event_records;
  std::lock_guard<std::mutex> lock(F().mutex);
  *reinterpret_cast<int *>(e) = F().kernels_launched;
  return CUDA_SUCCESS;
}
CUresult fEventQuery(CUevent e) {
  std::lock_guard<std::mutex> lock(F().mutex);
  return reached(*reinterpret_cast<int *>(e)) ? F().event_result
                                              : CUDA_ERROR_NOT_READY;
}
CUresult fEventSynchronize(CUevent e) {
  std::unique_lock<std::mutex> lock(F().mutex);
  F().changed.wait(lock, [e] { return reached(*reinterpret_cast<int *>(e)); });
  return F().event_result;
}
CUresult fEventDestroy(CUevent e) {
  delete reinterpret_cast<int *>(e);
  return CUDA_SUCCESS;
}
CUresult fEventElapsedTime(float *ms, CUevent, CUevent) {
  *ms = 0.5f;
  return CUDA_SUCCESS;
}
CUresult fModuleLoadDataEx(CUmodule *m, const void *image, unsigned n,
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
CUresult fModuleGetFunction(CUfunction *f, CUmodule, const char *name) {
  *f = reinterpret_cast<CUfunction>(new int(0));
  F().function_names[*f] = name;
  return CUDA_SUCCESS;
}
CUresult fFuncGetAttribute(int *v, CUfunction_attribute a, CUfunction) {
  *v = a == CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK ? F().func_max_threads
       : a == CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES   ? F().func_static_shared
                                                    : 0;
  return CUDA_SUCCESS;
}
CUresult fFuncSetAttribute(CUfunction, CUfunction_attribute a, int v) {
  if (a == CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    F().dynamic_shared_set.push_back(v);
  return CUDA_SUCCESS;
}
CUresult fFuncGetParamInfo(CUfunction, std::size_t index, std::size_t *offset,
                           std::size_t *size) {
  if (F().param_size == 0)
    return CUDA_ERROR_NOT_SUPPORTED;
  if (index != 0)
    return CUDA_ERROR_INVALID_VALUE;
  *offset = 0;
  *size = F().param_size;
  return CUDA_SUCCESS;
}
CUresult fOccupancy(int *blocks, CUfunction, int, std::size_t) {
  *blocks = 8;
  return CUDA_SUCCESS;
}
CUresult fLaunchKernel(CUfunction f, unsigned gx, unsigned gy, unsigned gz,
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

void *lookup(const char *symbol) {
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
  return it == table.end() ? nullptr : it->second;
}

// --- PTX images the fake device "loads" -----------------------------------------

const char ptx_a[] = "//\n.version 8.0\n.target sm_90\n"
                     ".visible .entry fake_kernel_a(\n .param .align 8 .b8 p[16]\n)\n{ ret; }\n"
                     ".visible .entry fake_kernel_tiled(\n .param .align 8 .b8 p[16]\n)\n{ ret; }\n";
const char ptx_bad[] = ".version 8.0\n.target sm_90\n"
                       ".visible .entry fake_kernel_bad_jit(\n)\n{ ret; }\n";
const char ptx_new[] = ".version 8.0\n.target sm_100\n"
                       ".visible .entry fake_kernel_too_new(\n)\n{ ret; }\n";

void register_images() {
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
    g_fake = new fake_state; // leaked on purpose: completion threads may
                             // still look at it after a test
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

bool contains(const std::string &text, const std::string &part) {
  return text.find(part) != std::string::npos;
}

} // namespace

// --- discovery ---------------------------------------------------------------------

TEST_F(CudaFake, DeviceInfo) {
  F().device_count = 2;
  std::vector<device *> devices = discover();
  ASSERT_EQ(devices.size(), 2u);
  const device_info &info = devices[1]->info();
  EXPECT_EQ(info.description, L"Fake GPU 1");
  EXPECT_EQ(info.device_path, L"cuda:1");
  EXPECT_EQ(info.backend, "cuda");
  EXPECT_FALSE(info.is_cpu);
  EXPECT_EQ(info.dedicated_memory_kb, (80ull << 30) / 1024);
  EXPECT_EQ(info.version, (9u << 16) | 0u);
  EXPECT_EQ(info.compute_units, 132u);
  EXPECT_EQ(info.max_tile_size, 1024u);
  EXPECT_EQ(info.max_tile_static_bytes, 227u * 1024u);
  EXPECT_EQ(info.wavefront_size, 32u);
  EXPECT_TRUE(info.supports_double_precision);
  EXPECT_FALSE(info.supports_cpu_shared_memory);
  EXPECT_FALSE(info.is_host_memory);
  EXPECT_FALSE(info.is_emulated);
}

TEST_F(CudaFake, InitFailureMeansNoDevices) {
  F().init_result = CUDA_ERROR_NO_DEVICE;
  EXPECT_TRUE(discover().empty());
}

TEST_F(CudaFake, MissingEntryPointMeansNoDevices) {
  F().hidden_symbols.insert("cuLaunchKernel");
  EXPECT_TRUE(discover().empty());
}

TEST_F(CudaFake, OptionalEntryPointsMayBeMissing) {
  F().hidden_symbols = {"cuFuncGetParamInfo", "cuEventElapsedTime",
                        "cuOccupancyMaxActiveBlocksPerMultiprocessor"};
  device &d = the_device();
  auto args = std::make_shared<args16>(args16{1, 2});
  async_ptr s = d.default_queue()->launch(make_launch("fake_kernel_a", 1 << 20, args), {});
  s->wait();
  ASSERT_EQ(F().launches.size(), 1u);
  EXPECT_EQ(F().launches[0].grid[0], 132u * 8u); // 2048 threads / SM
}

// --- memory --------------------------------------------------------------------------

TEST_F(CudaFake, AllocationFailureIsOutOfMemory) {
  device &d = the_device();
  F().alloc_result = CUDA_ERROR_OUT_OF_MEMORY;
  try {
    d.allocate(123456789);
    FAIL() << "no exception";
  } catch (const Kalmar::out_of_memory &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "123456789")) << m;
    EXPECT_TRUE(contains(m, "cuMemAlloc_v2")) << m;
    EXPECT_TRUE(contains(m, "CUDA_ERROR_OUT_OF_MEMORY")) << m;
    EXPECT_TRUE(contains(m, "cuda:0")) << m;
  }
}

TEST_F(CudaFake, CopiesRoundTrip) {
  device &d = the_device();
  queue_ptr q = d.default_queue();
  int in[64], out[64] = {};
  for (int i = 0; i < 64; ++i)
    in[i] = i * 3;
  void *a = d.allocate(sizeof in);
  void *b = d.allocate(sizeof in);
  async_ptr c1 = q->copy(a, in, sizeof in, copy_direction::host_to_device, {});
  async_ptr c2 = q->copy(b, a, sizeof in, copy_direction::device_to_device, {c1});
  async_ptr c3 = q->copy(out, b, sizeof in, copy_direction::device_to_host, {c2});
  c3->wait();
  EXPECT_EQ(std::memcmp(in, out, sizeof in), 0);
  EXPECT_TRUE(c1->is_ready());
  EXPECT_TRUE(c2->is_ready());
  // Same queue: no cross-stream waits.
  EXPECT_TRUE(F().stream_waits.empty());
  // Profiling (HCC_PROFILE, read once per process: see CMakeLists.txt):
  // 0.5 ms between the start and end events; without it, the begin tick
  // is the submission time.
  if (profiling_requested())
    EXPECT_EQ(c3->end_tick() - c3->begin_tick(), 500000u);
  else
    EXPECT_LE(c3->begin_tick(), c3->end_tick());
  int h[4] = {1, 2, 3, 4}, g[4] = {};
  q->copy(g, h, sizeof h, copy_direction::host_to_host, {})->wait();
  EXPECT_EQ(std::memcmp(g, h, sizeof h), 0);
  EXPECT_TRUE(q->copy(g, h, 0, copy_direction::host_to_device, {})->is_ready());
  q->wait();
  EXPECT_EQ(q->pending_count(), 0u);
  d.deallocate(a);
  d.deallocate(b);
  EXPECT_EQ(F().frees, 2);
}

// --- kernels -------------------------------------------------------------------------

TEST_F(CudaFake, LaunchPassesTheArgumentBlock) {
  device &d = the_device();
  auto args = std::make_shared<args16>(args16{0x1122334455667788ull, 42});
  async_ptr s = d.default_queue()->launch(make_launch("fake_kernel_a", 1000, args), {});
  s->wait();
  ASSERT_EQ(F().launches.size(), 1u);
  const launch_record &r = F().launches[0];
  EXPECT_EQ(r.kernel, "fake_kernel_a");
  EXPECT_EQ(r.grid[0], 4u);
  EXPECT_EQ(r.grid[1], 1u);
  EXPECT_EQ(r.block[0], 256u);
  EXPECT_EQ(r.shared, 0u);
  ASSERT_EQ(r.args.size(), sizeof(args16));
  EXPECT_EQ(std::memcmp(r.args.data(), args.get(), sizeof(args16)), 0);
  EXPECT_EQ(F().module_loads, 1);
  // Second launch: module and function cached.
  d.default_queue()->launch(make_launch("fake_kernel_a", 10, args), {})->wait();
  d.default_queue()->launch(make_launch("fake_kernel_tiled", 10, args), {})->wait();
  EXPECT_EQ(F().module_loads, 1);
  EXPECT_EQ(F().launches.size(), 3u);
}

TEST_F(CudaFake, TiledLaunchAndDynamicGroupMemory) {
  device &d = the_device();
  auto args = std::make_shared<args16>();
  kernel_launch k = make_launch("fake_kernel_tiled", 0, args);
  k.geometry.rank = 2;
  k.geometry.global[0] = 100;
  k.geometry.global[1] = 70;
  k.geometry.tile[0] = 16;
  k.geometry.tile[1] = 32;
  k.geometry.dynamic_group_bytes = 1024;
  d.default_queue()->launch(k, {})->wait();
  EXPECT_TRUE(F().dynamic_shared_set.empty()); // below 48 KiB: no opt-in
  k.geometry.dynamic_group_bytes = 100 * 1024;
  d.default_queue()->launch(k, {})->wait();
  ASSERT_EQ(F().launches.size(), 2u);
  EXPECT_EQ(F().launches[1].block[0], 32u);
  EXPECT_EQ(F().launches[1].block[1], 16u);
  EXPECT_EQ(F().launches[1].grid[0], 21u);
  EXPECT_EQ(F().launches[1].shared, 100u * 1024u);
  EXPECT_EQ(F().dynamic_shared_set, std::vector<int>{100 * 1024});
  // More than the device has: refused before launching.
  k.geometry.dynamic_group_bytes = 300 * 1024;
  EXPECT_THROW(d.default_queue()->launch(k, {}), Kalmar::runtime_exception);
}

TEST_F(CudaFake, KernelWithoutImage) {
  device &d = the_device();
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("no_such_kernel", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "kernel no_such_kernel has no PTX image")) << m;
    EXPECT_TRUE(contains(m, "HCC_OFFLOAD_ARCH=none")) << m;
  }
}

TEST_F(CudaFake, JitFailureCarriesTheLog) {
  device &d = the_device();
  F().load_result = CUDA_ERROR_INVALID_PTX;
  F().jit_error_log = "ptxas fatal   : Unresolved extern function 'puts'";
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("fake_kernel_bad_jit", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "cuModuleLoadDataEx failed with CUDA_ERROR_INVALID_PTX")) << m;
    EXPECT_TRUE(contains(m, "fake_bad.cpp")) << m;
    EXPECT_TRUE(contains(m, "Unresolved extern function 'puts'")) << m;
  }
  // The next try loads again (nothing broken is cached).
  F().load_result = CUDA_SUCCESS;
  d.default_queue()->launch(make_launch("fake_kernel_bad_jit", 10, args), {})->wait();
}

TEST_F(CudaFake, ImageForANewerGpuExplains) {
  device &d = the_device();
  F().load_result = CUDA_ERROR_INVALID_PTX;
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("fake_kernel_too_new", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_TRUE(contains(e.what(), "sm_100, newer than this device (sm_90)"))
        << e.what();
  }
}

TEST_F(CudaFake, ArgumentSizeMismatch) {
  device &d = the_device();
  F().param_size = 24;
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("fake_kernel_a", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    EXPECT_TRUE(contains(e.what(), "takes a 24-byte argument block but the host passed 16"))
        << e.what();
  }
  EXPECT_TRUE(F().launches.empty());
}

TEST_F(CudaFake, LaunchErrorNamesCallAndKernel) {
  device &d = the_device();
  F().launch_result = CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES;
  auto args = std::make_shared<args16>();
  try {
    d.default_queue()->launch(make_launch("fake_kernel_a", 10, args), {});
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "cuLaunchKernel failed with CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES (701)")) << m;
    EXPECT_TRUE(contains(m, "fake_kernel_a")) << m;
  }
  // The queue still works.
  F().launch_result = CUDA_SUCCESS;
  d.default_queue()->launch(make_launch("fake_kernel_a", 10, args), {})->wait();
}

TEST_F(CudaFake, EmptyLaunchIsReady) {
  device &d = the_device();
  auto args = std::make_shared<args16>();
  async_ptr s = d.default_queue()->launch(make_launch("fake_kernel_a", 0, args), {});
  EXPECT_TRUE(s->is_ready());
  EXPECT_TRUE(F().launches.empty());
}

// --- completion ------------------------------------------------------------------------

TEST_F(CudaFake, AsynchronousCompletion) {
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  set_gate(false);
  auto args = std::make_shared<args16>();
  std::weak_ptr<args16> watch = args;
  async_ptr s = q->launch(make_launch("fake_kernel_a", 10, std::move(args)), {});
  EXPECT_FALSE(s->is_ready());
  EXPECT_EQ(q->pending_count(), 1u);
  EXPECT_EQ(q->last_command(), s);
  std::atomic<bool> called{false};
  s->then([&] { called = true; });
  std::this_thread::sleep_for(20ms);
  EXPECT_FALSE(called.load());
  EXPECT_FALSE(watch.expired()); // the argument block lives until done
  EXPECT_FALSE(s->wait_for(1ms));
  set_gate(true);
  // The completion thread completes it without anyone waiting.
  EXPECT_TRUE(s->wait_for(5s));
  for (int i = 0; i < 500 && !called; ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(called.load());
  EXPECT_TRUE(watch.expired());
  EXPECT_EQ(q->pending_count(), 0u);
}

TEST_F(CudaFake, KernelsShareLazilyRecordedEndEvents) {
  // Without HCC_PROFILE a kernel records no event of its own: the
  // completion thread records one for the kernels enqueued so far, and a
  // waiter records one on demand.
  if (profiling_requested())
    GTEST_SKIP() << "profiling records an end event per kernel";
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  set_gate(false);
  int before = F().event_records.load();
  std::vector<async_ptr> states;
  for (int i = 0; i < 50; ++i)
    states.push_back(q->launch(
        make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {}));
  std::this_thread::sleep_for(20ms);
  // Gate closed: the thread recorded at most one event, for the first run.
  EXPECT_LE(F().event_records.load() - before, 1);
  for (auto &s : states)
    EXPECT_FALSE(s->is_ready());
  // Records an event covering it, on demand.
  wait_while_the_gate_opens(states[25]);
  EXPECT_TRUE(states[0]->is_ready());
  q->wait();
  for (auto &s : states)
    EXPECT_TRUE(s->is_ready());
  EXPECT_LE(F().event_records.load() - before, 4);
  EXPECT_EQ(q->pending_count(), 0u);
}

TEST_F(CudaFake, WaitingForTheNewestKernelQueriesTheStream) {
  if (profiling_requested())
    GTEST_SKIP() << "profiling records an end event per kernel";
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  async_ptr first = launch_behind_closed_gate(q);
  async_ptr newest = q->launch(
      make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {});
  int queries = F().stream_queries.load();
  wait_while_the_gate_opens(newest);
  EXPECT_TRUE(newest->is_ready());
  EXPECT_TRUE(first->is_ready()); // before it on the stream
  EXPECT_GT(F().stream_queries.load(), queries);
  q->wait();
}

// Copies, like kernels, record no end event of their own (an event costs
// about as much as a small copy): waiting for the newest one queries the
// stream, and it completes the kernel before it too.
TEST_F(CudaFake, CopiesRecordNoEventOfTheirOwn) {
  if (profiling_requested())
    GTEST_SKIP() << "profiling records an end event per copy";
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  async_ptr kernel = launch_behind_closed_gate(q);
  int in[16] = {1, 2, 3}, out[16] = {};
  void *a = d.allocate(sizeof in);
  int records = F().event_records.load();
  async_ptr copy = q->copy(a, in, sizeof in, copy_direction::host_to_device, {});
  EXPECT_EQ(F().event_records.load(), records);
  int queries = F().stream_queries.load();
  wait_while_the_gate_opens(copy);
  EXPECT_TRUE(kernel->is_ready());
  EXPECT_GT(F().stream_queries.load(), queries);
  q->copy(out, a, sizeof in, copy_direction::device_to_host, {})->wait();
  EXPECT_EQ(out[2], 3);
  q->wait();
  d.deallocate(a);
}

TEST_F(CudaFake, FinishedEventDoesNotFinishLaterKernels) {
  // A kernel enqueued after a command with an event (here a marker) has
  // not finished when that event has. The completion code once completed
  // it anyway: completion_future::wait() returned while the kernel still
  // ran (wrong sums in the parallel reduce, which read pinned memory the
  // kernel wrote; fixed in 012d43b).
  if (profiling_requested())
    GTEST_SKIP() << "profiling records an end event per kernel";
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  finish_kernels(0);
  async_ptr first = q->launch(
      make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {});
  async_ptr marker = q->marker({}, memory_scope::system);
  async_ptr second = q->launch(
      make_launch("fake_kernel_a", 10, std::make_shared<args16>()), {});
  finish_kernels(1);
  marker->wait();
  EXPECT_TRUE(first->is_ready());
  std::this_thread::sleep_for(50ms); // the completion thread's turn too
  EXPECT_FALSE(second->is_ready());
  EXPECT_FALSE(second->wait_for(1ms));
  finish_kernels(2);
  EXPECT_TRUE(second->wait_for(5s));
  q->wait();
}

TEST_F(CudaFake, WaitCompletesInTheWaitingThread) {
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  set_gate(false);
  auto args = std::make_shared<args16>();
  async_ptr s1 = q->launch(make_launch("fake_kernel_a", 10, args), {});
  async_ptr s2 = q->marker({}, memory_scope::system);
  EXPECT_TRUE(s2->is_marker());
  std::thread opener([] {
    std::this_thread::sleep_for(30ms);
    set_gate(true);
  });
  s2->wait();
  EXPECT_TRUE(s1->is_ready()); // in order
  opener.join();
  q->wait();
}

TEST_F(CudaFake, KernelFaultBecomesAnError) {
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::in_order, queue_priority::normal);
  F().event_result = CUDA_ERROR_ILLEGAL_ADDRESS;
  auto args = std::make_shared<args16>();
  async_ptr s = q->launch(make_launch("fake_kernel_a", 10, args), {});
  try {
    s->wait();
    FAIL() << "no exception";
  } catch (const Kalmar::runtime_exception &e) {
    std::string m = e.what();
    EXPECT_TRUE(contains(m, "CUDA_ERROR_ILLEGAL_ADDRESS (700)")) << m;
    EXPECT_TRUE(contains(m, "kernel fake_kernel_a")) << m;
  }
  EXPECT_THROW(q->wait(), Kalmar::runtime_exception);
  F().event_result = CUDA_SUCCESS;
  EXPECT_NO_THROW(q->wait()); // reported once
}

TEST_F(CudaFake, DependenciesAcrossQueuesAndBackends) {
  device &d = the_device();
  queue_ptr q1 = d.create_queue(execute_order::in_order, queue_priority::normal);
  queue_ptr q2 = d.create_queue(execute_order::in_order, queue_priority::normal);
  auto args = std::make_shared<args16>();
  set_gate(false);
  async_ptr a = q1->launch(make_launch("fake_kernel_a", 10, args), {});
  // Another CUDA queue: the stream waits for the event, the host does not.
  async_ptr b = q2->launch(make_launch("fake_kernel_a", 10, args), {a});
  ASSERT_EQ(F().stream_waits.size(), 1u);
  EXPECT_EQ(F().stream_waits[0].second,
            static_cast<cuda_state *>(a.get())->end_event());
  // The same queue: ordered by the stream.
  q1->launch(make_launch("fake_kernel_a", 10, args), {a});
  EXPECT_EQ(F().stream_waits.size(), 1u);
  set_gate(true);
  b->wait();

  // A command of another backend: waited for on the host first.
  auto host = std::make_shared<async_state>();
  std::atomic<bool> released{false};
  std::thread other([&] {
    std::this_thread::sleep_for(30ms);
    released = true;
    host->set_ready();
  });
  async_ptr c = q2->launch(make_launch("fake_kernel_a", 10, args), {host});
  EXPECT_TRUE(released.load());
  c->wait();
  other.join();
}

TEST_F(CudaFake, FinishedCommandImpliesFinishedDependencies) {
  // create_blocking_marker semantics: once a command that waited (on the
  // GPU) for commands of other queues is ready, they are ready too, even if
  // their own queue's completion thread has not got to them yet.
  device &d = the_device();
  queue_ptr q1 = d.create_queue(execute_order::in_order, queue_priority::normal);
  queue_ptr q2 = d.create_queue(execute_order::in_order, queue_priority::normal);
  queue_ptr q3 = d.create_queue(execute_order::in_order, queue_priority::normal);
  auto args = std::make_shared<args16>();
  for (int round = 0; round < 50; ++round) {
    set_gate(false);
    async_ptr a = q1->launch(make_launch("fake_kernel_a", 10, args), {});
    async_ptr b = q2->launch(make_launch("fake_kernel_a", 10, args), {a});
    async_ptr m = q3->marker({a, b}, memory_scope::system);
    set_gate(true);
    m->wait();
    EXPECT_TRUE(a->is_ready());
    EXPECT_TRUE(b->is_ready());
    EXPECT_GE(a->end_tick(), a->begin_tick());
    EXPECT_NE(a->end_tick(), 0u);
  }
  q1->wait();
  q2->wait();
  EXPECT_EQ(q1->pending_count(), 0u);
  EXPECT_EQ(q2->pending_count(), 0u);
}

TEST_F(CudaFake, QueueDestroyedWithPendingWork) {
  device &d = the_device();
  queue_ptr q = d.create_queue(execute_order::any_order, queue_priority::normal);
  EXPECT_EQ(q->order(), execute_order::any_order);
  EXPECT_EQ(&q->get_device(), &d);
  set_gate(false);
  auto args = std::make_shared<args16>();
  std::weak_ptr<args16> watch = args;
  async_ptr s = q->launch(make_launch("fake_kernel_a", 10, std::move(args)), {});
  q.reset(); // does not block
  EXPECT_EQ(F().streams_destroyed, 1);
  set_gate(true);
  EXPECT_TRUE(s->wait_for(5s));
  for (int i = 0; i < 500 && !watch.expired(); ++i)
    std::this_thread::sleep_for(10ms);
  EXPECT_TRUE(watch.expired());
}

TEST_F(CudaFake, DefaultQueueIsShared) {
  device &d = the_device();
  EXPECT_EQ(d.default_queue(), d.default_queue());
  EXPECT_NE(d.create_queue(execute_order::in_order, queue_priority::normal), d.default_queue());
  EXPECT_EQ(d.default_queue()->last_command()->is_ready(), true);
}
