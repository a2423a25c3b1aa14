// A memcpy whose stores bypass the CPU caches (non-temporal stores), for
// filling the pinned staging buffers of copies to a device.
#ifndef HC_RUNTIME_CORE_STREAMING_COPY_HPP
#define HC_RUNTIME_CORE_STREAMING_COPY_HPP

#include <cstddef>

namespace hc {
namespace detail {
namespace rt {

// How the destination of a host copy is written.
enum class copy_stores {
  cached,   // plain memcpy: the destination ends up in the CPU caches
  streaming // non-temporal stores: straight to memory, no read-for-ownership
};

// Copies like memcpy, with non-temporal stores where the CPU has them
// (x86-64: SSE2, always there); elsewhere a plain memcpy. The stores are
// fenced before it returns, so a DMA engine started afterwards reads the
// data. Why: a staging buffer is written once by the CPU and read once by
// the DMA engine; cached stores first read every destination line into the
// cache (read-for-ownership) and leave it dirty there, which both costs
// memory bandwidth the DMA engine needs and makes the copy slower (measured
// in docs/host-memory.md).
void streaming_memcpy(void *dst, const void *src, std::size_t bytes);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
