// A fake CUDA driver for the unpinned-copy engine's unit tests
// (backends/cuda/cuda_copy_engine.hpp) and pinned host memory: it records
// the DMAs of every copy, the pinned allocations and the registered host
// ranges. Device memory is host memory; the fake "GPU" runs copies lazily,
// in order per stream, when someone waits for a later event or the stream
// (a copy into pageable host memory, as the driver documents, at once).
// Also the helpers the tests share: a round trip of copies that checks the
// data, whether a DMA used a pinned staging buffer, and the mode a process
// runs in (HCC_UNPINNED_COPY_MODE).
#ifndef HCC_UNITTESTS_FAKE_COPY_CUDA_HPP
#define HCC_UNITTESTS_FAKE_COPY_CUDA_HPP

#include "copy_mode.hpp"

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

namespace fake_copy_cuda {

using namespace hc::detail;
using namespace hc::detail::rt::cuda;

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
};
inline fake g;

inline void *addr(CUdeviceptr p) { return reinterpret_cast<void *>(std::uintptr_t(p)); }

inline CUresult ok0() { return CUDA_SUCCESS; }
inline CUresult fErrName(CUresult r, const char **s) {
  *s = builtin_error_name(r) ? builtin_error_name(r) : "?";
  return CUDA_SUCCESS;
}
inline CUresult fErrString(CUresult, const char **s) {
  *s = "fake";
  return CUDA_SUCCESS;
}
inline CUresult fInit(unsigned) { return CUDA_SUCCESS; }
inline CUresult fVersion(int *v) { *v = 13000; return CUDA_SUCCESS; }
inline CUresult fCount(int *n) { *n = 1; return CUDA_SUCCESS; }
inline CUresult fGet(CUdevice *d, int o) { *d = o; return CUDA_SUCCESS; }
inline CUresult fName(char *n, int len, CUdevice) {
  std::snprintf(n, std::size_t(len), "Fake copy GPU");
  return CUDA_SUCCESS;
}
inline CUresult fTotal(std::size_t *b, CUdevice) { *b = 1ull << 34; return CUDA_SUCCESS; }
inline CUresult fAttr(int *v, CUdevice_attribute a, CUdevice) {
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
inline CUresult fRetain(CUcontext *c, CUdevice) {
  *c = reinterpret_cast<CUcontext>(std::uintptr_t(0x2000));
  return CUDA_SUCCESS;
}
inline CUresult fRelease(CUdevice) { return CUDA_SUCCESS; }
inline CUresult fSetCurrent(CUcontext) { return CUDA_SUCCESS; }
inline CUresult fAlloc(CUdeviceptr *p, std::size_t n) {
  *p = reinterpret_cast<std::uintptr_t>(std::malloc(n));
  return CUDA_SUCCESS;
}
inline CUresult fFree(CUdeviceptr p) { std::free(addr(p)); return CUDA_SUCCESS; }
// The fake GPU is lazy: copies are queued on their stream and happen only
// when someone waits for a later event (or the stream), as a real DMA
// engine may run late. A staged copy that reused a buffer before its DMA
// ran, or read one before its DMA arrived, copies wrong data here.
struct stream_queue {
  std::deque<std::pair<std::uint64_t, std::function<void()>>> ops;
};
inline std::map<CUstream, stream_queue> g_streams;          // under g.mutex
inline std::map<CUevent, std::pair<CUstream, std::uint64_t>> g_events;
inline std::uint64_t g_sequence = 0;

inline void enqueue(CUstream s, std::function<void()> op) {
  g_streams[s].ops.emplace_back(++g_sequence, std::move(op));
}
// Runs the ops of `s` up to sequence number `until`. Caller holds g.mutex.
inline void run_until(CUstream s, std::uint64_t until) {
  auto &ops = g_streams[s].ops;
  while (!ops.empty() && ops.front().first <= until) {
    auto op = std::move(ops.front().second);
    ops.pop_front();
    op();
  }
}

inline CUresult fHtoD(CUdeviceptr d, const void *s, std::size_t n, CUstream st) {
  std::lock_guard<std::mutex> lock(g.mutex);
  g.dmas.push_back({true, s, n});
  enqueue(st, [=] { std::memcpy(addr(d), s, n); });
  return CUDA_SUCCESS;
}
// Whether [p, p + n) lies in page-locked memory (cuMemHostAlloc'ed or
// registered). Caller holds g.mutex.
inline bool page_locked(const void *p, std::size_t n) {
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
inline CUresult fDtoH(void *d, CUdeviceptr s, std::size_t n, CUstream st) {
  std::lock_guard<std::mutex> lock(g.mutex);
  g.dmas.push_back({false, d, n});
  enqueue(st, [=] { std::memcpy(d, addr(s), n); });
  if (!page_locked(d, n))
    run_until(st, g_sequence);
  return CUDA_SUCCESS;
}
inline CUresult fDtoD(CUdeviceptr d, CUdeviceptr s, std::size_t n, CUstream st) {
  std::lock_guard<std::mutex> lock(g.mutex);
  enqueue(st, [=] { std::memmove(addr(d), addr(s), n); });
  return CUDA_SUCCESS;
}
inline CUresult fStreamCreate(CUstream *s, unsigned) {
  *s = reinterpret_cast<CUstream>(new int(0));
  return CUDA_SUCCESS;
}
inline CUresult fStreamDestroy(CUstream s) {
  std::lock_guard<std::mutex> lock(g.mutex);
  run_until(s, ~0ull);
  g_streams.erase(s);
  return CUDA_SUCCESS;
}
inline CUresult fStream(CUstream s) {
  std::lock_guard<std::mutex> lock(g.mutex);
  run_until(s, ~0ull);
  return CUDA_SUCCESS;
}
inline CUresult fEventRecord(CUevent e, CUstream s) {
  std::lock_guard<std::mutex> lock(g.mutex);
  g_events[e] = {s, ++g_sequence};
  return CUDA_SUCCESS;
}
inline CUresult fEvent(CUevent e) { // query and synchronize: the work before it ran
  std::lock_guard<std::mutex> lock(g.mutex);
  auto it = g_events.find(e);
  if (it != g_events.end())
    run_until(it->second.first, it->second.second);
  return CUDA_SUCCESS;
}
inline CUresult fStreamWait(CUstream, CUevent e, unsigned) { return fEvent(e); }
inline CUresult fEventCreate(CUevent *e, unsigned) {
  *e = reinterpret_cast<CUevent>(new int(0));
  return CUDA_SUCCESS;
}
inline CUresult fEventDestroy(CUevent e) {
  delete reinterpret_cast<int *>(e);
  return CUDA_SUCCESS;
}
inline CUresult fLoad(CUmodule *, const void *, unsigned, CUjit_option *, void **) {
  return CUDA_ERROR_INVALID_IMAGE;
}
inline CUresult fGetFunction(CUfunction *, CUmodule, const char *) {
  return CUDA_ERROR_NOT_FOUND;
}
inline CUresult fFuncAttr(int *v, CUfunction_attribute, CUfunction) {
  *v = 0;
  return CUDA_SUCCESS;
}
inline CUresult fFuncSet(CUfunction, CUfunction_attribute, int) { return CUDA_SUCCESS; }
inline CUresult fLaunch(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                        unsigned, unsigned, CUstream, void **, void **) {
  return CUDA_ERROR_LAUNCH_FAILED;
}
inline CUresult fHostAlloc(void **p, std::size_t n, unsigned flags) {
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
inline CUresult fFreeHost(void *p) {
  {
    std::lock_guard<std::mutex> lock(g.mutex);
    g.pinned_allocs.erase(p);
  }
  std::free(p);
  return CUDA_SUCCESS;
}
inline CUresult fRegister(void *p, std::size_t n, unsigned) {
  std::lock_guard<std::mutex> lock(g.mutex);
  if (g.refuse_register)
    return CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED;
  g.registered[p] = n;
  return CUDA_SUCCESS;
}
inline CUresult fUnregister(void *p) {
  std::lock_guard<std::mutex> lock(g.mutex);
  ++g.unregisters;
  return g.registered.erase(p) ? CUDA_SUCCESS
                               : CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED;
}
inline CUresult fHostDevicePointer(CUdeviceptr *d, void *p, unsigned) {
  *d = reinterpret_cast<std::uintptr_t>(p); // unified addressing
  return CUDA_SUCCESS;
}

inline void *lookup(const char *symbol) {
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

inline device &the_gpu() {
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
inline round_trip copy_round_trip(std::size_t bytes) {
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

inline bool from_pinned_buffer(const dma &d) {
  std::lock_guard<std::mutex> lock(g.mutex);
  for (const auto &a : g.pinned_allocs) {
    auto b = reinterpret_cast<std::uintptr_t>(a.first);
    auto h = reinterpret_cast<std::uintptr_t>(d.host);
    if (h >= b && h + d.bytes <= b + a.second)
      return true;
  }
  return false;
}

inline std::size_t total(const std::vector<dma> &v) {
  std::size_t n = 0;
  for (const dma &d : v)
    n += d.bytes;
  return n;
}

// Pinned memory the driver handed out and not yet got back.
inline std::size_t pinned_bytes() {
  std::lock_guard<std::mutex> lock(g.mutex);
  std::size_t n = 0;
  for (const auto &a : g.pinned_allocs)
    n += a.second;
  return n;
}

} // namespace fake_copy_cuda

#endif
