// The CUDA unpinned-copy engine (backends/cuda/cuda_copy_engine.hpp) and
// pinned host memory over a fake driver: which strategy a copy takes, that
// staged copies go through pinned buffers chunk by chunk, that pin-in-place
// registers whole pages and unregisters them once the copy finished, and
// that the data arrives. The fake "GPU" copies at once; device memory is
// host memory. HCC_UNPINNED_COPY_MODE is read once per process, so the
// forced modes run as separate tests (CMakeLists.txt).
#include "backends/cuda/cuda_backend.hpp"
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_driver.hpp"
#include "hc/detail/am_runtime.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <thread>
#include <chrono>
#include <string>
#include <vector>

using namespace hc::detail;
using namespace hc::detail::rt::cuda;

namespace {

struct dma {
  bool to_device;
  const void *host; // the host side of the DMA
  std::size_t bytes;
};

struct fake {
  std::mutex mutex;
  std::vector<dma> dmas;
  std::map<void *, std::size_t> pinned_allocs; // cuMemHostAlloc'ed: bytes
  std::map<void *, std::size_t> registered;
  std::vector<unsigned> alloc_flags;
  int unregisters = 0;
  bool refuse_register = false;
  std::size_t pinned_limit = 0; // cuMemHostAlloc refuses beyond it; 0: none
  void clear() {
    std::lock_guard<std::mutex> lock(mutex);
    dmas.clear();
    unregisters = 0;
    refuse_register = false;
  }
} g;

void *addr(CUdeviceptr p) { return reinterpret_cast<void *>(std::uintptr_t(p)); }

CUresult ok0() { return CUDA_SUCCESS; }
CUresult fErrName(CUresult r, const char **s) {
  *s = builtin_error_name(r) ? builtin_error_name(r) : "?";
  return CUDA_SUCCESS;
}
CUresult fErrString(CUresult, const char **s) {
  *s = "fake";
  return CUDA_SUCCESS;
}
CUresult fInit(unsigned) { return CUDA_SUCCESS; }
CUresult fVersion(int *v) { *v = 13000; return CUDA_SUCCESS; }
CUresult fCount(int *n) { *n = 1; return CUDA_SUCCESS; }
CUresult fGet(CUdevice *d, int o) { *d = o; return CUDA_SUCCESS; }
CUresult fName(char *n, int len, CUdevice) {
  std::snprintf(n, std::size_t(len), "Fake copy GPU");
  return CUDA_SUCCESS;
}
CUresult fTotal(std::size_t *b, CUdevice) { *b = 1ull << 34; return CUDA_SUCCESS; }
CUresult fAttr(int *v, CUdevice_attribute a, CUdevice) {
  switch (a) {
  case CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR: *v = 9; break;
  case CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT: *v = 4; break;
  case CU_DEVICE_ATTRIBUTE_WARP_SIZE: *v = 32; break;
  case CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK: *v = 1024; break;
  case CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK: *v = 49152; break;
  default: *v = 0;
  }
  return CUDA_SUCCESS;
}
CUresult fRetain(CUcontext *c, CUdevice) {
  *c = reinterpret_cast<CUcontext>(std::uintptr_t(0x2000));
  return CUDA_SUCCESS;
}
CUresult fRelease(CUdevice) { return CUDA_SUCCESS; }
CUresult fSetCurrent(CUcontext) { return CUDA_SUCCESS; }
CUresult fAlloc(CUdeviceptr *p, std::size_t n) {
  *p = reinterpret_cast<std::uintptr_t>(std::malloc(n));
  return CUDA_SUCCESS;
}
CUresult fFree(CUdeviceptr p) { std::free(addr(p)); return CUDA_SUCCESS; }
// The fake GPU is lazy: copies are queued on their stream and happen only
// when someone waits for a later event (or the stream), as a real DMA
// engine may run late. A staged copy that reused a buffer before its DMA
// ran, or read one before its DMA arrived, copies wrong data here.
struct stream_queue {
  std::deque<std::pair<std::uint64_t, std::function<void()>>> ops;
};
std::map<CUstream, stream_queue> g_streams;          // under g.mutex
std::map<CUevent, std::pair<CUstream, std::uint64_t>> g_events;
std::uint64_t g_sequence = 0;

void enqueue(CUstream s, std::function<void()> op) {
  g_streams[s].ops.emplace_back(++g_sequence, std::move(op));
}
// Runs the ops of `s` up to sequence number `until`. Caller holds g.mutex.
void run_until(CUstream s, std::uint64_t until) {
  auto &ops = g_streams[s].ops;
  while (!ops.empty() && ops.front().first <= until) {
    auto op = std::move(ops.front().second);
    ops.pop_front();
    op();
  }
}

CUresult fHtoD(CUdeviceptr d, const void *s, std::size_t n, CUstream st) {
  std::lock_guard<std::mutex> lock(g.mutex);
  g.dmas.push_back({true, s, n});
  enqueue(st, [=] { std::memcpy(addr(d), s, n); });
  return CUDA_SUCCESS;
}
// Whether [p, p + n) lies in page-locked memory (cuMemHostAlloc'ed or
// registered). Caller holds g.mutex.
bool page_locked(const void *p, std::size_t n) {
  auto inside = [&](const std::map<void *, std::size_t> &ranges) {
    for (const auto &r : ranges) {
      auto *b = static_cast<const char *>(r.first);
      if (p >= b && static_cast<const char *>(p) + n <= b + r.second)
        return true;
    }
    return false;
  };
  return inside(g.pinned_allocs) || inside(g.registered);
}
// As the driver documents: a copy into pageable memory returns only once
// it is done (the stream's earlier work included); into page-locked memory
// it is queued like any DMA.
CUresult fDtoH(void *d, CUdeviceptr s, std::size_t n, CUstream st) {
  std::lock_guard<std::mutex> lock(g.mutex);
  g.dmas.push_back({false, d, n});
  enqueue(st, [=] { std::memcpy(d, addr(s), n); });
  if (!page_locked(d, n))
    run_until(st, g_sequence);
  return CUDA_SUCCESS;
}
CUresult fDtoD(CUdeviceptr d, CUdeviceptr s, std::size_t n, CUstream st) {
  std::lock_guard<std::mutex> lock(g.mutex);
  enqueue(st, [=] { std::memmove(addr(d), addr(s), n); });
  return CUDA_SUCCESS;
}
CUresult fStreamCreate(CUstream *s, unsigned) {
  *s = reinterpret_cast<CUstream>(new int(0));
  return CUDA_SUCCESS;
}
CUresult fStreamDestroy(CUstream s) {
  std::lock_guard<std::mutex> lock(g.mutex);
  run_until(s, ~0ull);
  g_streams.erase(s);
  return CUDA_SUCCESS;
}
CUresult fStream(CUstream s) {
  std::lock_guard<std::mutex> lock(g.mutex);
  run_until(s, ~0ull);
  return CUDA_SUCCESS;
}
CUresult fEventRecord(CUevent e, CUstream s) {
  std::lock_guard<std::mutex> lock(g.mutex);
  g_events[e] = {s, ++g_sequence};
  return CUDA_SUCCESS;
}
CUresult fEvent(CUevent e) { // query and synchronize: the work before it ran
  std::lock_guard<std::mutex> lock(g.mutex);
  auto it = g_events.find(e);
  if (it != g_events.end())
    run_until(it->second.first, it->second.second);
  return CUDA_SUCCESS;
}
CUresult fStreamWait(CUstream, CUevent e, unsigned) { return fEvent(e); }
CUresult fEventCreate(CUevent *e, unsigned) {
  *e = reinterpret_cast<CUevent>(new int(0));
  return CUDA_SUCCESS;
}
CUresult fEventDestroy(CUevent e) {
  delete reinterpret_cast<int *>(e);
  return CUDA_SUCCESS;
}
CUresult fLoad(CUmodule *, const void *, unsigned, CUjit_option *, void **) {
  return CUDA_ERROR_INVALID_IMAGE;
}
CUresult fGetFunction(CUfunction *, CUmodule, const char *) {
  return CUDA_ERROR_NOT_FOUND;
}
CUresult fFuncAttr(int *v, CUfunction_attribute, CUfunction) {
  *v = 0;
  return CUDA_SUCCESS;
}
CUresult fFuncSet(CUfunction, CUfunction_attribute, int) { return CUDA_SUCCESS; }
CUresult fLaunch(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                 unsigned, unsigned, CUstream, void **, void **) {
  return CUDA_ERROR_LAUNCH_FAILED;
}
CUresult fHostAlloc(void **p, std::size_t n, unsigned flags) {
  std::lock_guard<std::mutex> lock(g.mutex);
  if (g.pinned_limit) {
    std::size_t used = 0;
    for (const auto &a : g.pinned_allocs)
      used += a.second;
    if (used + n > g.pinned_limit)
      return CUDA_ERROR_OUT_OF_MEMORY;
  }
  *p = std::aligned_alloc(4096, (n + 4095) & ~std::size_t(4095));
  g.pinned_allocs[*p] = n;
  g.alloc_flags.push_back(flags);
  return CUDA_SUCCESS;
}
CUresult fFreeHost(void *p) {
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.pinned_allocs.erase(p);
  }
  std::free(p);
  return CUDA_SUCCESS;
}
CUresult fRegister(void *p, std::size_t n, unsigned) {
  std::lock_guard<std::mutex> lock(g.mutex);
  if (g.refuse_register)
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  g.registered[p] = n;
  return CUDA_SUCCESS;
}
CUresult fUnregister(void *p) {
  std::lock_guard<std::mutex> lock(g.mutex);
  ++g.unregisters;
  return g.registered.erase(p) ? CUDA_SUCCESS
                               : CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
}
CUresult fHostDevicePointer(CUdeviceptr *d, void *p, unsigned) {
  *d = reinterpret_cast<std::uintptr_t>(p); // unified addressing
  return CUDA_SUCCESS;
}

