// <amp.h>: C++ AMP 1.2 (namespace Concurrency, alias concurrency) on top of
// hcc's hc implementation. Compile with `hcc -std=c++amp` so that
// restrict(amp) / restrict(cpu) are understood (docs/amp.md).
//
// Where hc already has C++ AMP's type (accelerator, accelerator_view,
// index, array, array_view, completion_future, tile_barrier, the runtime
// exceptions, copy, copy_async), this header only brings it into
// Concurrency. What C++ AMP spells differently is a thin adapter over hc:
//   extent<N>               hc::extent<N> plus tile<D0[,D1[,D2]]>()
//   tiled_extent<D0,D1,D2>  tile sizes as template arguments (hc: run time)
//   tiled_index<D0,D1,D2>   what a kernel over a tiled_extent<D0,...> gets
//   atomic_*                C++ AMP's non-template int/unsigned/float overloads
//   parallel_for_each       hc's for extents; a tiled_extent<D0,...> form
// and the HSA extension async_parallel_for_each (same thing, named for
// what it returns: a completion_future).
#ifndef HCC_AMP_H
#define HCC_AMP_H

#include <hc.hpp>

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

template <int D0, int D1 = 0, int D2 = 0> class tiled_extent;
template <int D0, int D1 = 0, int D2 = 0> class tiled_index;

namespace detail {
// The rank of tiled_extent<D0, D1, D2>: trailing zero sizes are absent.
template <int D0, int D1, int D2>
constexpr int tile_rank = D2 > 0 ? 3 : (D1 > 0 ? 2 : 1);
} // namespace detail

// hc::extent<N> with C++ AMP's compile-time tiling. Everything taking an
// hc::extent<N> takes it; an hc::extent<N> (what get_extent() returns)
// converts to it implicitly.
template <int N> class extent : public hc::extent<N> {
public:
  using hc::extent<N>::extent;
  extent() = default;
  extent(const hc::extent<N> &e) : hc::extent<N>(e) {}

  using hc::extent<N>::tile; // hc's run-time forms: tile(16, 16)

  template <int D0> tiled_extent<D0> tile() const {
    static_assert(N == 1, "tile<D0>() needs an extent of rank 1");
    return tiled_extent<D0>(*this);
  }
  template <int D0, int D1> tiled_extent<D0, D1> tile() const {
    static_assert(N == 2, "tile<D0, D1>() needs an extent of rank 2");
    return tiled_extent<D0, D1>(*this);
  }
  template <int D0, int D1, int D2> tiled_extent<D0, D1, D2> tile() const {
    static_assert(N == 3, "tile<D0, D1, D2>() needs an extent of rank 3");
    return tiled_extent<D0, D1, D2>(*this);
  }
};

// A compute domain split into tiles of D0 (x D1 (x D2)) work-items.
template <int D0, int D1, int D2>
class tiled_extent : public extent<detail::tile_rank<D0, D1, D2>> {
  static_assert(D0 > 0 && D1 >= 0 && D2 >= 0 && !(D1 == 0 && D2 > 0),
                "tile sizes must be positive (trailing ones may be omitted)");

public:
  static const int rank = detail::tile_rank<D0, D1, D2>;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;
  using base_extent = extent<rank>;

  tiled_extent() = default;
  tiled_extent(const hc::extent<rank> &e) : base_extent(e) {}

  base_extent get_tile_extent() const { return to_hc().get_tile_extent(); }
  // The smallest extent that is a multiple of the tile sizes, and the
  // largest one that fits.
  tiled_extent pad() const { return tiled_extent(to_hc().pad()); }
  tiled_extent truncate() const { return tiled_extent(to_hc().truncate()); }

  // The same domain with run-time tile sizes, as hc launches it.
  hc::tiled_extent<rank> to_hc() const {
    const int sizes[3] = {D0, D1, D2};
    hc::tiled_extent<rank> t;
    static_cast<hc::extent<rank> &>(t) = *this;
    for (int i = 0; i < rank; ++i)
      t.tile_dim[i] = sizes[i];
    return t;
  }

  friend bool operator==(const tiled_extent &a, const tiled_extent &b) {
    return static_cast<const hc::extent<rank> &>(a) ==
           static_cast<const hc::extent<rank> &>(b);
  }
  friend bool operator!=(const tiled_extent &a, const tiled_extent &b) {
    return !(a == b);
  }
};

// What a kernel over a tiled_extent<D0, D1, D2> receives. Unlike C++ AMP,
// tile_extent is an ordinary (const) member, not a static one: hc's extent
// has no constant initialisation a device could use. get_tile_extent()
// and the static tile_dim0..2 are there as well.
template <int D0, int D1, int D2> class tiled_index {
public:
  static const int rank = detail::tile_rank<D0, D1, D2>;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;

  const index<rank> global;
  const index<rank> local;
  const index<rank> tile;
  const index<rank> tile_origin;
  const tile_barrier barrier;
  const extent<rank> tile_extent;

  explicit tiled_index(const hc::tiled_index<rank> &t)
      : global(t.global), local(t.local), tile(t.tile),
        tile_origin(t.tile_origin), barrier(t.barrier),
        tile_extent(t.tile_dim) {}
  tiled_index(const tiled_index &) = default;

  operator const index<rank>() const { return global; }
  extent<rank> get_tile_extent() const { return tile_extent; }
};

namespace detail {
// The functor hc launches for a tiled_extent<D0, D1, D2>: it hands the
// user's kernel the tiled_index<D0, D1, D2> C++ AMP promises. Copying it
// copies the kernel, so captured arrays and array_views bind as usual.
template <class Kernel, int D0, int D1, int D2> struct tiled_kernel {
  Kernel kernel;
  HC_INLINE void
  operator()(const hc::tiled_index<tile_rank<D0, D1, D2>> &t) const {
    const_cast<Kernel &>(kernel)(tiled_index<D0, D1, D2>(t));
  }
};
} // namespace detail

template <int D0, int D1, int D2, typename Kernel>
completion_future parallel_for_each(const accelerator_view &av,
                                    const tiled_extent<D0, D1, D2> &domain,
                                    const Kernel &f) {
  return hc::parallel_for_each(
      av, domain.to_hc(), detail::tiled_kernel<Kernel, D0, D1, D2>{f});
}

template <int D0, int D1, int D2, typename Kernel>
completion_future parallel_for_each(const tiled_extent<D0, D1, D2> &domain,
                                    const Kernel &f) {
  return parallel_for_each(accelerator::get_auto_selection_view(), domain, f);
}

// HSA extension: parallel_for_each that returns at once, with the
// completion_future of the kernel.
template <typename... Args>
completion_future async_parallel_for_each(Args &&...args) {
#if defined(__KALMAR_AMP__) && __KALMAR_AMP__
  struct async_launch {
    async_launch() { hc::detail::amp_launch_is_async = true; }
    ~async_launch() { hc::detail::amp_launch_is_async = false; }
  } scope;
#endif
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
