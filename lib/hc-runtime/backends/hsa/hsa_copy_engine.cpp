#include "backends/hsa/hsa_copy_engine.hpp"

#include "core/loaded_module.hpp"

#include <algorithm>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {

// When a buffer's last DMA finished: the completion signal of its last
// chunk, and what keeps that signal alive (the chunk's own signal, or for
// the last chunk of a copy to the device, the command's state).
struct chunk_fence {
  hsa_signal_t signal{};
  std::shared_ptr<void> owner;
};

// The device's side of its staging pool: buffers from the system's
// fine-grained pool (mapped into every GPU agent, usable by the copy
// engines as they are), and per buffer the fence of its last chunk.
class hsa_staging_port final : public staging_port {
public:
  explicit hsa_staging_port(hsa_device &dev) : dev_(dev) {}

  const char *backend() const override { return "hsa"; }
  std::string label() const override { return device_label(dev_); }
  void *allocate_buffer(std::size_t bytes) override {
    // No buffer is no error: the pool copies another way.
    try {
      return dev_.allocate_pinned_host_impl(bytes, false);
    } catch (const Kalmar::runtime_exception &) {
      return nullptr;
    }
  }
  void free_buffer(void *memory) noexcept override {
    dev_.free_pinned_host_impl(memory);
  }
  bool add_fence() override {
    fences_.emplace_back();
    return true;
  }
  void wait_fence(std::size_t slot) override {
    if (fences_[slot].owner)
      wait_signal(*dev_.api(), fences_[slot].signal);
  }
  const chunk_fence &fence(std::size_t slot) const { return fences_[slot]; }
  void set_fence(std::size_t slot, chunk_fence fence) {
    fences_[slot] = std::move(fence);
  }

private:
  hsa_device &dev_;
  std::vector<chunk_fence> fences_;
};

staging_pool &staging_of(hsa_device &dev) {
  return staging_pool_of(&dev, [&dev] {
    return std::unique_ptr<staging_port>(new hsa_staging_port(dev));
  });
}

// The pool's port: the one staging_of gave it.
hsa_staging_port &port_of(staging_pool &pool) {
  return static_cast<hsa_staging_port &>(pool.port());
}

// One staged copy's chunks: each an asynchronous copy after the command's
// dependencies, completing a signal of its own. Copy engines may finish
// chunks out of order, so the last chunk to the device also waits for the
// others before it completes the command.
class hsa_staging_dma final : public staging_dma {
public:
  hsa_staging_dma(hsa_device &dev, hsa_staging_port &port,
                  const std::vector<hsa_signal_t> &waits, void *device,
                  bool to_device, std::shared_ptr<hsa_state> state)
      : dev_(dev), port_(port), waits_(waits),
        device_(static_cast<char *>(device)), to_device_(to_device),
        state_(std::move(state)) {}

  void enqueue(std::size_t slot, void *buffer, const copy_chunk &chunk,
               bool last) override {
    const runtime_api &api = *dev_.api();
    std::vector<hsa_signal_t> deps = waits_;
    chunk_fence fence;
    if (to_device_ && last) {
      for (std::size_t used : used_)
        if (used != slot)
          deps.push_back(port_.fence(used).signal);
      fence.signal = state_->signal();
      fence.owner = state_;
    } else {
      fence = new_chunk_signal();
      // The last chunk reads it: alive until the command finished.
      if (to_device_)
        state_->cleanups.push_back([owner = fence.owner] {});
    }
    const agent_description &d = dev_.description();
    char *device = device_ + chunk.offset;
    hsa_status_t s =
        to_device_ ? api.hsa_amd_memory_async_copy(
                         device, d.agent, buffer, d.host_agent, chunk.size,
                         static_cast<std::uint32_t>(deps.size()),
                         deps.empty() ? nullptr : deps.data(), fence.signal)
                   : api.hsa_amd_memory_async_copy(
                         buffer, d.host_agent, device, d.agent, chunk.size,
                         static_cast<std::uint32_t>(deps.size()),
                         deps.empty() ? nullptr : deps.data(), fence.signal);
    if (s != HSA_STATUS_SUCCESS)
      dev_.fail("hsa_amd_memory_async_copy", s,
                std::to_string(chunk.size) + " bytes, staged");
    port_.set_fence(slot, std::move(fence));
    if (std::find(used_.begin(), used_.end(), slot) == used_.end())
      used_.push_back(slot);
  }

  // After a failure: waits for the chunks already enqueued, whose signals
  // the failed command's cleanup is about to release.
  void drain() noexcept {
    for (std::size_t slot : used_)
      if (port_.fence(slot).owner != state_)
        wait_signal(*dev_.api(), port_.fence(slot).signal);
  }

private:
  chunk_fence new_chunk_signal() {
    std::shared_ptr<const runtime_api> api = dev_.api();
    hsa_signal_t signal{};
    hsa_status_t s = api->hsa_signal_create(1, 0, nullptr, &signal);
    if (s != HSA_STATUS_SUCCESS)
      dev_.fail("hsa_signal_create", s, "a staged copy's chunk signal");
    chunk_fence fence;
    fence.signal = signal;
    fence.owner = std::shared_ptr<void>(
        nullptr, [api, signal](void *) { api->hsa_signal_destroy(signal); });
    return fence;
  }

  hsa_device &dev_;
  hsa_staging_port &port_;
  const std::vector<hsa_signal_t> &waits_;
  char *device_;
  bool to_device_;
  std::shared_ptr<hsa_state> state_;
  std::vector<std::size_t> used_; // slots this copy used
};

} // namespace

copy_strategy unpinned_strategy(hsa_device &dev, bool to_device,
                                const void *host, std::size_t bytes) {
  copy_capabilities caps;
  caps.direct_h2d = caps.direct_d2h = false;
  caps.pin_in_place = true;
  return rt::unpinned_strategy("hsa", device_label(dev), caps, to_device, host,
                               bytes);
}

bool staging_available(hsa_device &dev) { return staging_of(dev).available(); }

void staged_to_device(hsa_device &dev, const std::shared_ptr<hsa_state> &state,
                      const std::vector<hsa_signal_t> &waits, void *dst,
                      const void *src, std::size_t bytes) {
  staging_pool &pool = staging_of(dev);
  hsa_staging_dma dma(dev, port_of(pool), waits, dst, true, state);
  try {
    pool.to_device(dma, src, bytes);
  } catch (...) {
    dma.drain();
    throw;
  }
}

void staged_from_device(hsa_device &dev, const std::vector<hsa_signal_t> &waits,
                        void *dst, const void *src, std::size_t bytes) {
  staging_pool &pool = staging_of(dev);
  hsa_staging_dma dma(dev, port_of(pool), waits, const_cast<void *>(src), false,
                      nullptr);
  pool.from_device(dma, dst, bytes);
}

std::shared_ptr<void> pin_pages(hsa_device &dev, void *host, std::size_t bytes,
                                void *&mapped) {
  std::shared_ptr<const runtime_api> api = dev.api();
  hsa_agent_t agent = dev.description().agent;
  if (api->hsa_amd_memory_lock(host, bytes, &agent, 1, &mapped) !=
      HSA_STATUS_SUCCESS)
    return nullptr;
  return std::shared_ptr<void>(
      host, [api](void *locked) { api->hsa_amd_memory_unlock(locked); });
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
