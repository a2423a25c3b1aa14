// Copies between device memory and host memory the user did not pin, for
// every GPU backend (docs/host-memory.md): which strategy a copy takes
// (copy_strategy.hpp's rules, with what the device can do), and the staged
// pipeline through a device's pool of pinned buffers.
//
// The pipeline is written once here: chunk sizes, how many buffers and how
// large (allocated lazily, only as many and as large as the copies need),
// which buffer a chunk uses, when the CPU fills or empties one while the DMA
// engine moves another. A backend gives the mechanics:
//
//   staging_port  per device: pinned memory its DMA engine reads and
//                 writes, and per buffer a fence that says when the
//                 buffer's last DMA finished (a CUDA event, an HSA signal);
//   staging_dma   per copy: how one chunk's DMA is enqueued on the queue
//                 that runs the copy, after the copy's dependencies.
#ifndef HC_RUNTIME_CORE_UNPINNED_COPY_HPP
#define HC_RUNTIME_CORE_UNPINNED_COPY_HPP

#include "core/copy_strategy.hpp"

#include <cstddef>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// The strategy for `bytes` of unpinned host memory at `host` on a device
// that can do `caps` (HCC_UNPINNED_COPY_MODE and the thresholds). Staging
// when shared virtual memory page-locked the range only in part: a driver
// would take it as pinned (CUDA) or refuse to lock it again (HSA).
// HCC_VERBOSE notes the choice under `backend`, naming `device_label`.
copy_strategy unpinned_strategy(const char *backend,
                                const std::string &device_label,
                                const copy_capabilities &caps, bool to_device,
                                const void *host, std::size_t bytes);

class staging_port {
public:
  virtual ~staging_port() = default;
  // For messages: the backend's name ("cuda") and the device's label.
  virtual const char *backend() const = 0;
  virtual std::string label() const = 0;
  // Pinned host memory for one buffer; null when there is none (the pool
  // then makes do with the buffers it has).
  virtual void *allocate_buffer(std::size_t bytes) = 0;
  virtual void free_buffer(void *memory) noexcept = 0;
  // Creates the fence of the next buffer slot (slots are numbered from 0 in
  // the order they are added); false when it cannot.
  virtual bool add_fence() = 0;
  // Blocks until the last DMA through `slot` has finished; returns at once
  // if there was none. Throws runtime_exception on driver errors.
  virtual void wait_fence(std::size_t slot) = 0;
};

class staging_dma {
public:
  virtual ~staging_dma() = default;
  // Enqueues the DMA of `chunk` of the copy between `buffer` (slot `slot`'s
  // pinned memory) and the device memory at the chunk's offset, and makes
  // the slot's fence mark its end. `last`: the copy's final chunk. Throws
  // runtime_exception on driver errors.
  virtual void enqueue(std::size_t slot, void *buffer, const copy_chunk &chunk,
                       bool last) = 0;
};

// One device's staging buffers. A staged copy holds the pool throughout, so
// chunks of two copies never share a buffer. Devices live for the whole
// program and so do their pools: the buffers are never freed (the driver
// may be gone when static destructors run).
class staging_pool {
public:
  explicit staging_pool(std::unique_ptr<staging_port> port);
  staging_pool(const staging_pool &) = delete;
  staging_pool &operator=(const staging_pool &) = delete;

  staging_port &port() { return *port_; }

  // False when the pool has no buffer and cannot get one: the caller then
  // copies another way. Allocates the first (smallest) buffer.
  bool available();
  // Copies `bytes` from `src` to the device through `dma`, chunk by chunk,
  // the CPU filling one buffer while the DMA engine drains the others.
  // Returns once the last chunk is enqueued (`src` is no longer read).
  void to_device(staging_dma &dma, const void *src, std::size_t bytes);
  // Copies `bytes` from the device into `dst`, the CPU emptying each buffer
  // as soon as its chunk arrived; returns once the data is in `dst`.
  void from_device(staging_dma &dma, void *dst, std::size_t bytes);

private:
  struct buffer {
    void *memory = nullptr;
    std::size_t bytes = 0;
  };
  // The chunk size and number of buffers one copy uses.
  struct plan {
    std::size_t chunk = 0, depth = 0;
  };
  bool provide(std::size_t slot, std::size_t bytes);
  plan plan_for(std::size_t bytes);
  plan plan_or_fail(std::size_t bytes);
  bool ready();

  std::unique_ptr<staging_port> port_;
  std::mutex mutex_;
  bool exhausted_ = false; // an allocation failed: do not grow again
  std::vector<buffer> buffers_;
};

// The staging pool of the device at `device`, made with `make_port` on first
// use. The port is the backend's own type: it may cast pool.port() back.
staging_pool &staging_pool_of(
    const void *device,
    const std::function<std::unique_ptr<staging_port>()> &make_port);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