void *lookup(const char *symbol) {
  static const std::map<std::string, void *> table = {
      {"cuGetErrorName", (void *)&fErrName},
      {"cuGetErrorString", (void *)&fErrString},
      {"cuInit", (void *)&fInit},
      {"cuDriverGetVersion", (void *)&fVersion},
      {"cuDeviceGetCount", (void *)&fCount},
      {"cuDeviceGet", (void *)&fGet},
      {"cuDeviceGetName", (void *)&fName},
      {"cuDeviceTotalMem_v2", (void *)&fTotal},
      {"cuDeviceGetAttribute", (void *)&fAttr},
      {"cuDevicePrimaryCtxRetain", (void *)&fRetain},
      {"cuDevicePrimaryCtxRelease_v2", (void *)&fRelease},
      {"cuCtxSetCurrent", (void *)&fSetCurrent},
      {"cuMemAlloc_v2", (void *)&fAlloc},
      {"cuMemFree_v2", (void *)&fFree},
      {"cuMemcpyHtoDAsync_v2", (void *)&fHtoD},
      {"cuMemcpyDtoHAsync_v2", (void *)&fDtoH},
      {"cuMemcpyDtoDAsync_v2", (void *)&fDtoD},
      {"cuStreamCreate", (void *)&fStreamCreate},
      {"cuStreamDestroy_v2", (void *)&fStreamDestroy},
      {"cuStreamSynchronize", (void *)&fStream},
      {"cuStreamQuery", (void *)&fStream},
      {"cuStreamWaitEvent", (void *)&fStreamWait},
      {"cuEventCreate", (void *)&fEventCreate},
      {"cuEventRecord", (void *)&fEventRecord},
      {"cuEventQuery", (void *)&fEvent},
      {"cuEventSynchronize", (void *)&fEvent},
      {"cuEventDestroy_v2", (void *)&fEventDestroy},
      {"cuModuleLoadDataEx", (void *)&fLoad},
      {"cuModuleGetFunction", (void *)&fGetFunction},
      {"cuFuncGetAttribute", (void *)&fFuncAttr},
      {"cuFuncSetAttribute", (void *)&fFuncSet},
      {"cuLaunchKernel", (void *)&fLaunch},
      {"cuMemHostAlloc", (void *)&fHostAlloc},
      {"cuMemFreeHost", (void *)&fFreeHost},
      {"cuMemHostRegister_v2", (void *)&fRegister},
      {"cuMemHostUnregister", (void *)&fUnregister},
      {"cuMemHostGetDevicePointer_v2", (void *)&fHostDevicePointer},
  };
  auto it = table.find(symbol);
  return it == table.end() ? nullptr : it->second;
}

