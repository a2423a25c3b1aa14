#include "backends/cuda/cuda_copy_engine.hpp"
#include "backends/cuda/cuda_util.hpp"

#include "core/host_memory.hpp"
#include "core/svm_visibility.hpp"

#include <map>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// Staging buffers: up to `staging_buffers` in flight, to keep the DMA
// engine busy while the CPU works on the next chunk; at most 16 MiB of
// pinned memory per device. They are allocated lazily and only as large and
// as many as the copies so far needed (cuMemHostAlloc costs about a
// millisecond per few MiB: a program whose largest copy is small must not
// pay for 16 MiB up front).
constexpr std::size_t staging_buffers = 4;
constexpr std::size_t staging_buffer_bytes = 4u << 20;
// Chunks: small enough that the first DMA starts early, large enough that
// the per-chunk cost (an event, a driver call) stays small. Also the
// smallest buffer allocated.
constexpr std::size_t min_chunk = 256u << 10;
// Copies to the device up to this size fill the staging buffers with
// non-temporal stores (streaming_copy.hpp); larger ones with cached stores.
// Measured on an H100 host (docs/host-memory.md): streaming stores make a
// staged copy of 4-16 MiB about twice as fast (the DMA engine then has the
// memory bandwidth that read-for-ownership traffic took) and 64 MiB ~10%
// faster, but 256 MiB ~25% slower (there the CPU copy, not the DMA, is the
// bottleneck, and cached stores keep the just-written buffers in the last
// level cache, where the DMA engine reads them without going to memory).
constexpr std::size_t streaming_stores_up_to = 64u << 20;

std::size_t chunk_for(std::size_t bytes) {
  if (bytes <= min_chunk)
    return bytes;
  std::size_t c = (bytes / staging_buffers + 0xffff) & ~std::size_t(0xffff);
  if (c < min_chunk)
    c = min_chunk;
  return c > staging_buffer_bytes ? staging_buffer_bytes : c;
}

// The size to allocate for chunks of `chunk` bytes: a power of two from
// min_chunk to staging_buffer_bytes, so a buffer grows at most a few times.
std::size_t buffer_size_for(std::size_t chunk) {
  std::size_t b = min_chunk;
  while (b < chunk && b < staging_buffer_bytes)
    b *= 2;
  return b;
}

// One pinned buffer and its event (recorded after the DMA that used it
// last, on whatever stream: it says when the buffer is free again).
struct staging_buffer {
  void *memory = nullptr;
  std::size_t bytes = 0;
  CUevent event = nullptr;
};

