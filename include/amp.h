// <amp.h>: C++ AMP 1.2 (namespace Concurrency, alias concurrency) on top of
// hcc's hc implementation. Compile with `hcc -std=c++amp` so that
// restrict(amp) / restrict(cpu) are understood (docs/amp.md).
//
// Where hc already has C++ AMP's type (accelerator, accelerator_view,
// index, extent, array, array_view, completion_future, tile_barrier, the
// runtime exceptions, copy, copy_async), this header only brings it into
// Concurrency; in C++ AMP mode those types follow C++ AMP's rules
// (properties, checked launches, extent<N>::tile<D0, ...>()). What C++ AMP
// spells differently is a thin adapter over hc:
//   tiled_extent<D0,D1,D2>  tile sizes as template arguments (hc: run time)
//   tiled_index<D0,D1,D2>   what a kernel over a tiled_extent<D0,...> gets
//   atomic_*                C++ AMP's non-template int/unsigned/float overloads
//   parallel_for_each       hc's for extents; a tiled_extent<D0,...> form
// (the tiled ones in hc/detail/amp_tiled.hpp) and the HSA extension
// async_parallel_for_each (same thing, named for what it returns: a
// completion_future).
#ifndef HCC_AMP_H
#define HCC_AMP_H

#include <hc.hpp>

#if !HC_AMP_MODE
#error "<amp.h> needs C++ AMP mode: compile with hcc -std=c++amp"
#endif

namespace Concurrency {

using hc::accelerator;
using hc::accelerator_view;
using hc::completion_future;
using hc::queuing_mode;
using hc::queuing_mode_automatic;
using hc::queuing_mode_immediate;
using hc::access_type;
using hc::access_type_auto;
using hc::access_type_none;
using hc::access_type_read;
using hc::access_type_read_write;
using hc::access_type_write;

using hc::index;
using hc::array;
using hc::array_view;
using hc::tile_barrier;

using hc::copy;
using hc::copy_async;

using hc::accelerator_view_removed;
using hc::invalid_compute_domain;
using hc::out_of_memory;
using hc::runtime_exception;
using hc::unsupported_feature;

// Extents and indices over run-time tile sizes keep working unchanged:
// parallel_for_each over an extent<N> (or hc::extent<N>) is hc's. It
// returns a completion_future where C++ AMP returns void; ignoring it is
// what C++ AMP code does. Under -std=c++amp it returns once the kernel has
// finished, as the original hcc's C++ AMP did (parallel_for_each.hpp).
using hc::parallel_for_each;

// C++ AMP's extent is hc's: what get_extent() returns, with tile<D0, ...>()
// giving tiled_extent<D0, ...> in C++ AMP mode. tiled_extent, tiled_index
// and their parallel_for_each: hc/detail/amp_tiled.hpp.
template <int N> using extent = hc::extent<N>;

// HSA extension: parallel_for_each that returns at once, with the
// completion_future of the kernel.
template <typename... Args>
completion_future async_parallel_for_each(Args &&...args) {
  struct async_launch {
    async_launch() { hc::detail::amp_launch_is_async = true; }
    ~async_launch() { hc::detail::amp_launch_is_async = false; }
  } scope;
  return parallel_for_each(static_cast<Args &&>(args)...);
}

// --- atomics ------------------------------------------------------------------
// C++ AMP declares one non-template function per type, so arguments convert
// (atomic_fetch_add(&unsigned_value, 1) is valid); each forwards to hc's.
#define HCC_AMP_ATOMIC2(NAME, T)                                               \
  HC_INLINE T NAME(T *dest, T val) { return hc::NAME(dest, val); }
#define HCC_AMP_ATOMIC1(NAME, T)                                               \
  HC_INLINE T NAME(T *dest) { return hc::NAME(dest); }
#define HCC_AMP_ATOMIC_INT(NAME, ARITY)                                        \
  HCC_AMP_ATOMIC##ARITY(NAME, int) HCC_AMP_ATOMIC##ARITY(NAME, unsigned int)

HCC_AMP_ATOMIC_INT(atomic_exchange, 2)
HCC_AMP_ATOMIC2(atomic_exchange, float)
HCC_AMP_ATOMIC_INT(atomic_fetch_add, 2)
HCC_AMP_ATOMIC_INT(atomic_fetch_sub, 2)
HCC_AMP_ATOMIC_INT(atomic_fetch_max, 2)
HCC_AMP_ATOMIC_INT(atomic_fetch_min, 2)
HCC_AMP_ATOMIC_INT(atomic_fetch_and, 2)
HCC_AMP_ATOMIC_INT(atomic_fetch_or, 2)
HCC_AMP_ATOMIC_INT(atomic_fetch_xor, 2)
HCC_AMP_ATOMIC_INT(atomic_fetch_inc, 1)
HCC_AMP_ATOMIC_INT(atomic_fetch_dec, 1)

#undef HCC_AMP_ATOMIC_INT
#undef HCC_AMP_ATOMIC1
#undef HCC_AMP_ATOMIC2

// Stores val if *dest == *expected_value; otherwise loads *dest into
// *expected_value. True if it stored.
HC_INLINE bool atomic_compare_exchange(int *dest, int *expected_value,
                                       int val) {
  return hc::atomic_compare_exchange(dest, expected_value, val);
}
HC_INLINE bool atomic_compare_exchange(unsigned int *dest,
                                       unsigned int *expected_value,
                                       unsigned int val) {
  return hc::atomic_compare_exchange(dest, expected_value, val);
}

} // namespace Concurrency

namespace concurrency = Concurrency;

#endif // HCC_AMP_H
