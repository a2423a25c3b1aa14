// The HSA backend's printf buffers: one per agent, created with the first
// code object that prints, never freed (kernels may print until the program
// ends), drained by finished commands and by one drain thread. The ring
// itself (core/printf_ring) is shared with the CUDA backend.
#include "backends/hsa/hsa_printf.hpp"

#include "backends/hsa/hsa_device.hpp"
#include "core/printf_drainer.hpp"

#include "hc/detail/exceptions.hpp"

#include <memory>
#include <mutex>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

std::atomic<bool> printf_in_use{false};

namespace {

struct channel {
  const hsa_device *device = nullptr;
  void *buffer = nullptr; // the GPU uses the host address
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

channel &channel_for(hsa_device &dev) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (auto &c : r.channels)
    if (c->device == &dev)
      return *c;
  const std::size_t bytes = printf_buffer_bytes();
  void *buffer = dev.allocate_pinned_host(bytes, true);
  if (!buffer)
    throw Kalmar::runtime_exception(
        "hc runtime: no fine-grained system memory for the printf buffer (" +
            std::to_string(bytes) + " bytes) of " + dev.description().name,
        Kalmar::E_FAIL_CODE);
  auto c = std::make_unique<channel>();
  c->device = &dev;
  c->buffer = buffer;
  printf_ring::initialise(buffer, bytes);
  c->ring = std::make_unique<printf_ring>(
      static_cast<printf_record::control *>(buffer),
      "HSA agent " + dev.description().name);
  r.drainer.add(c->ring.get());
  r.channels.push_back(std::move(c));
  printf_in_use.store(true, std::memory_order_release);
  return *r.channels.back();
}

} // namespace

void printf_attach(hsa_device &dev, hsa_executable_t executable,
                   const char *source) {
  hsa_executable_symbol_t symbol{};
  if (dev.api()->hsa_executable_get_symbol_by_name(
          executable, printf_buffer_symbol, &dev.description().agent, &symbol) !=
      HSA_STATUS_SUCCESS)
    return; // the code object does not print
  channel &c = channel_for(dev);
  const std::uint64_t address = reinterpret_cast<std::uintptr_t>(c.buffer);
  dev.write_variable(executable, printf_buffer_symbol, &address, sizeof address,
                     source);
}

void printf_drain_all() noexcept {
  the_registry().drainer.drain_all(printf_writer_patience);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
