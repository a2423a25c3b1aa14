// The device heap's size and the host's reading of its status block
// (docs/device-heap.md), independent of any backend so the unit tests can
// check them.
#ifndef HC_RUNTIME_CORE_DEVICE_HEAP_CONFIG_HPP
#define HC_RUNTIME_CORE_DEVICE_HEAP_CONFIG_HPP

#include "hc/detail/device_heap_layout.h"

#include <cstdint>
#include <string>

namespace hc {
namespace detail {
namespace rt {

struct device_heap_config {
  unsigned page_shift = 16;
  unsigned num_pages = 0;
  std::uint64_t bytes() const { return std::uint64_t(num_pages) << page_shift; }
};

// The heap of a device, from the first module that allocates:
//  * page size: the module's __HIP_SIZE_OF_PAGE, else 64 KiB;
//  * bytes: HCC_DEVICE_HEAP_SIZE (`env_bytes`, 0 when unset), else
//    __HIP_NUM_PAGES pages, else 512 MiB; rounded down to whole pages, at
//    least one page, fewer than 2^30 pages.
// `page_size_macro` / `num_pages_macro` are 0 when the program did not
// define them. Adds to `warning` what it had to change.
device_heap_config resolve_device_heap_config(std::uint64_t page_size_macro,
                                              std::uint64_t num_pages_macro,
                                              std::uint64_t env_bytes,
                                              std::string &warning);

// What the host tells about a status block a kernel wrote (error != 0):
// "device heap exhausted: ..." and so on. `where` names the device and the
// kernel.
std::string device_heap_error_text(const device_heap::status &s,
                                   const device_heap_config &config,
                                   const std::string &where);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
