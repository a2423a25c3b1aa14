#include "backends/cuda/cuda_copy_engine.hpp"
#include "backends/cuda/cuda_util.hpp"

#include "core/host_memory.hpp"

#include <map>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// Staging buffers: enough in flight to keep the DMA engine busy while the
// CPU works on the next chunk; 16 MiB of pinned memory per device.
constexpr std::size_t staging_buffers = 4;
constexpr std::size_t staging_buffer_bytes = 4u << 20;
// Chunks: small enough that the first DMA starts early, large enough that
// the per-chunk cost (an event, a driver call) stays small.
constexpr std::size_t min_chunk = 256u << 10;

std::size_t chunk_for(std::size_t bytes) {
  if (bytes <= min_chunk)
    return bytes;
  std::size_t c = (bytes / staging_buffers + 0xffff) & ~std::size_t(0xffff);
  if (c < min_chunk)
    c = min_chunk;
  return c > staging_buffer_bytes ? staging_buffer_bytes : c;
}

// One device's buffers. A staged copy holds `mutex` throughout, so chunks
// of two copies never share a buffer; a buffer's event (recorded after the
// DMA that used it last, on whatever stream) says when it is free again.
struct staging_pool {
  std::mutex mutex;
  bool tried = false;
  std::vector<void *> buffers;
  std::vector<CUevent> events;
};

staging_pool &pool_of(cuda_device &dev) {
  // Devices live for the whole program, so do their pools (never freed:
  // the driver may be gone when static destructors run).
  static std::mutex mutex;
  static std::map<cuda_device *, staging_pool *> pools;
  std::lock_guard<std::mutex> lock(mutex);
  staging_pool *&p = pools[&dev];
  if (!p)
    p = new staging_pool;
  return *p;
}

// Allocates the buffers on first use. Caller holds pool.mutex.
bool ready(cuda_device &dev, staging_pool &pool) {
  if (pool.tried)
    return !pool.buffers.empty();
  pool.tried = true;
  const driver_api &api = dev.api();
  if (!api.cuMemHostAlloc || !api.cuMemFreeHost)
    return false;
  dev.make_current();
  for (std::size_t i = 0; i < staging_buffers; ++i) {
    void *buffer = nullptr;
    CUevent event = nullptr;
    if (api.cuMemHostAlloc(&buffer, staging_buffer_bytes,
                           CU_MEMHOSTALLOC_PORTABLE) != CUDA_SUCCESS)
      break;
    if (api.cuEventCreate(&event, CU_EVENT_DISABLE_TIMING) != CUDA_SUCCESS) {
      api.cuMemFreeHost(buffer);
      break;
    }
    pool.buffers.push_back(buffer);
    pool.events.push_back(event);
  }
  if (pool.buffers.size() < 2) { // no double-buffering: not worth it
    for (void *b : pool.buffers)
      api.cuMemFreeHost(b);
    for (CUevent e : pool.events)
      api.cuEventDestroy(e);
    pool.buffers.clear();
    pool.events.clear();
    note(dev.label() + ": no pinned staging buffers; unpinned copies go "
                       "through the driver");
    return false;
  }
  return true;
}

void check(cuda_device &dev, const char *call, CUresult r, const char *what,
           std::size_t bytes) {
  if (r != CUDA_SUCCESS)
    dev.fail(call, r, sized(what, bytes) + ", staged");
}

// Waits until buffer `i` is free (its last DMA finished).
void wait_buffer(cuda_device &dev, staging_pool &pool, std::size_t i,
                 const char *what, std::size_t bytes) {
  check(dev, "cuEventSynchronize", dev.api().cuEventSynchronize(pool.events[i]),
        what, bytes);
}

} // namespace

copy_strategy unpinned_strategy(cuda_device &dev, bool to_device,
                                std::size_t bytes) {
  copy_capabilities caps;
  // The driver accepts pageable memory in both directions.
  caps.direct_h2d = caps.direct_d2h = true;
  caps.pin_in_place =
      dev.api().cuMemHostRegister && dev.api().cuMemHostUnregister;
  copy_strategy s =
      choose_copy_strategy(to_device, bytes, process_copy_settings(), caps);
  if (verbose())
    note(dev.label() + ": " + sized(to_device ? "unpinned copy to the device"
                                              : "unpinned copy from the device",
                                    bytes) +
         ": " + copy_strategy_name(s));
  return s;
}

bool staging_available(cuda_device &dev) {
  staging_pool &pool = pool_of(dev);
  std::lock_guard<std::mutex> lock(pool.mutex);
  return ready(dev, pool);
}

void staged_to_device(cuda_device &dev, CUstream stream, CUdeviceptr dst,
                      const void *src, std::size_t bytes) {
  const char *what = "copy to the device";
  const driver_api &api = dev.api();
  staging_pool &pool = pool_of(dev);
  std::lock_guard<std::mutex> lock(pool.mutex);
  if (!ready(dev, pool))
    dev.fail("cuMemHostAlloc", CUDA_ERROR_OUT_OF_MEMORY, "staging buffers");
  std::size_t chunk = chunk_for(bytes), n = chunk_count(bytes, chunk);
  const char *from = static_cast<const char *>(src);
  for (std::size_t i = 0; i < n; ++i) {
    copy_chunk c = chunk_at(bytes, chunk, i);
    std::size_t b = i % pool.buffers.size();
    // The CPU fills this buffer while the DMA engine drains the others.
    wait_buffer(dev, pool, b, what, bytes);
    parallel_memcpy(pool.buffers[b], from + c.offset, c.size);
    check(dev, "cuMemcpyHtoDAsync_v2",
          api.cuMemcpyHtoDAsync(dst + c.offset, pool.buffers[b], c.size,
                                stream),
          what, bytes);
    check(dev, "cuEventRecord", api.cuEventRecord(pool.events[b], stream),
          what, bytes);
  }
}

void staged_from_device(cuda_device &dev, CUstream stream, void *dst,
                        CUdeviceptr src, std::size_t bytes) {
  const char *what = "copy from the device";
  const driver_api &api = dev.api();
  staging_pool &pool = pool_of(dev);
  std::lock_guard<std::mutex> lock(pool.mutex);
  if (!ready(dev, pool))
    dev.fail("cuMemHostAlloc", CUDA_ERROR_OUT_OF_MEMORY, "staging buffers");
  std::size_t chunk = chunk_for(bytes), n = chunk_count(bytes, chunk);
  std::size_t depth = pool.buffers.size();
  char *to = static_cast<char *>(dst);
  auto enqueue = [&](std::size_t i) {
    copy_chunk c = chunk_at(bytes, chunk, i);
    std::size_t b = i % depth;
    wait_buffer(dev, pool, b, what, bytes); // another copy's last use
    check(dev, "cuMemcpyDtoHAsync_v2",
          api.cuMemcpyDtoHAsync(pool.buffers[b], src + c.offset, c.size,
                                stream),
          what, bytes);
    check(dev, "cuEventRecord", api.cuEventRecord(pool.events[b], stream),
          what, bytes);
  };
  // Keep `depth` chunks in flight; empty each as soon as it has arrived.
  for (std::size_t i = 0; i < n && i < depth; ++i)
    enqueue(i);
  for (std::size_t i = 0; i < n; ++i) {
    copy_chunk c = chunk_at(bytes, chunk, i);
    std::size_t b = i % depth;
    wait_buffer(dev, pool, b, what, bytes);
    parallel_memcpy(to + c.offset, pool.buffers[b], c.size);
    if (i + depth < n)
      enqueue(i + depth);
  }
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
