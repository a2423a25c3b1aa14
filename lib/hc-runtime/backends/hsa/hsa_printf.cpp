// The HSA backend's printf buffers: one per agent, created with the first
// code object that prints, never freed (kernels may print until the program
// ends), drained by finished commands and by one drain thread. The ring
// itself (core/printf_ring) is shared with the CUDA backend.
#include "backends/hsa/hsa_printf.hpp"

#include "backends/hsa/hsa_device.hpp"
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
namespace hsa {

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
  const hsa_device *device = nullptr;
  void *buffer = nullptr; // the GPU uses the host address
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

void drain_rings(registry &r, std::chrono::nanoseconds patience) {
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
    drain_rings(r, std::chrono::nanoseconds(0));
    lock.lock();
    r.stop_cv.wait_for(lock, drain_period, [&] { return r.stopping; });
  }
}

void stop_drain_thread() {
  registry &r = the_registry();
  {
    std::lock_guard<std::mutex> lock(r.stop_mutex);
    r.stopping = true;
  }
  r.stop_cv.notify_all();
  if (r.drainer.joinable())
    r.drainer.join();
  drain_rings(r, std::chrono::nanoseconds(0));
}

channel &channel_for(hsa_device &dev) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  for (auto &c : r.channels)
    if (c->device == &dev)
      return *c;
  std::size_t bytes = env_size("HCC_PRINTF_BUFFER_SIZE", default_buffer_bytes);
  if (bytes < min_buffer_bytes) {
    warn("HCC_PRINTF_BUFFER_SIZE=" + std::to_string(bytes) +
         " is below the minimum; using " + std::to_string(min_buffer_bytes));
    bytes = min_buffer_bytes;
  }
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
  r.channels.push_back(std::move(c));
  if (!r.drainer.joinable()) {
    r.drainer = std::thread(drain_thread);
    std::atexit(stop_drain_thread);
  }
  printf_in_use.store(true, std::memory_order_release);
  return *r.channels.back();
}

} // namespace

void printf_attach(hsa_device &dev, hsa_executable_t executable,
                   const char *source) {
  hsa_executable_symbol_t symbol{};
  if (dev.api()->hsa_executable_get_symbol_by_name(
          executable, buffer_symbol, &dev.description().agent, &symbol) !=
      HSA_STATUS_SUCCESS)
    return; // the code object does not print
  channel &c = channel_for(dev);
  const std::uint64_t address = reinterpret_cast<std::uintptr_t>(c.buffer);
  dev.write_variable(executable, buffer_symbol, &address, sizeof address,
                     source);
}

void printf_drain_all() noexcept {
  drain_rings(the_registry(), writer_patience);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
