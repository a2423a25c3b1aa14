// The CUDA backend's printf buffers: one per device, created with the first
// module that prints, never freed (kernels may print until the program
// ends), drained by finished commands and by one drain thread.
#include "backends/cuda/cuda_printf.hpp"

#include "backends/cuda/cuda_module_globals.hpp"

#include "backends/cuda/cuda_device.hpp"
#include "core/printf_drainer.hpp"

#include "hc/detail/exceptions.hpp"

#include <memory>
#include <mutex>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

std::atomic<bool> printf_in_use{false};

namespace {

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
  printf_drainer drainer;
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
  const std::size_t bytes = printf_buffer_bytes();
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
  r.drainer.add(c->ring.get());
  r.channels.push_back(std::move(c));
  printf_in_use.store(true, std::memory_order_release);
  return *r.channels.back();
}

} // namespace

void printf_attach(cuda_device &dev, CUmodule module) {
  module_global global;
  if (!find_module_global(dev.api(), module, printf_buffer_symbol, global) ||
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
    ring->drain(printf_writer_patience);
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