device &the_gpu() {
  static device *d = [] {
    std::vector<device *> all = rt::cuda::make_backend_with(&lookup)->discover();
    EXPECT_EQ(all.size(), 1u);
    return all.at(0);
  }();
  return *d;
}

constexpr std::size_t KB = 1024, MB = 1024 * 1024;

// Copies `bytes` of a pattern to the fake device (checked in device memory,
// which is host memory here), puts a different pattern there and copies it
// back (so stale staging buffers cannot pass for the result); returns the
// DMAs each way.
struct round_trip {
  std::vector<dma> up, down;
};
round_trip copy_round_trip(std::size_t bytes) {
  static unsigned salt = 0;
  device &gpu = the_gpu();
  std::vector<char> src(bytes), dst(bytes, 0), expect(bytes);
  ++salt;
  for (std::size_t i = 0; i < bytes; ++i) {
    src[i] = static_cast<char>(i * 7 + salt);
    expect[i] = static_cast<char>(i * 13 + (i >> 10) + 5 * salt);
  }
  void *d = gpu.allocate(bytes);
  queue_ptr q = gpu.default_queue();
  g.clear();
  q->copy(d, src.data(), bytes, copy_direction::host_to_device, {})->wait();
  q->wait();
  EXPECT_EQ(std::memcmp(d, src.data(), bytes), 0) << "up, " << bytes;
  round_trip r;
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    r.up = g.dmas;
    g.dmas.clear();
  }
  std::memcpy(d, expect.data(), bytes);
  q->copy(dst.data(), d, bytes, copy_direction::device_to_host, {})->wait();
  q->wait();
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    r.down = g.dmas;
  }
  EXPECT_EQ(std::memcmp(expect.data(), dst.data(), bytes), 0) << "down, " << bytes;
  gpu.deallocate(d);
  return r;
}

