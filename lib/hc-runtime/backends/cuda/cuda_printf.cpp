// The CUDA backend's printf buffers: one per device, created with the first
// module that prints, never freed (kernels may print until the program
// ends), drained by finished commands and by one drain thread.
#include "backends/cuda/cuda_printf.hpp"

#include "backends/cuda/cuda_module_globals.hpp"

#include "backends/cuda/cuda_device.hpp"
#include "core/environment.hpp"
#include "core/printf_ring.hpp"

#include "hc/detail/exceptions.hpp"

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

std::atomic<bool> printf_in_use{false};

namespace {

constexpr const char *buffer_symbol = "__hcc_printf_buffer";
constexpr std::size_t default_buffer_bytes = std::size_t(16) << 20;
constexpr std::size_t min_buffer_bytes = std::size_t(64) << 10;
// How long a finished command waits for a record another (still running)
// kernel has claimed but not finished writing.
constexpr std::chrono::seconds writer_patience(1);
constexpr std::chrono::milliseconds drain_period(1);

struct channel {
  cuda_device *device = nullptr;
  CUdeviceptr device_address = 0;
  std::unique_ptr<printf_ring> ring;
};

// Leaked on purpose: the drain thread and finished commands may use it
// until the very end of the program.
struct registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<channel>> channels;
  std::thread drainer;
  std::mutex stop_mutex;
  std::condition_variable stop_cv;
  bool stopping = false;
};

registry &the_registry() {
  static registry *r = new registry;
  return *r;
}

channel *find_locked(registry &r, const cuda_device &dev) {
  for (auto &c : r.channels)
    if (c->device == &dev)
      return c.get();
  return nullptr;
}

void drain_all(registry &r, std::chrono::nanoseconds patience) {
  std::vector<printf_ring *> rings;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    for (auto &c : r.channels)
      rings.push_back(c->ring.get());
  }
  for (printf_ring *ring : rings)
    if (ring->has_work())
      ring->drain(patience);
}

void drain_thread() {
  registry &r = the_registry();
  std::unique_lock<std::mutex> lock(r.stop_mutex);
  while (!r.stopping) {
    lock.unlock();
    drain_all(r, std::chrono::nanoseconds(0));
    lock.lock();
    r.stop_cv.wait_for(lock, drain_period, [&] { return r.stopping; });
  }
}

// At exit, before the driver unloads: stop the thread, print what is left.
void stop_drain_thread() {
  registry &r = the_registry();
  {
    std::lock_guard<std::mutex> lock(r.stop_mutex);
    r.stopping = true;
  }
  r.stop_cv.notify_all();
  if (r.drainer.joinable())
    r.drainer.join();
  drain_all(r, std::chrono::nanoseconds(0));
}

channel &channel_for(cuda_device &dev) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (channel *c = find_locked(r, dev))
    return *c;
  const driver_api &api = dev.api();
  if (!api.cuMemHostAlloc || !api.cuMemHostGetDevicePointer)
    throw Kalmar::runtime_exception(
        "hc runtime: " + dev.label() +
            ": printf in kernels needs cuMemHostAlloc and "
            "cuMemHostGetDevicePointer, which this CUDA driver lacks",
        Kalmar::E_FAIL_CODE);
  std::size_t bytes =
      env_size("HCC_PRINTF_BUFFER_SIZE", default_buffer_bytes);
  if (bytes < min_buffer_bytes) {
    warn("HCC_PRINTF_BUFFER_SIZE=" + std::to_string(bytes) +
         " is below the minimum; using " + std::to_string(min_buffer_bytes));
    bytes = min_buffer_bytes;
  }
  void *host = nullptr;
  CUresult res = api.cuMemHostAlloc(
      &host, bytes, CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP);
  if (res != CUDA_SUCCESS)
    dev.fail("cuMemHostAlloc", res, "the printf buffer (" +
                                        std::to_string(bytes) + " bytes)");
  auto c = std::make_unique<channel>();
  c->device = &dev;
  res = api.cuMemHostGetDevicePointer(&c->device_address, host, 0);
  if (res != CUDA_SUCCESS) {
    if (api.cuMemFreeHost)
      api.cuMemFreeHost(host);
    dev.fail("cuMemHostGetDevicePointer", res, "the printf buffer");
  }
  printf_ring::initialise(host, bytes);
  c->ring = std::make_unique<printf_ring>(
      static_cast<printf_record::control *>(host), dev.label());
  r.channels.push_back(std::move(c));
  if (!r.drainer.joinable()) {
    r.drainer = std::thread(drain_thread);
    std::atexit(stop_drain_thread);
  }
  printf_in_use.store(true, std::memory_order_release);
  return *r.channels.back();
}

} // namespace

void printf_attach(cuda_device &dev, CUmodule module) {
  module_global global;
  if (!find_module_global(dev.api(), module, buffer_symbol, global) ||
      global.size != sizeof(CUdeviceptr))
    return; // the module does not print
  channel &c = channel_for(dev);
  copy_to_device_now(dev, global.address, &c.device_address,
                     sizeof(CUdeviceptr), "setting a module's printf buffer");
}

void printf_drain(cuda_device &dev) noexcept {
  registry &r = the_registry();
  printf_ring *ring = nullptr;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    if (channel *c = find_locked(r, dev))
      ring = c->ring.get();
  }
  if (ring && ring->has_work())
    ring->drain(writer_patience);
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
