// What the GPU backends' printf buffers share: the symbol and size of the
// buffer, and the thread that drains every device's ring (core/printf_ring)
// while kernels run and once more at exit. Each backend creates its buffers
// its own way (CUDA: cuMemHostAlloc, HSA: fine-grained system memory).
#ifndef HC_RUNTIME_CORE_PRINTF_DRAINER_HPP
#define HC_RUNTIME_CORE_PRINTF_DRAINER_HPP

#include "core/printf_ring.hpp"
#include "hc/detail/abi_names.h"

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// The device global a module that prints has: the buffer's address goes
// there when the module is loaded.
constexpr const char *printf_buffer_symbol = hc::abi::printf_buffer;

// How long a finished command waits for a record another (still running)
// kernel has claimed but not finished writing.
constexpr std::chrono::seconds printf_writer_patience(1);

// The size of a device's printf buffer: HCC_PRINTF_BUFFER_SIZE, default
// 16 MiB; below 64 KiB it is raised to that, with a warning.
std::size_t printf_buffer_bytes();

// The printf rings of one backend's devices and the thread that drains
// them every millisecond, and once more at exit (before the drivers
// unload). A backend keeps one for the whole program and never destroys
// it: the thread and finished commands may use it until the very end.
class printf_drainer {
public:
  // Adds a ring; the first one starts the thread. The ring and its buffer
  // must stay until remove(ring) returns.
  void add(printf_ring *ring);
  // Forgets a ring: once this returns, the drainer neither reads it nor
  // will again, so the ring and its buffer may be freed.
  void remove(printf_ring *ring);
  // Drains every ring that has work, waiting up to `patience` for records
  // claimed but not yet written.
  void drain_all(std::chrono::nanoseconds patience);

private:
  void run();
  static void stop_every_drainer();

  // Guards rings_ and thread_, and is held while the rings are drained:
  // remove() cannot return while the thread reads the ring it removes.
  std::mutex mutex_;
  std::vector<printf_ring *> rings_;
  std::thread thread_;
  std::mutex stop_mutex_;
  std::condition_variable stop_cv_;
  bool stopping_ = false;
};

} // namespace rt
} // namespace detail
} // namespace hc

#endif