bool from_pinned_buffer(const dma &d) {
  std::lock_guard<std::mutex> lock(g.mutex);
  for (const auto &a : g.pinned_allocs) {
    auto b = reinterpret_cast<std::uintptr_t>(a.first);
    auto h = reinterpret_cast<std::uintptr_t>(d.host);
    if (h >= b && h + d.bytes <= b + a.second)
      return true;
  }
  return false;
}

// The suites of a mode skip unless the process runs in that mode.
bool mode_is(const char *mode) {
  const char *v = std::getenv("HCC_UNPINNED_COPY_MODE");
  std::string value = v ? v : "";
  if (std::string(mode) == "0")
    return value.empty() || value == "0";
  return value == mode;
}
#define REQUIRE_MODE(m)                                                        \
  if (!mode_is(m))                                                             \
  GTEST_SKIP() << "runs with HCC_UNPINNED_COPY_MODE=" m

class CopyEngineAuto : public testing::Test {
protected:
  void SetUp() override { REQUIRE_MODE("0"); }
};

// Pinned pages are unregistered by the completion worker right after it
// completed the copy, so a waiter may get there first: poll a little.
int unregisters_after(int expected) {
  for (int i = 0; i < 2000; ++i) {
    {
      std::lock_guard<std::mutex> lock(g.mutex);
      if (g.unregisters >= expected)
        return g.unregisters;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  std::lock_guard<std::mutex> lock(g.mutex);
  return g.unregisters;
}

std::size_t total(const std::vector<dma> &v) {
  std::size_t n = 0;
  for (const dma &d : v)
    n += d.bytes;
  return n;
}

// Pinned memory the driver handed out and not yet got back.
std::size_t pinned_bytes() {
  std::lock_guard<std::mutex> lock(g.mutex);
  std::size_t n = 0;
  for (const auto &a : g.pinned_allocs)
    n += a.second;
  return n;
}

} // namespace

// First in its suite: the staging buffers come as the copies need them
// (one small buffer for a small copy, not 16 MiB up front).
TEST_F(CopyEngineAuto, StagingBuffersGrowWithTheCopies) {
  EXPECT_EQ(pinned_bytes(), 0u); // nothing before the first staged copy
  copy_round_trip(16 * KB);      // one small buffer (for the way back)
  EXPECT_EQ(pinned_bytes(), 256 * KB);
  round_trip r = copy_round_trip(4 * MB); // 4 chunks: 4 buffers of 1 MiB
  EXPECT_EQ(r.up.size(), 4u);
  for (const dma &d : r.up)
    EXPECT_TRUE(from_pinned_buffer(d));
  EXPECT_EQ(pinned_bytes(), 4 * MB);
  r = copy_round_trip(64 * MB + 1); // the largest: 4 buffers of 4 MiB
  EXPECT_EQ(total(r.up), 64 * MB + 1);
  EXPECT_EQ(total(r.down), 64 * MB + 1);
  for (const dma &d : r.down)
    EXPECT_TRUE(from_pinned_buffer(d));
  EXPECT_EQ(pinned_bytes(), 16 * MB);
  std::size_t allocations;
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    allocations = g.alloc_flags.size();
  }
  copy_round_trip(3 * MB); // fits: nothing new
  copy_round_trip(100 * KB);
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_EQ(g.alloc_flags.size(), allocations);
}

