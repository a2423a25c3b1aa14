// Host allocations made by the runtime: host copies of device data and the
// memory of arrays on the CPU device.
#ifndef HC_RUNTIME_CORE_HOST_MEMORY_HPP
#define HC_RUNTIME_CORE_HOST_MEMORY_HPP

#include <cstddef>

namespace hc {
namespace detail {
namespace rt {

// Aligned to a cache line (also enough for any vector type a kernel may
// use). Never returns null, even for 0 bytes; throws Kalmar::out_of_memory.
void *allocate_host(std::size_t bytes);
void free_host(void *ptr) noexcept;

} // namespace rt
} // namespace detail
} // namespace hc

#endif
