#include "core/unpinned_copy.hpp"

#include "core/driver_library.hpp"
#include "core/host_memory.hpp"
#include "core/streaming_copy.hpp"
#include "core/svm_visibility.hpp"
#include "hc/detail/exceptions.hpp"

#include <map>
#include <memory>
#include <mutex>

namespace hc {
namespace detail {
namespace rt {

namespace {

// Up to `max_buffers` chunks in flight keep the DMA engine busy while the
// CPU works on the next one; at most 16 MiB of pinned memory per device.
// Buffers are allocated lazily and only as large and as many as the copies
// so far needed (pinning costs about a millisecond per few MiB: a program
// whose largest copy is small must not pay for 16 MiB up front).
constexpr std::size_t max_buffers = 4;
constexpr std::size_t max_buffer_bytes = 4u << 20;
// Chunks: small enough that the first DMA starts early, large enough that
// the per-chunk cost (a fence, a driver call) stays small. Also the
// smallest buffer allocated.
constexpr std::size_t min_chunk = 256u << 10;
// Copies to the device up to this size fill the buffers with non-temporal
// stores (streaming_copy.hpp); larger ones with cached stores. Measured on
// an H100 host (docs/host-memory.md): streaming stores make a staged copy
// of 4-16 MiB about twice as fast (the DMA engine then has the memory
// bandwidth that read-for-ownership traffic took) and 64 MiB ~10% faster,
// but 256 MiB ~25% slower (there the CPU copy, not the DMA, is the
// bottleneck, and cached stores keep the just-written buffers in the last
// level cache, where the DMA engine reads them without going to memory).
constexpr std::size_t streaming_stores_up_to = 64u << 20;

std::size_t chunk_for(std::size_t bytes) {
  if (bytes <= min_chunk)
    return bytes;
  std::size_t c = (bytes / max_buffers + 0xffff) & ~std::size_t(0xffff);
  if (c < min_chunk)
    c = min_chunk;
  return c > max_buffer_bytes ? max_buffer_bytes : c;
}

// The size to allocate for chunks of `chunk` bytes: a power of two from
// min_chunk to max_buffer_bytes, so a buffer grows at most a few times.
std::size_t buffer_size_for(std::size_t chunk) {
  std::size_t b = min_chunk;
  while (b < chunk && b < max_buffer_bytes)
    b *= 2;
  return b;
}

} // namespace

copy_strategy unpinned_strategy(const char *backend,
                                const std::string &device_label,
                                const copy_capabilities &caps, bool to_device,
                                const void *host, std::size_t bytes) {
  copy_strategy s =
      choose_copy_strategy(to_device, bytes, process_copy_settings(), caps);
  const bool split = svm::splits_registration(host, bytes);
  if (split)
    s = copy_strategy::staging;
  if (verbose())
    note(backend,
         device_label + ": unpinned copy " + (to_device ? "to" : "from") +
             " the device (" + std::to_string(bytes) +
             " bytes): " + copy_strategy_name(s) +
             (split ? " (the range is partly page-locked for kernels)" : ""));
  return s;
}

staging_pool::staging_pool(std::unique_ptr<staging_port> port)
    : port_(std::move(port)) {}

// Makes slot `i` (an existing one or the next) hold `bytes`: allocates its
// buffer, or replaces a smaller one (the new one is allocated first, the old
// one freed once its last DMA finished, so a failure leaves the pool as it
// was). False (and the pool marked exhausted: pinned memory is short, do not
// ask again per copy) when the backend cannot. Caller holds mutex_.
bool staging_pool::provide(std::size_t i, std::size_t bytes) {
  if (i < buffers_.size() && buffers_[i].bytes >= bytes)
    return true;
  if (exhausted_)
    return false;
  void *memory = port_->allocate_buffer(bytes);
  if (!memory) {
    exhausted_ = true;
    return false;
  }
  if (i == buffers_.size()) {
    if (!port_->add_fence()) {
      port_->free_buffer(memory);
      exhausted_ = true;
      return false;
    }
    buffers_.push_back(buffer());
  }
  buffer &b = buffers_[i];
  if (b.memory) { // the smaller one: free once its last DMA is done
    try {
      port_->wait_fence(i);
    } catch (...) {
      port_->free_buffer(memory);
      throw;
    }
    port_->free_buffer(b.memory);
  }
  b.memory = memory;
  b.bytes = bytes;
  return true;
}

// Up to max_buffers buffers of the chunk's size (as many as the copy has
// chunks), grown as needed. When the backend cannot provide more, the copy
// makes do with what there is (smaller chunks, fewer buffers: slower, still
// correct). Depth zero: no buffer at all. Caller holds mutex_.
staging_pool::plan staging_pool::plan_for(std::size_t bytes) {
  plan p;
  p.chunk = chunk_for(bytes);
  std::size_t chunks = chunk_count(bytes, p.chunk);
  std::size_t want = chunks < max_buffers ? chunks : max_buffers;
  std::size_t size = buffer_size_for(p.chunk);
  while (p.depth < want && provide(p.depth, size))
    ++p.depth;
  if (p.depth == want && p.depth > 0)
    return p;
  // Short of pinned memory: every buffer there is, chunks as large as the
  // smallest of them.
  p.depth = buffers_.size();
  for (const buffer &b : buffers_)
    if (b.bytes < p.chunk)
      p.chunk = b.bytes;
  return p;
}

staging_pool::plan staging_pool::plan_or_fail(std::size_t bytes) {
  plan p = plan_for(bytes);
  if (!p.depth)
    throw Kalmar::out_of_memory(port_->label() +
                                ": no pinned staging buffer for a copy of " +
                                std::to_string(bytes) + " bytes");
  return p;
}

// At least one buffer (the smallest size) unless the backend has none.
bool staging_pool::ready() {
  if (!buffers_.empty())
    return true;
  if (!provide(0, min_chunk)) {
    note(port_->backend(),
         port_->label() + ": no pinned staging buffers; unpinned copies are "
                          "made another way");
    return false;
  }
  return true;
}

bool staging_pool::available() {
  std::lock_guard<std::mutex> lock(mutex_);
  return ready();
}

void staging_pool::to_device(staging_dma &dma, const void *src,
                             std::size_t bytes) {
  if (!bytes)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  plan p = plan_or_fail(bytes);
  std::size_t n = chunk_count(bytes, p.chunk);
  const char *from = static_cast<const char *>(src);
  const copy_stores stores = bytes <= streaming_stores_up_to
                                 ? copy_stores::streaming
                                 : copy_stores::cached;
  for (std::size_t i = 0; i < n; ++i) {
    copy_chunk c = chunk_at(bytes, p.chunk, i);
    std::size_t slot = i % p.depth;
    // The CPU fills this buffer while the DMA engine drains the others.
    port_->wait_fence(slot);
    parallel_memcpy(buffers_[slot].memory, from + c.offset, c.size, stores);
    dma.enqueue(slot, buffers_[slot].memory, c, i + 1 == n);
  }
}

void staging_pool::from_device(staging_dma &dma, void *dst, std::size_t bytes) {
  if (!bytes)
    return;
  std::lock_guard<std::mutex> lock(mutex_);
  plan p = plan_or_fail(bytes);
  std::size_t n = chunk_count(bytes, p.chunk), depth = p.depth;
  char *to = static_cast<char *>(dst);
  auto enqueue = [&](std::size_t i) {
    std::size_t slot = i % depth;
    port_->wait_fence(slot); // another copy's last use
    dma.enqueue(slot, buffers_[slot].memory, chunk_at(bytes, p.chunk, i),
                i + 1 == n);
  };
  // Keep `depth` chunks in flight; empty each as soon as it has arrived.
  for (std::size_t i = 0; i < n && i < depth; ++i)
    enqueue(i);
  for (std::size_t i = 0; i < n; ++i) {
    copy_chunk c = chunk_at(bytes, p.chunk, i);
    port_->wait_fence(i % depth);
    parallel_memcpy(to + c.offset, buffers_[i % depth].memory, c.size);
    if (i + depth < n)
      enqueue(i + depth);
  }
}

staging_pool &staging_pool_of(
    const void *device,
    const std::function<std::unique_ptr<staging_port>()> &make_port) {
  // Devices live for the whole program, so do their pools (never freed:
  // the driver may be gone when static destructors run). The map itself is
  // never destroyed either, so the pools stay reachable to the end.
  struct pools_of_devices {
    std::mutex mutex;
    std::map<const void *, std::unique_ptr<staging_pool>> pools;
  };
  static pools_of_devices *all = new pools_of_devices;
  std::lock_guard<std::mutex> lock(all->mutex);
  std::unique_ptr<staging_pool> &pool = all->pools[device];
  if (!pool)
    pool = std::make_unique<staging_pool>(make_port());
  return *pool;
}

} // namespace rt
} // namespace detail
} // namespace hc