// Below 64 KB to the device: the driver with the user's pointer
// (HCC_H2D_STAGING_THRESHOLD); from the device staged at every size (the
// original hcc's rule; HCC_D2H_STAGING_THRESHOLD is 0). From 64 KB on both
// staged.
TEST_F(CopyEngineAuto, SmallToDeviceIsDirectSmallFromDeviceIsStaged) {
  round_trip r = copy_round_trip(16 * KB);
  ASSERT_EQ(r.up.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.up[0])); // the user's pointer
  ASSERT_EQ(r.down.size(), 1u);
  EXPECT_TRUE(from_pinned_buffer(r.down[0]));
  r = copy_round_trip(64 * KB);
  ASSERT_EQ(r.up.size(), 1u);
  EXPECT_TRUE(from_pinned_buffer(r.up[0]));
  ASSERT_EQ(r.down.size(), 1u);
  EXPECT_TRUE(from_pinned_buffer(r.down[0]));
}

// A copy into pageable memory, direct or staged, is done when the call
// returns: its future is ready then, without an end event for the
// completion thread to find, and the data is in place.
TEST_F(CopyEngineAuto, CopiesIntoPageableMemoryAreReadyOnReturn) {
  device &gpu = the_gpu();
  queue_ptr q = gpu.default_queue();
  for (std::size_t bytes : {16 * KB, 3 * MB}) {
    std::vector<char> dst(bytes, 0);
    char *d = static_cast<char *>(gpu.allocate(bytes));
    std::memset(d, 0x5a, bytes);
    async_ptr c = q->copy(dst.data(), d, bytes,
                          copy_direction::device_to_host, {});
    EXPECT_TRUE(c->is_ready()) << bytes;
    EXPECT_EQ(dst[0], 0x5a);
    EXPECT_EQ(dst[bytes - 1], 0x5a);
    EXPECT_LE(c->begin_tick(), c->end_tick());
    EXPECT_NE(c->end_tick(), 0u);
    gpu.deallocate(d);
  }
  EXPECT_EQ(q->pending_count(), 0u);
}

