#include "core/stack_references.hpp"

#include "core/svm_mappings.hpp"

#include <cstdint>
#include <cstring>

namespace hc {
namespace detail {
namespace rt {

bool refers_to_calling_thread_stack(const void *functor,
                                    std::size_t size) noexcept {
  std::uintptr_t begin = 0, end = 0;
  if (!functor || !svm::current_thread_stack(begin, end))
    return false;
  const auto *bytes = static_cast<const unsigned char *>(functor);
  for (std::size_t at = 0; at + sizeof(std::uintptr_t) <= size;
       at += sizeof(std::uintptr_t)) {
    std::uintptr_t word;
    std::memcpy(&word, bytes + at, sizeof word);
    if (word >= begin && word < end)
      return true;
  }
  return false;
}

} // namespace rt
} // namespace detail
} // namespace hc
