// Host allocations made by the runtime (host copies of device data, the
// memory of arrays on the CPU device) and copying host memory fast.
#ifndef HC_RUNTIME_CORE_HOST_MEMORY_HPP
#define HC_RUNTIME_CORE_HOST_MEMORY_HPP

#include "core/streaming_copy.hpp"

#include <cstddef>

namespace hc {
namespace detail {
namespace rt {

// Aligned to a cache line (also enough for any vector type a kernel may
// use). Never returns null, even for 0 bytes; throws Kalmar::out_of_memory.
void *allocate_host(std::size_t bytes);
void free_host(void *ptr) noexcept;

// memcpy that splits copies of 128 KiB or more over a few helper threads
// (HCC_COPY_THREADS, default default_copy_threads(); 1 = no helpers): one core
// copies pageable memory at ~10 GB/s, well below a PCIe 5 / NVLink DMA
// engine, so staging copies need several (docs/host-memory.md). `stores`
// says how every thread writes the destination (streaming_copy.hpp).
void parallel_memcpy(void *dst, const void *src, std::size_t bytes,
                     copy_stores stores = copy_stores::cached);
// The number of threads parallel_memcpy uses (the caller included).
unsigned memcpy_threads();
// Its default on a machine with `cores` cores: three quarters of them, at
// most 12, at least 1. Measured on a 16-core H100 host (docs/host-memory.md):
// 12 threads staged copies of 64 MiB - 1 GiB from the device ~25% faster
// than 8 (36-42 vs 26-36 GB/s) and to it somewhat faster; 14 and 16 were
// slower than 12 (the completion thread and the driver's own threads need
// cores too). Beyond 12 is unmeasured.
unsigned default_copy_threads(unsigned cores);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