TEST_F(CopyEngineAuto, MidSizesAreStagedInChunks) {
  round_trip r = copy_round_trip(3 * MB + 5);
  EXPECT_GE(r.up.size(), 2u); // chunked: the CPU overlaps the DMA
  EXPECT_EQ(total(r.up), 3 * MB + 5);
  for (const dma &d : r.up)
    EXPECT_TRUE(from_pinned_buffer(d));
  std::lock_guard<std::mutex> lock(g.mutex);
  for (unsigned flags : g.alloc_flags)
    EXPECT_TRUE(flags & CU_MEMHOSTALLOC_PORTABLE);
}

// Pin-in-place is off by default (docs/host-memory.md: measured slower).
TEST_F(CopyEngineAuto, LargeCopiesAreStaged) {
  round_trip r = copy_round_trip(5 * MB + 100);
  EXPECT_GE(r.up.size(), 2u);
  EXPECT_GE(r.down.size(), 2u);
  for (const dma &d : r.up)
    EXPECT_TRUE(from_pinned_buffer(d));
  for (const dma &d : r.down)
    EXPECT_TRUE(from_pinned_buffer(d));
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_TRUE(g.registered.empty());
  EXPECT_EQ(g.unregisters, 0);
}

TEST_F(CopyEngineAuto, PinnedAllocationsAreCopiedDirectly) {
  device &gpu = the_gpu();
  void *host = am_allocate(8 * MB, gpu, am_flag_host_pinned);
  ASSERT_NE(host, nullptr);
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    EXPECT_EQ(g.alloc_flags.back(),
              unsigned(CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP));
  }
  am_record r;
  ASSERT_TRUE(am_find(static_cast<char *>(host) + 100, &r));
  EXPECT_TRUE(r.pinned);
  EXPECT_FALSE(r.in_device_memory);
  EXPECT_TRUE(am_is_pinned_host(host, 8 * MB));
  EXPECT_FALSE(am_is_pinned_host(host, 8 * MB + 1));
  void *d = gpu.allocate(8 * MB);
  g.clear();
  gpu.default_queue()
      ->copy(d, host, 8 * MB, copy_direction::host_to_device, {})
      ->wait();
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    ASSERT_EQ(g.dmas.size(), 1u);
    EXPECT_EQ(g.dmas[0].host, host);
    EXPECT_TRUE(g.registered.empty());
  }
  EXPECT_TRUE(am_release(host));
  gpu.deallocate(d);
}

TEST_F(CopyEngineAuto, HostLockMakesUserMemoryPinned) {
  device &gpu = the_gpu();
  std::vector<char> user(1 * MB);
  ASSERT_TRUE(am_host_lock(gpu, user.data(), user.size()));
  EXPECT_TRUE(am_is_pinned_host(user.data() + 10, 100));
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    EXPECT_EQ(g.registered.count(user.data()), 1u);
  }
  EXPECT_TRUE(am_host_unlock(gpu, user.data()));
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_EQ(g.registered.count(user.data()), 0u);
}

// Run with HCC_UNPINNED_COPY_MODE=2 (CMakeLists.txt). First in its suite:
// when the driver gives no more pinned memory than the first (smallest)
// buffer, larger copies go through that one buffer: smaller chunks, no
// overlap, still correct. The pool stays as it is afterwards.
TEST(CopyEngineStaging, ShortOfPinnedMemoryUsesWhatThereIs) {
  REQUIRE_MODE("2");
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.pinned_limit = 300 * KB;
  }
  round_trip r = copy_round_trip(3 * MB + 7);
  EXPECT_EQ(total(r.up), 3 * MB + 7);
  EXPECT_EQ(total(r.down), 3 * MB + 7);
  EXPECT_EQ(r.up.size(), 13u); // 256 KiB chunks
  for (const dma &d : r.up)
    EXPECT_TRUE(from_pinned_buffer(d));
  for (const dma &d : r.down)
    EXPECT_TRUE(from_pinned_buffer(d));
  EXPECT_EQ(pinned_bytes(), 256 * KB);
  std::lock_guard<std::mutex> lock(g.mutex);
  g.pinned_limit = 0;
}

