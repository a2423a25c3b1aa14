// The GPU backends' device heaps: one per device, created with the first
// module that allocates, never freed (blocks live until the program ends).
#include "core/device_heap_setup.hpp"

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

std::atomic<bool> device_heap_in_use{false};

namespace {

namespace dh = device_heap;

constexpr const char *pointer_symbol = hc::abi::device_heap; // module_heap

struct heap {
  const device *owner = nullptr;
  std::uint64_t control = 0;    // the allocation's page-aligned start
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

heap *find_locked(registry &r, const device &dev) {
  for (auto &h : r.heaps)
    if (h->owner == &dev)
      return h.get();
  return nullptr;
}

heap &create_locked(registry &r, device_impl &dev,
                    const module_global &global) {
  const std::string label = device_label(dev);
  // The program's __HIP_SIZE_OF_PAGE / __HIP_NUM_PAGES.
  dh::module_heap settings{};
  dev.read_device_now_impl(&settings, global.address, sizeof settings,
                           "reading a module's heap settings");
  std::string warning;
  auto h = std::make_unique<heap>();
  h->owner = &dev;
  h->config = resolve_device_heap_config(
      settings.page_size_macro, settings.num_pages_macro,
      env_integer(settings::device_heap_size), warning);
  if (!warning.empty())
    warn(label + ": " + warning);
  const device_heap_config &c = h->config;
  const std::uint64_t page = std::uint64_t(1) << c.page_shift;
  dh::layout l = dh::layout_for(c.page_shift, c.num_pages);

  void *raw = nullptr;
  try {
    raw = dev.allocate(l.total + page);
  } catch (const std::exception &e) {
    throw Kalmar::runtime_exception(
        "hc runtime: " + label + ": cannot allocate the device heap (" +
            std::to_string(l.total) +
            " bytes; lower HCC_DEVICE_HEAP_SIZE): " + e.what(),
        Kalmar::E_FAIL_CODE);
  }
  // Until the heap is registered, a failure (of the driver, in a copy
  // below) gives the memory back: the next launch tries again, and would
  // otherwise take a whole heap more each time.
  auto free_device = [&dev](void *p) { dev.deallocate(p); };
  std::unique_ptr<void, decltype(free_device)> raw_owner(raw, free_device);
  const std::uint64_t base =
      dh::align_up(reinterpret_cast<std::uintptr_t>(raw), page);

  // Mapped into the device at its host address, as pinned host memory is
  // on every GPU backend.
  void *status_host = dev.require_pinned_host(
      sizeof(dh::status), /*coherent=*/true, "the device heap's status block");
  auto free_pinned = [&dev](void *p) { dev.free_pinned_host(p); };
  std::unique_ptr<void, decltype(free_pinned)> status_owner(status_host,
                                                            free_pinned);
  const std::uint64_t status_device =
      reinterpret_cast<std::uintptr_t>(status_host);
  h->status = static_cast<dh::status *>(status_host);
  *h->status = dh::status{};

  // Zero the metadata (the pages need nothing), a MiB at a time.
  std::vector<unsigned char> zeros(
      static_cast<std::size_t>(std::min<std::uint64_t>(l.metadata, 1 << 20)));
  for (std::uint64_t at = 0; at < l.metadata; at += zeros.size())
    dev.write_device_now_impl(base + at, zeros.data(),
                              static_cast<std::size_t>(std::min<std::uint64_t>(
                                  zeros.size(), l.metadata - at)),
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
  dev.write_device_now_impl(base, &ctl, sizeof ctl,
                            "setting up the device heap");
  h->control = base;
  r.heaps.push_back(std::move(h));
  raw_owner.release();
  status_owner.release();
  device_heap_in_use.store(true, std::memory_order_release);
  return *r.heaps.back();
}

} // namespace

void device_heap_attach(device_impl &dev, loaded_module &module) {
  module_global global;
  if (!module.find_runtime_global(pointer_symbol, sizeof(dh::module_heap),
                                  global))
    return; // the module does not allocate
  registry &r = the_registry();
  std::uint64_t control;
  {
    std::lock_guard<std::mutex> lock(r.mutex);
    heap *h = find_locked(r, dev);
    if (!h)
      h = &create_locked(r, dev, global);
    control = h->control;
  }
  dev.write_device_now_impl(global.address, &control, sizeof control,
                            "setting a module's device heap");
}

std::exception_ptr device_heap_take_error(device_impl &dev,
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
    std::string where = "hc runtime: " + device_label(dev);
    if (kernel)
      where += ": kernel " + std::string(kernel);
    return std::make_exception_ptr(Kalmar::runtime_exception(
        device_heap_error_text(seen, h->config, where), Kalmar::E_FAIL_CODE));
  } catch (...) {
    return std::current_exception();
  }
}

} // namespace rt
} // namespace detail
} // namespace hc
