#include "core/device_heap_config.hpp"

#include <cstdio>

namespace hc {
namespace detail {
namespace rt {

namespace {

bool valid_page_size(std::uint64_t size) {
  return size >= (std::uint64_t(1) << device_heap::min_page_shift) &&
         size <= (std::uint64_t(1) << device_heap::max_page_shift) &&
         (size & (size - 1)) == 0;
}

unsigned log2_of(std::uint64_t power) {
  unsigned shift = 0;
  while ((std::uint64_t(1) << shift) < power)
    ++shift;
  return shift;
}

std::string hex(std::uint64_t v) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(v));
  return text;
}

} // namespace

device_heap_config resolve_device_heap_config(std::uint64_t page_size_macro,
                                              std::uint64_t num_pages_macro,
                                              std::uint64_t env_bytes,
                                              std::string &warning) {
  device_heap_config c;
  std::uint64_t page = device_heap::default_page_size;
  if (page_size_macro) {
    if (valid_page_size(page_size_macro))
      page = page_size_macro;
    else
      warning += "__HIP_SIZE_OF_PAGE=" + std::to_string(page_size_macro) +
                 " is not a power of two from 4096 to 16777216; using " +
                 std::to_string(page) + ". ";
  }
  c.page_shift = log2_of(page);
  std::uint64_t bytes = device_heap::default_heap_bytes;
  if (env_bytes)
    bytes = env_bytes;
  else if (num_pages_macro)
    bytes = num_pages_macro * page;
  std::uint64_t pages = bytes >> c.page_shift;
  if (pages == 0) {
    warning += "a device heap of " + std::to_string(bytes) +
               " bytes is less than one page; using one page of " +
               std::to_string(page) + " bytes. ";
    pages = 1;
  }
  const std::uint64_t max_pages = (std::uint64_t(1) << 30) - 1;
  if (pages > max_pages) {
    warning += "a device heap of " + std::to_string(pages) +
               " pages is more than the heap supports; using " +
               std::to_string(max_pages) + ". ";
    pages = max_pages;
  }
  c.num_pages = static_cast<unsigned>(pages);
  return c;
}

std::string device_heap_error_text(const device_heap::status &s,
                                   const device_heap_config &config,
                                   const std::string &where) {
  switch (s.error) {
  case device_heap::error_exhausted:
    return where + ": device heap exhausted: operator new could not get " +
           std::to_string(s.size) + " bytes from the " +
           std::to_string(config.bytes()) +
           "-byte device heap, and the work-item that called it was ended "
           "(raise HCC_DEVICE_HEAP_SIZE)";
  case device_heap::error_double_free:
    return where + ": device heap check: double free of " + hex(s.address) +
           " (a block that was not allocated)";
  case device_heap::error_foreign:
    return where + ": device heap check: free of " + hex(s.address) +
           ", which is not the start of a block of the device heap";
  default:
    return where + ": device heap: unknown error " + std::to_string(s.error);
  }
}

} // namespace rt
} // namespace detail
} // namespace hc
