// What array and array_view share: a counted reference to runtime storage
// that works the same in both passes, and the host-side element access
// path.
#ifndef HC_DETAIL_DATA_ACCESS_HPP
#define HC_DETAIL_DATA_ACCESS_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/index.hpp"
#include "hc/detail/offset_width.hpp"
#include "hc/detail/runtime.hpp"
#include "hc/detail/workitem.hpp"

#include <type_traits>
#include <utility>
#include <vector>

namespace hc {
namespace detail {

// A pointer to storage that retains/releases on the host and is a plain
// pointer in device code (where it is never dereferenced). Keeping it a
// single pointer keeps array/array_view layouts identical in both passes.
class storage_ref {
public:
  storage_ref() = default;
  // Adopts a reference (from storage::create_*).
  explicit storage_ref(storage *s) : s_(s) {}
  storage_ref(const storage_ref &o) : s_(o.s_) { retain(); }
  storage_ref(storage_ref &&o) noexcept : s_(o.s_) { o.s_ = nullptr; }
  storage_ref &operator=(const storage_ref &o) {
    if (s_ != o.s_) {
      storage_ref tmp(o);
      std::swap(s_, tmp.s_);
    }
    return *this;
  }
  storage_ref &operator=(storage_ref &&o) noexcept {
    std::swap(s_, o.s_);
    return *this;
  }
  ~storage_ref() {
#if !HC_DEVICE_PASS
    if (s_)
      s_->release();
#endif
  }

  storage *get() const { return s_; }
  storage *operator->() const { return s_; }
  storage &operator*() const { return *s_; }
  explicit operator bool() const { return s_ != nullptr; }

private:
  void retain() {
#if !HC_DEVICE_PASS
    if (s_)
      s_->retain();
#endif
  }
  storage *s_ = nullptr;
};

#if !HC_DEVICE_PASS
// Host address of the storage's data for an access in `mode` from host
// code. Inside a CPU-backend kernel the data is used in place (waiting for
// the kernel itself would deadlock).
inline void *host_data(storage *s, access_mode mode) {
  if (s->host_ready(mode))
    return s->host_pointer_cache();
  if (in_cpu_kernel())
    return s->home_pointer();
  return s->host_access(mode);
}
#endif

// Launch-time binding of a copy of an array / array_view: if a
// parallel_for_each is packing its kernel's arguments on this thread, tell
// the runtime which storage the kernel uses and return the address the
// kernel must use; else null. `copy` is the object being constructed.
template <typename T, typename Copy>
inline T *bind_for_kernel(storage *s, access_mode mode, const Copy *copy) {
#if HC_DEVICE_PASS
  (void)s;
  (void)mode;
  (void)copy;
  return nullptr;
#else
  if (!s)
    return nullptr;
  launch_scope *scope = launch_scope::current();
  return scope ? static_cast<T *>(scope->bind(s, mode, copy, sizeof(Copy)))
               : nullptr;
#endif
}

template <typename T> constexpr access_mode mode_for() {
  return std::is_const<T>::value ? access_mode::read : access_mode::read_write;
}

// Strided address computation shared by views of every rank: `base` is
// the shape of the whole underlying data, `offset` the linear position of
// the view's origin in it. For ranks 2 and up in `int` where that is exact
// (offset_width.hpp): signed, so that the optimiser may assume no overflow
// and share the arithmetic of neighbouring elements, and zero-extended: a
// sign extension would let the optimiser redo the whole sum in 64 bits to
// save it. Rank 1 has no multiplication to save, and its 64-bit offsets
// are better for loops: the optimiser turns a sign-extended induction
// variable into a pointer increment, not a zero-extended one (measured on
// an H200: histogram and SpMV twins 2-5 % slower in 32 bits).
template <int N>
HC_INLINE std::size_t element_offset(std::size_t offset, const extent<N> &base,
                                     const index<N> &idx) {
  if (N >= 2 && offsets_fit_32_bits()) {
    int off = static_cast<int>(offset) + idx[N - 1], stride = 1;
    for (int i = N - 2; i >= 0; --i) {
      stride *= base[i + 1];
      off += idx[i] * stride;
    }
    return static_cast<std::size_t>(static_cast<unsigned>(off));
  }
  std::size_t stride = 1, off = offset;
  for (int i = N - 1; i >= 0; --i) {
    off += static_cast<std::size_t>(idx[i]) * stride;
    stride *= static_cast<std::size_t>(base[i]);
  }
  return off;
}

template <int N>
HC_INLINE std::size_t row_stride(const extent<N> &base, int dim) {
  std::size_t stride = 1;
  for (int i = N - 1; i > dim; --i)
    stride *= static_cast<std::size_t>(base[i]);
  return stride;
}

// The address of the elements an iterator walks when they are contiguous
// T objects (pointers, std::vector / std::array / std::string iterators),
// else null: such ranges are copied as one block.
template <typename T, typename It> const T *contiguous_source(It it) {
  using V = typename std::remove_cv<
      typename std::remove_reference<decltype(*it)>::type>::type;
  if constexpr (!std::is_same<V, T>::value) {
    (void)it;
    return nullptr;
  } else if constexpr (std::is_pointer<It>::value) {
    return it;
  } else if constexpr (std::is_same<It, typename std::vector<T>::iterator>::value ||
                       std::is_same<It, typename std::vector<T>::const_iterator>::value) {
    return &*it;
  } else {
    (void)it;
    return nullptr;
  }
}

[[noreturn]] inline void throw_runtime(const std::string &message,
                                       int code = Kalmar::E_FAIL_CODE) {
  throw Kalmar::runtime_exception(message, code);
}

// Argument checks in functions that kernels may call too: on the host a
// failed check throws runtime_exception; device code cannot throw, so there
// the check is compiled out.
HC_INLINE void host_check(bool ok, const char *message,
                          int code = Kalmar::E_INVALIDARG_CODE) {
#if HC_DEVICE_PASS
  (void)ok;
  (void)message;
  (void)code;
#else
  if (!ok)
    throw_runtime(message, code);
#endif
}

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_DATA_ACCESS_HPP