// One device's buffers. A staged copy holds `mutex` throughout, so chunks
// of two copies never share a buffer.
struct staging_pool {
  std::mutex mutex;
  bool exhausted = false; // an allocation failed: do not grow again
  std::vector<staging_buffer> buffers;
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

// Makes buffer `i` (an existing one or the next) hold `bytes`: allocates
// it, or replaces a smaller one (the new one is allocated first, the old
// one freed once its last DMA finished, so a failure leaves the pool as it
// was). False (and the pool marked exhausted: pinned memory is short, do
// not ask again per copy) when the driver cannot. Caller holds pool.mutex.
bool provide(cuda_device &dev, staging_pool &pool, std::size_t i,
             std::size_t bytes) {
  if (i < pool.buffers.size() && pool.buffers[i].bytes >= bytes)
    return true;
  if (pool.exhausted)
    return false;
  const driver_api &api = dev.api();
  if (!api.cuMemHostAlloc || !api.cuMemFreeHost) {
    pool.exhausted = true;
    return false;
  }
  dev.make_current();
  void *memory = nullptr;
  if (api.cuMemHostAlloc(&memory, bytes, CU_MEMHOSTALLOC_PORTABLE) !=
      CUDA_SUCCESS) {
    pool.exhausted = true;
    return false;
  }
  if (i == pool.buffers.size()) {
    staging_buffer fresh;
    if (api.cuEventCreate(&fresh.event, CU_EVENT_DISABLE_TIMING) !=
        CUDA_SUCCESS) {
      api.cuMemFreeHost(memory);
      pool.exhausted = true;
      return false;
    }
    pool.buffers.push_back(fresh);
  }
  staging_buffer &b = pool.buffers[i];
  if (b.memory) { // the smaller one: free once its last DMA is done
    CUresult r = api.cuEventSynchronize(b.event);
    if (r != CUDA_SUCCESS) {
      api.cuMemFreeHost(memory);
      dev.fail("cuEventSynchronize", r, "staging buffers");
    }
    api.cuMemFreeHost(b.memory);
  }
  b.memory = memory;
  b.bytes = bytes;
  return true;
}

// The buffers and chunk size a staged copy of `bytes` uses: up to
// `staging_buffers` buffers of the chunk's size (as many as the copy has
// chunks), grown as needed. When the driver cannot provide more, the copy
// makes do with what there is (smaller chunks, fewer buffers: slower, still
// correct). Zero buffers: none at all. Caller holds pool.mutex.
struct staging_plan {
  std::size_t chunk = 0, depth = 0;
};
staging_plan plan(cuda_device &dev, staging_pool &pool, std::size_t bytes) {
  staging_plan p;
  p.chunk = chunk_for(bytes);
  std::size_t chunks = chunk_count(bytes, p.chunk);
  std::size_t want = chunks < staging_buffers ? chunks : staging_buffers;
  std::size_t size = buffer_size_for(p.chunk);
  while (p.depth < want && provide(dev, pool, p.depth, size))
    ++p.depth;
  if (p.depth == want && p.depth > 0)
    return p;
  // Short of memory: every buffer there is, chunks as large as the
  // smallest of them.
  p.depth = pool.buffers.size();
  for (const staging_buffer &b : pool.buffers)
    if (b.bytes < p.chunk)
      p.chunk = b.bytes;
  return p;
}

// plan(), and a runtime_exception when there is not even one buffer.
staging_plan plan_or_fail(cuda_device &dev, staging_pool &pool,
                          std::size_t bytes) {
  staging_plan p = plan(dev, pool, bytes);
  if (!p.depth)
    dev.fail("cuMemHostAlloc", CUDA_ERROR_OUT_OF_MEMORY, "staging buffers");
  return p;
}

// At least one buffer (the smallest size) unless the driver has none.
bool ready(cuda_device &dev, staging_pool &pool) {
  if (!pool.buffers.empty())
    return true;
  if (!provide(dev, pool, 0, min_chunk)) {
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
  check(dev, "cuEventSynchronize",
        dev.api().cuEventSynchronize(pool.buffers[i].event), what, bytes);
}

} // namespace

copy_strategy unpinned_strategy(cuda_device &dev, bool to_device,
                                const void *host, std::size_t bytes) {
  copy_capabilities caps;
  // The driver accepts pageable memory in both directions.
  caps.direct_h2d = caps.direct_d2h = true;
  caps.pin_in_place =
      dev.api().cuMemHostRegister && dev.api().cuMemHostUnregister;
  copy_strategy s =
      choose_copy_strategy(to_device, bytes, process_copy_settings(), caps);
  // Partly page-locked for kernels: the CPU copies it (docs/svm.md).
  const bool split = svm::splits_registration(host, bytes);
  if (split)
    s = copy_strategy::staging;
  if (verbose())
    note(dev.label() + ": " + sized(to_device ? "unpinned copy to the device"
                                              : "unpinned copy from the device",
                                    bytes) +
         ": " + copy_strategy_name(s) +
         (split ? " (the range is partly page-locked for kernels)" : ""));
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
  if (!bytes)
    return;
  const driver_api &api = dev.api();
  staging_pool &pool = pool_of(dev);
  std::lock_guard<std::mutex> lock(pool.mutex);
  staging_plan p = plan_or_fail(dev, pool, bytes);
  std::size_t n = chunk_count(bytes, p.chunk);
  const char *from = static_cast<const char *>(src);
  const copy_stores stores = bytes <= streaming_stores_up_to
                                 ? copy_stores::streaming
                                 : copy_stores::cached;
  for (std::size_t i = 0; i < n; ++i) {
    copy_chunk c = chunk_at(bytes, p.chunk, i);
    staging_buffer &b = pool.buffers[i % p.depth];
    // The CPU fills this buffer while the DMA engine drains the others.
    wait_buffer(dev, pool, i % p.depth, what, bytes);
    parallel_memcpy(b.memory, from + c.offset, c.size, stores);
    check(dev, "cuMemcpyHtoDAsync_v2",
          api.cuMemcpyHtoDAsync(dst + c.offset, b.memory, c.size, stream),
          what, bytes);
    check(dev, "cuEventRecord", api.cuEventRecord(b.event, stream), what,
          bytes);
  }
}

void staged_from_device(cuda_device &dev, CUstream stream, void *dst,
                        CUdeviceptr src, std::size_t bytes) {
  const char *what = "copy from the device";
  if (!bytes)
    return;
  const driver_api &api = dev.api();
  staging_pool &pool = pool_of(dev);
  std::lock_guard<std::mutex> lock(pool.mutex);
  staging_plan p = plan_or_fail(dev, pool, bytes);
  std::size_t n = chunk_count(bytes, p.chunk), depth = p.depth;
  char *to = static_cast<char *>(dst);
  auto enqueue = [&](std::size_t i) {
    copy_chunk c = chunk_at(bytes, p.chunk, i);
    staging_buffer &b = pool.buffers[i % depth];
    wait_buffer(dev, pool, i % depth, what, bytes); // another copy's last use
    check(dev, "cuMemcpyDtoHAsync_v2",
          api.cuMemcpyDtoHAsync(b.memory, src + c.offset, c.size, stream),
          what, bytes);
    check(dev, "cuEventRecord", api.cuEventRecord(b.event, stream), what,
          bytes);
  };
  // Keep `depth` chunks in flight; empty each as soon as it has arrived.
  for (std::size_t i = 0; i < n && i < depth; ++i)
    enqueue(i);
  for (std::size_t i = 0; i < n; ++i) {
    copy_chunk c = chunk_at(bytes, p.chunk, i);
    wait_buffer(dev, pool, i % depth, what, bytes);
    parallel_memcpy(to + c.offset, pool.buffers[i % depth].memory, c.size);
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
