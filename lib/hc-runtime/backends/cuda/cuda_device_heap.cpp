// The CUDA backend's device heaps: one per device, created with the first
// module that allocates, never freed (blocks live until the program ends).
#include "backends/cuda/cuda_device_heap.hpp"

#include "backends/cuda/cuda_module_globals.hpp"

#include "backends/cuda/cuda_device.hpp"
#include "core/device_heap_config.hpp"
#include "core/environment.hpp"

#include "hc/detail/abi_names.h"
#include "hc/detail/device_heap_layout.h"
#include "hc/detail/exceptions.hpp"

#include <algorithm>
#include <memory>
#include <mutex>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

std::atomic<bool> device_heap_in_use{false};

namespace {

namespace dh = device_heap;

constexpr const char *pointer_symbol = hc::abi::device_heap; // module_heap

struct heap {
  cuda_device *device = nullptr;
  CUdeviceptr control = 0; // the allocation's page-aligned start
  dh::status *status = nullptr; // pinned host memory
  device_heap_config config;
};

// Leaked on purpose: commands may finish until the very end.
struct registry {
  std::mutex mutex;
  std::vector<std::unique_ptr<heap>> heaps;
};

registry &the_registry() {
  static registry *r = new registry;
  return *r;
}

heap *find_locked(registry &r, const cuda_device &dev) {
  for (auto &h : r.heaps)
    if (h->device == &dev)
      return h.get();
  return nullptr;
}

// Synchronous host-to-device copy on the legacy stream (which the
// backend's non-blocking streams do not wait for).
heap &create_locked(registry &r, cuda_device &dev, CUdeviceptr global) {
  const driver_api &api = dev.api();
  if (!api.cuMemHostAlloc || !api.cuMemHostGetDevicePointer)
    throw Kalmar::runtime_exception(
        "hc runtime: " + dev.label() +
            ": new/malloc in kernels needs cuMemHostAlloc and "
            "cuMemHostGetDevicePointer, which this CUDA driver lacks",
        Kalmar::E_FAIL_CODE);
  // The program's __HIP_SIZE_OF_PAGE / __HIP_NUM_PAGES.
  dh::module_heap settings{};
  CUresult res = api.cuMemcpyDtoHAsync(&settings, global, sizeof settings,
                                       nullptr);
  if (res == CUDA_SUCCESS)
    res = api.cuStreamSynchronize(nullptr);
  if (res != CUDA_SUCCESS)
    dev.fail("cuMemcpyDtoHAsync", res, "reading a module's heap settings");
  std::string warning;
  auto h = std::make_unique<heap>();
  h->device = &dev;
  h->config = resolve_device_heap_config(
      settings.page_size_macro, settings.num_pages_macro,
      env_size("HCC_DEVICE_HEAP_SIZE", 0), warning);
  if (!warning.empty())
    warn(dev.label() + ": " + warning);
  const device_heap_config &c = h->config;
  const std::uint64_t page = std::uint64_t(1) << c.page_shift;
  dh::layout l = dh::layout_for(c.page_shift, c.num_pages);

  CUdeviceptr raw = 0;
  res = api.cuMemAlloc(&raw, l.total + page);
  if (res != CUDA_SUCCESS)
    throw Kalmar::runtime_exception(
        "hc runtime: " + dev.label() + ": cannot allocate the device heap (" +
            std::to_string(l.total) +
            " bytes; lower HCC_DEVICE_HEAP_SIZE): " +
            std::to_string(static_cast<int>(res)),
        Kalmar::E_FAIL_CODE);
  CUdeviceptr base = static_cast<CUdeviceptr>(dh::align_up(raw, page));

  void *status_host = nullptr;
  res = api.cuMemHostAlloc(&status_host, sizeof(dh::status),
                           CU_MEMHOSTALLOC_PORTABLE | CU_MEMHOSTALLOC_DEVICEMAP);
  if (res != CUDA_SUCCESS)
    dev.fail("cuMemHostAlloc", res, "the device heap's status block");
  CUdeviceptr status_device = 0;
  res = api.cuMemHostGetDevicePointer(&status_device, status_host, 0);
  if (res != CUDA_SUCCESS)
    dev.fail("cuMemHostGetDevicePointer", res, "the device heap's status block");
  h->status = static_cast<dh::status *>(status_host);
  *h->status = dh::status{};

  // Zero the metadata (the pages need nothing), a MiB at a time.
  std::vector<unsigned char> zeros(
      static_cast<std::size_t>(std::min<std::uint64_t>(l.metadata, 1 << 20)));
  for (std::uint64_t at = 0; at < l.metadata; at += zeros.size())
    copy_to_device_now(dev, base + at, zeros.data(),
                   static_cast<std::size_t>(
                       std::min<std::uint64_t>(zeros.size(), l.metadata - at)),
                   "clearing the device heap");
  dh::control ctl{};
  ctl.arena = base + l.arena;
  ctl.status = status_device;
  ctl.page_info = base + l.page_info;
  ctl.page_count = base + l.page_count;
  ctl.page_next = base + l.page_next;
  ctl.page_listed = base + l.page_listed;
  ctl.page_taken = base + l.page_taken;
  ctl.page_bitmap = base + l.page_bitmap;
  ctl.page_shift = c.page_shift;
  ctl.num_pages = c.num_pages;
  ctl.num_classes = dh::classes_for(c.page_shift);
  ctl.words_per_page = dh::words_per_page(c.page_shift);
  ctl.check = env_string("HCC_DEVICE_HEAP_CHECK") == "1" ? 1 : 0;
  copy_to_device_now(dev, base, &ctl, sizeof ctl, "setting up the device heap");
  h->control = base;
  r.heaps.push_back(std::move(h));
  device_heap_in_use.store(true, std::memory_order_release);
  return *r.heaps.back();
}

} // namespace

void device_heap_attach(cuda_device &dev, CUmodule module) {
  module_global found;
  if (!find_module_global(dev.api(), module, pointer_symbol, found) ||
      found.size != sizeof(dh::module_heap))
    return; // the module does not allocate
  CUdeviceptr global = found.address;
  registry &r = the_registry();
  CUdeviceptr control;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    heap *h = find_locked(r, dev);
    if (!h)
      h = &create_locked(r, dev, global);
    control = h->control;
  }
  copy_to_device_now(dev, global, &control, sizeof control,
                 "setting a module's device heap");
}

std::exception_ptr device_heap_take_error(cuda_device &dev,
                                          const char *kernel) noexcept {
  registry &r = the_registry();
  heap *h;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    h = find_locked(r, dev);
  }
  if (!h)
    return nullptr;
  dh::status *s = h->status;
  if (__atomic_load_n(&s->error, __ATOMIC_ACQUIRE) == dh::error_none)
    return nullptr;
  dh::status seen = *s;
  s->address = 0;
  s->size = 0;
  __atomic_store_n(&s->error, dh::error_none, __ATOMIC_RELEASE);
  try {
    std::string where = "hc runtime: " + dev.label();
    if (kernel)
      where += ": kernel " + std::string(kernel);
    return std::make_exception_ptr(Kalmar::runtime_exception(
        device_heap_error_text(seen, h->config, where), Kalmar::E_FAIL_CODE));
  } catch (...) {
    return std::current_exception();
  }
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
