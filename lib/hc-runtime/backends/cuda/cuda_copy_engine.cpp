#include "backends/cuda/cuda_copy_engine.hpp"
#include "backends/cuda/cuda_util.hpp"

#include <unistd.h>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// The device's side of its staging pool: cuMemHostAlloc'ed buffers, and an
// event per buffer recorded after the DMA that used it last, on whatever
// stream (it says when the buffer is free again).
class cuda_staging_port final : public staging_port {
public:
  explicit cuda_staging_port(cuda_device &dev) : dev_(dev) {}

  const char *backend() const override { return "cuda"; }
  std::string label() const override { return dev_.label(); }
  void *allocate_buffer(std::size_t bytes) override {
    const driver_api &api = dev_.api();
    if (!api.cuMemHostAlloc || !api.cuMemFreeHost)
      return nullptr;
    dev_.make_current();
    void *memory = nullptr;
    if (api.cuMemHostAlloc(&memory, bytes, CU_MEMHOSTALLOC_PORTABLE) !=
        CUDA_SUCCESS)
      return nullptr;
    return memory;
  }
  void free_buffer(void *memory) noexcept override {
    dev_.api().cuMemFreeHost(memory);
  }
  bool add_fence() override {
    CUevent event = nullptr;
    if (dev_.api().cuEventCreate(&event, CU_EVENT_DISABLE_TIMING) !=
        CUDA_SUCCESS)
      return false;
    events_.push_back(event);
    return true;
  }
  void wait_fence(std::size_t slot) override {
    CUresult r = dev_.api().cuEventSynchronize(events_[slot]);
    if (r != CUDA_SUCCESS)
      dev_.fail("cuEventSynchronize", r, "staging buffer");
  }
  CUevent event(std::size_t slot) const { return events_[slot]; }

private:
  cuda_device &dev_;
  std::vector<CUevent> events_;
};

// A device's pool and its port (the pool owns the port).
staging_pool &staging_of(cuda_device &dev) {
  return staging_pool_of(&dev, [&dev] {
    return std::unique_ptr<staging_port>(new cuda_staging_port(dev));
  });
}

// The pool's port: the one staging_of gave it.
cuda_staging_port &port_of(staging_pool &pool) {
  return static_cast<cuda_staging_port &>(pool.port());
}

// One staged copy's chunks: asynchronous copies on the copy's stream, each
// followed by its buffer's event.
class cuda_staging_dma final : public staging_dma {
public:
  cuda_staging_dma(cuda_device &dev, cuda_staging_port &port, CUstream stream,
                   CUdeviceptr device, bool to_device)
      : dev_(dev), port_(port), stream_(stream), device_(device),
        to_device_(to_device) {}

  void enqueue(std::size_t slot, void *buffer, const copy_chunk &chunk,
               bool) override {
    const driver_api &api = dev_.api();
    const char *what =
        to_device_ ? "copy to the device" : "copy from the device";
    CUresult r = to_device_
                     ? api.cuMemcpyHtoDAsync(device_ + chunk.offset, buffer,
                                             chunk.size, stream_)
                     : api.cuMemcpyDtoHAsync(buffer, device_ + chunk.offset,
                                             chunk.size, stream_);
    if (r != CUDA_SUCCESS)
      dev_.fail(to_device_ ? "cuMemcpyHtoDAsync_v2" : "cuMemcpyDtoHAsync_v2", r,
                sized(what, chunk.size) + ", staged");
    r = api.cuEventRecord(port_.event(slot), stream_);
    if (r != CUDA_SUCCESS)
      dev_.fail("cuEventRecord", r, sized(what, chunk.size) + ", staged");
  }

private:
  cuda_device &dev_;
  cuda_staging_port &port_;
  CUstream stream_;
  CUdeviceptr device_;
  bool to_device_;
};

} // namespace

copy_strategy unpinned_strategy(cuda_device &dev, bool to_device,
                                const void *host, std::size_t bytes) {
  copy_capabilities caps;
  // The driver accepts pageable memory in both directions.
  caps.direct_h2d = caps.direct_d2h = true;
  caps.pin_in_place =
      dev.api().cuMemHostRegister && dev.api().cuMemHostUnregister;
  return rt::unpinned_strategy("cuda", dev.label(), caps, to_device, host,
                               bytes);
}

bool staging_available(cuda_device &dev) { return staging_of(dev).available(); }

void staged_to_device(cuda_device &dev, CUstream stream, CUdeviceptr dst,
                      const void *src, std::size_t bytes) {
  staging_pool &pool = staging_of(dev);
  cuda_staging_dma dma(dev, port_of(pool), stream, dst, true);
  pool.to_device(dma, src, bytes);
}

void staged_from_device(cuda_device &dev, CUstream stream, void *dst,
                        CUdeviceptr src, std::size_t bytes) {
  staging_pool &pool = staging_of(dev);
  cuda_staging_dma dma(dev, port_of(pool), stream, src, false);
  pool.from_device(dma, dst, bytes);
}

std::shared_ptr<void> pin_pages(cuda_device &dev, const void *ptr,
                                std::size_t bytes) {
  const driver_api &api = dev.api();
  if (!api.cuMemHostRegister || !api.cuMemHostUnregister)
    return nullptr;
  static const std::size_t page = [] {
    long size = sysconf(_SC_PAGESIZE);
    return size > 0 ? static_cast<std::size_t>(size) : std::size_t(4096);
  }();
  page_range pages = enclosing_pages(ptr, bytes, page);
  dev.make_current();
  CUresult r = api.cuMemHostRegister(pages.base, pages.bytes,
                                     CU_MEMHOSTREGISTER_PORTABLE);
  if (r != CUDA_SUCCESS) {
    // Typically CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED: a concurrent
    // copy pinned a shared page. Not an error: the caller stages.
    note(error_message(api, "cuMemHostRegister_v2", r,
                       dev.label() + ": pinning " + std::to_string(bytes) +
                           " bytes in place; staging instead"));
    return nullptr;
  }
  cuda_device *owner = &dev;
  return std::shared_ptr<void>(pages.base, [owner](void *base) {
    try {
      owner->make_current();
    } catch (...) {
      return;
    }
    CUresult u = owner->api().cuMemHostUnregister(base);
    if (u != CUDA_SUCCESS && u != CUDA_ERROR_DEINITIALIZED)
      note(error_message(owner->api(), "cuMemHostUnregister", u,
                         owner->label()));
  });
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
