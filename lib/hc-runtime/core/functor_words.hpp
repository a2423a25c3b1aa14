// The words of a kernel's functor.
//
// The runtime reads a functor (the lambda's captured bytes, which start the
// kernel's argument block) one pointer-aligned, pointer-sized word at a time
// to find the addresses it captured: references to arrays it rewrites
// (resident_arrays.hpp), host memory it makes visible to a GPU
// (svm_visibility.hpp) and memory that decides how a launch ends
// (host_references.hpp). Captured pointers sit at pointer-aligned offsets
// because the functor is aligned like one.
#ifndef HC_RUNTIME_CORE_FUNCTOR_WORDS_HPP
#define HC_RUNTIME_CORE_FUNCTOR_WORDS_HPP

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// Calls stop(offset, word) for each word of [functor, functor + size) in
// order until it returns true; returns whether one did. The words are read
// with memcpy: the functor's members need not be pointers.
template <typename Fn>
bool any_functor_word(const void *functor, std::size_t size, Fn &&stop) {
  if (!functor)
    return false;
  const auto *bytes = static_cast<const unsigned char *>(functor);
  for (std::size_t at = 0; at + sizeof(std::uintptr_t) <= size;
       at += alignof(void *)) {
    std::uintptr_t word;
    std::memcpy(&word, bytes + at, sizeof word);
    if (stop(at, word))
      return true;
  }
  return false;
}

// A canonical user-space address above the first 64 KiB, which no
// allocator hands out (x86-64 and AArch64 Linux): what a captured pointer
// can be. Smaller and larger words are integers.
inline bool could_be_pointer(std::uintptr_t v) {
  return v >= 0x10000 && v < (std::uintptr_t(1) << 47);
}

// A word that may be one of the program's pointers: it could be a pointer
// and is none of `runtime_words`, the runtime's own (bound data, storage
// objects, copies of array objects).
inline bool could_be_program_pointer(
    std::uintptr_t v, const std::vector<const void *> &runtime_words) {
  return could_be_pointer(v) &&
         std::find(runtime_words.begin(), runtime_words.end(),
                   reinterpret_cast<const void *>(v)) == runtime_words.end();
}

// The functor's bytes with `objects` ((address, size) pairs) that lie
// inside it zeroed: the bound copies of arrays, views and textures, whose
// words are the runtime's (storage, bound pointer, extents) and must not be
// taken for the program's pointers -- two small ints in one word, such as
// a view's extents 256 and 256, make 0x10000000100, an address inside the
// CUDA driver's reserved range. Objects not wholly inside are ignored.
inline std::vector<unsigned char> functor_without(
    const void *functor, std::size_t size,
    const std::vector<std::pair<const void *, std::size_t>> &objects) {
  const auto *begin = static_cast<const unsigned char *>(functor);
  std::vector<unsigned char> bytes(begin, begin + size);
  for (const auto &o : objects) {
    const auto *at = static_cast<const unsigned char *>(o.first);
    if (at >= begin && o.second <= size &&
        static_cast<std::size_t>(at - begin) <= size - o.second)
      std::fill_n(bytes.begin() + (at - begin), o.second, 0);
  }
  return bytes;
}

} // namespace rt
} // namespace detail
} // namespace hc

#endif
