// <pinned_vector.hpp>: hcc's std::vector in pinned host memory
// (docs/host-memory.md).
//
//   hc::am_allocator<T>     a standard allocator over am_alloc(...,
//                           amHostPinned) on the default accelerator
//   hc::pinned_vector<T>    std::vector<T, hc::am_allocator<T>>
//
// The elements live in page-locked host memory that am_alloc registers
// with the memory tracker (am_memtracker_getinfo finds them), so copies
// between them and an accelerator go at the link's full speed, and kernels
// may read and write them where the accelerator maps pinned host memory.
#ifndef HC_PINNED_VECTOR_HPP
#define HC_PINNED_VECTOR_HPP

#include <hc.hpp>
#include <hc_am.hpp>

#include <cstddef>
#include <new>
#include <vector>

namespace hc {

template <class T> struct am_allocator {
  typedef T value_type;

  am_allocator() = default;
  template <class U> am_allocator(const am_allocator<U> &) {}

  // n elements of pinned host memory; std::bad_alloc when am_alloc fails
  // (or n * sizeof(T) overflows).
  T *allocate(std::size_t n) {
    if (n > static_cast<std::size_t>(-1) / sizeof(T))
      throw std::bad_alloc();
    hc::accelerator acc;
    T *p = static_cast<T *>(hc::am_alloc(n * sizeof(T), acc, amHostPinned));
    if (p == nullptr)
      throw std::bad_alloc();
    return p;
  }

  // am_free's status cannot be reported from here (deallocate runs in
  // destructors), as with hcc.
  void deallocate(T *p, std::size_t) { hc::am_free(p); }
};

// Every am_allocator can free what any other allocated.
template <class T, class U>
bool operator==(const am_allocator<T> &, const am_allocator<U> &) {
  return true;
}
template <class T, class U>
bool operator!=(const am_allocator<T> &, const am_allocator<U> &) {
  return false;
}

template <typename T> using pinned_vector = std::vector<T, am_allocator<T>>;

} // namespace hc

#endif // HC_PINNED_VECTOR_HPP
