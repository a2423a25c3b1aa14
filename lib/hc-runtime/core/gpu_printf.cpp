// The GPU backends' printf buffers: one per device, drained by finished
// commands and by one drain thread.
#include "core/gpu_printf.hpp"

#include "core/printf_drainer.hpp"
#include "hc/detail/exceptions.hpp"

#include <memory>
#include <mutex>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

std::atomic<bool> printf_in_use{false};

namespace {

struct channel {
  const device *owner = nullptr;
  void *buffer = nullptr; // the device uses the host address
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

channel *find_locked(registry &r, const device &dev) {
  for (auto &c : r.channels)
    if (c->owner == &dev)
      return c.get();
  return nullptr;
}

channel &channel_for(device_impl &dev) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  if (channel *c = find_locked(r, dev))
    return *c;
  const std::size_t bytes = printf_buffer_bytes();
  void *buffer = dev.require_pinned_host(bytes, /*coherent=*/true,
                                         "the printf buffer of kernels");
  auto c = std::make_unique<channel>();
  c->owner = &dev;
  c->buffer = buffer;
  printf_ring::initialise(buffer, bytes);
  c->ring = std::make_unique<printf_ring>(
      static_cast<printf_record::control *>(buffer), device_label(dev));
  r.drainer.add(c->ring.get());
  r.channels.push_back(std::move(c));
  printf_in_use.store(true, std::memory_order_release);
  return *r.channels.back();
}

} // namespace

void printf_attach(device_impl &dev, loaded_module &module) {
  module_global global;
  if (!module.find_runtime_global(printf_buffer_symbol, sizeof(std::uint64_t),
                                  global))
    return; // the module does not print
  channel &c = channel_for(dev);
  const std::uint64_t address = reinterpret_cast<std::uintptr_t>(c.buffer);
  dev.write_device_now_impl(global.address, &address, sizeof address,
                            "setting a module's printf buffer");
}

void printf_drain(device_impl &dev) noexcept {
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

} // namespace rt
} // namespace detail
} // namespace hc
