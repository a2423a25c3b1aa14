#include "core/host_memory.hpp"

#include "hc/detail/exceptions.hpp"

#include <cstdlib>
#include <string>

namespace hc {
namespace detail {
namespace rt {

void *allocate_host(std::size_t bytes) {
  constexpr std::size_t alignment = 64;
  void *ptr = nullptr;
  if (posix_memalign(&ptr, alignment, bytes ? bytes : alignment) != 0 || !ptr)
    throw Kalmar::out_of_memory("hc runtime: cannot allocate " +
                                std::to_string(bytes) + " bytes of host memory");
  return ptr;
}

void free_host(void *ptr) noexcept { std::free(ptr); }

} // namespace rt
} // namespace detail
} // namespace hc