TEST(CopyEngineStaging, EverySizeIsStaged) {
  REQUIRE_MODE("2");
  for (std::size_t bytes : {std::size_t(100), 16 * MB + 3}) {
    round_trip r = copy_round_trip(bytes);
    EXPECT_EQ(total(r.up), bytes);
    EXPECT_EQ(total(r.down), bytes);
    for (const dma &d : r.up)
      EXPECT_TRUE(from_pinned_buffer(d));
    for (const dma &d : r.down)
      EXPECT_TRUE(from_pinned_buffer(d));
  }
}

// Run with HCC_UNPINNED_COPY_MODE=1.
TEST(CopyEnginePinInPlace, EverySizeIsPinned) {
  REQUIRE_MODE("1");
  round_trip r = copy_round_trip(100);
  ASSERT_EQ(r.up.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.up[0]));
  EXPECT_EQ(unregisters_after(2), 2);
}

// Run with HCC_UNPINNED_COPY_MODE=1: pin-in-place at every size, and the
// pages unregistered once the copy finished.
TEST(CopyEnginePinInPlace, LargeCopiesArePinnedAndUnpinnedAfterwards) {
  REQUIRE_MODE("1");
  round_trip r = copy_round_trip(5 * MB + 100);
  ASSERT_EQ(r.up.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.up[0]));
  ASSERT_EQ(r.down.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.down[0]));
  EXPECT_EQ(unregisters_after(2), 2); // both directions, once finished
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_TRUE(g.registered.empty());
}

TEST(CopyEnginePinInPlace, RegistrationFailureFallsBackToStaging) {
  REQUIRE_MODE("1");
  g.clear();
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.refuse_register = true;
  }
  device &gpu = the_gpu();
  std::vector<char> src(6 * MB, 'x'), dst(6 * MB, 0);
  void *d = gpu.allocate(src.size());
  queue_ptr q = gpu.default_queue();
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.refuse_register = true;
  }
  q->copy(d, src.data(), src.size(), copy_direction::host_to_device, {})->wait();
  q->copy(dst.data(), d, dst.size(), copy_direction::device_to_host, {})->wait();
  EXPECT_EQ(src, dst);
  std::lock_guard<std::mutex> lock(g.mutex);
  for (const dma &x : g.dmas)
    EXPECT_NE(x.host, x.to_device ? (const void *)src.data()
                                  : (const void *)dst.data());
  g.refuse_register = false;
  gpu.deallocate(d);
}


// Run with HCC_UNPINNED_COPY_MODE=3.
TEST(CopyEngineDirect, EverySizeIsDirect) {
  REQUIRE_MODE("3");
  round_trip r = copy_round_trip(16 * MB);
  ASSERT_EQ(r.up.size(), 1u);
  ASSERT_EQ(r.down.size(), 1u);
  EXPECT_FALSE(from_pinned_buffer(r.up[0]));
  EXPECT_FALSE(from_pinned_buffer(r.down[0]));
  std::lock_guard<std::mutex> lock(g.mutex);
  EXPECT_EQ(g.unregisters, 0);
}

// Run with HCC_UNPINNED_COPY_MODE=9 and a bad threshold: one warning each,
// once per process, and the defaults.
TEST(CopyEngineBadSettings, ReportedOnceDefaultsUsed) {
  REQUIRE_MODE("9");
  testing::internal::CaptureStderr();
  copy_round_trip(16 * KB);
  copy_round_trip(16 * KB);
  std::string err = testing::internal::GetCapturedStderr();
  auto count = [&](const std::string &what) {
    std::size_t n = 0;
    for (std::size_t at = err.find(what); at != std::string::npos;
         at = err.find(what, at + 1))
      ++n;
    return n;
  };
  EXPECT_EQ(count("hcc: warning: HCC_UNPINNED_COPY_MODE='9'"), 1u) << err;
  EXPECT_EQ(count("hcc: warning: HCC_H2D_STAGING_THRESHOLD='lots'"), 1u) << err;
}
