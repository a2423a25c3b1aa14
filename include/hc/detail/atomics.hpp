// hc's atomic functions on global or tile_static memory. They are relaxed
// read-modify-write operations at system scope (tile scope on tile_static
// memory; docs/platform-atomics.md); Clang's __atomic builtins lower them to
// native atomics on every target (NVPTX atom.*/red.* through hcc's
// PlatformAtomics pass, x86 lock-prefixed instructions on the CPU backend).
#ifndef HC_DETAIL_ATOMICS_HPP
#define HC_DETAIL_ATOMICS_HPP

#include "hc/detail/config.hpp"

#include <cstdint>
#include <type_traits>

namespace hc {
namespace detail {

template <typename T>
using if_atomic_int = typename std::enable_if<
    std::is_integral<T>::value && (sizeof(T) == 4 || sizeof(T) == 8), T>::type;
template <typename T>
using if_atomic_arith = typename std::enable_if<
    (std::is_integral<T>::value || std::is_floating_point<T>::value) &&
        (sizeof(T) == 4 || sizeof(T) == 8),
    T>::type;

} // namespace detail

template <typename T>
HC_INLINE detail::if_atomic_arith<T> atomic_exchange(T *dest, T val) {
  T old;
  __atomic_exchange(dest, &val, &old, __ATOMIC_RELAXED);
  return old;
}

// Stores `val` if *dest == *expected; else loads *dest into *expected.
template <typename T>
HC_INLINE typename std::enable_if<std::is_integral<T>::value, bool>::type
atomic_compare_exchange(T *dest, T *expected, T val) {
  return __atomic_compare_exchange_n(dest, expected, val, false,
                                     __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

template <typename T>
HC_INLINE detail::if_atomic_arith<T> atomic_fetch_add(T *dest, T val) {
  return __atomic_fetch_add(dest, val, __ATOMIC_RELAXED);
}
template <typename T>
HC_INLINE detail::if_atomic_arith<T> atomic_fetch_sub(T *dest, T val) {
  return __atomic_fetch_sub(dest, val, __ATOMIC_RELAXED);
}
template <typename T>
HC_INLINE detail::if_atomic_int<T> atomic_fetch_and(T *dest, T val) {
  return __atomic_fetch_and(dest, val, __ATOMIC_RELAXED);
}
template <typename T>
HC_INLINE detail::if_atomic_int<T> atomic_fetch_or(T *dest, T val) {
  return __atomic_fetch_or(dest, val, __ATOMIC_RELAXED);
}
template <typename T>
HC_INLINE detail::if_atomic_int<T> atomic_fetch_xor(T *dest, T val) {
  return __atomic_fetch_xor(dest, val, __ATOMIC_RELAXED);
}
template <typename T>
HC_INLINE detail::if_atomic_int<T> atomic_fetch_max(T *dest, T val) {
  return __atomic_fetch_max(dest, val, __ATOMIC_RELAXED);
}
template <typename T>
HC_INLINE detail::if_atomic_int<T> atomic_fetch_min(T *dest, T val) {
  return __atomic_fetch_min(dest, val, __ATOMIC_RELAXED);
}
template <typename T>
HC_INLINE detail::if_atomic_int<T> atomic_fetch_inc(T *dest) {
  return __atomic_fetch_add(dest, T(1), __ATOMIC_RELAXED);
}
template <typename T>
HC_INLINE detail::if_atomic_int<T> atomic_fetch_dec(T *dest) {
  return __atomic_fetch_sub(dest, T(1), __ATOMIC_RELAXED);
}

// Floating-point max/min have no native instruction everywhere: a
// compare-exchange loop that stores `val` while it beats the current value.
namespace detail {
template <typename T, typename Beats>
HC_INLINE T atomic_store_while_beats(T *dest, T val, Beats beats) {
  T old;
  __atomic_load(dest, &old, __ATOMIC_RELAXED);
  while (beats(val, old) &&
         !__atomic_compare_exchange(dest, &old, &val, false, __ATOMIC_RELAXED,
                                    __ATOMIC_RELAXED)) {
  }
  return old;
}
} // namespace detail

template <typename T>
HC_INLINE typename std::enable_if<std::is_floating_point<T>::value, T>::type
atomic_fetch_max(T *dest, T val) {
  return detail::atomic_store_while_beats(dest, val,
                                          [](T a, T b) { return a > b; });
}
template <typename T>
HC_INLINE typename std::enable_if<std::is_floating_point<T>::value, T>::type
atomic_fetch_min(T *dest, T val) {
  return detail::atomic_store_while_beats(dest, val,
                                          [](T a, T b) { return a < b; });
}

} // namespace hc

#endif // HC_DETAIL_ATOMICS_HPP
