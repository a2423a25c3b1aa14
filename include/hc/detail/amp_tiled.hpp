// C++ AMP's tiling, tile sizes as template arguments (namespace
// Concurrency): tiled_extent<D0 [, D1 [, D2]]>, tiled_index<D0, ...> and
// the parallel_for_each that launches them.
//
// Part of hc's headers in C++ AMP mode (`hcc -std=c++amp`), where
// hc::extent<N> is C++ AMP's extent and its tile<D0, ...>() gives these
// types. They derive from hc's run-time-tiled types of the same rank, so
// hc code that takes an hc::tiled_extent<N> or an hc::tiled_index<N> takes
// them too.
#ifndef HC_DETAIL_AMP_TILED_HPP
#define HC_DETAIL_AMP_TILED_HPP

#include "hc/detail/parallel_for_each.hpp"

#include <cstddef>
#include <string>

#if !HC_AMP_MODE
#error "hc/detail/amp_tiled.hpp belongs to C++ AMP mode (hcc -std=c++amp)"
#endif

namespace Concurrency {
namespace detail {

// The rank of tiled_extent<D0, D1, D2>: trailing zero sizes are absent.
template <int D0, int D1, int D2>
constexpr int tile_rank = D2 > 0 ? 3 : (D1 > 0 ? 2 : 1);

// The extent of one tile, {D0 [, D1 [, D2]]}.
template <int D0, int D1, int D2>
HC_INLINE hc::extent<tile_rank<D0, D1, D2>> static_tile_extent() {
  const int sizes[3] = {D0, D1, D2};
  return hc::extent<tile_rank<D0, D1, D2>>(sizes);
}

} // namespace detail

// A compute domain split into tiles of D0 (x D1 (x D2)) work-items. The
// tile sizes also sit in hc's run-time tile_dim, so that hc's launch sees
// them.
template <int D0, int D1, int D2>
class tiled_extent : public hc::tiled_extent<detail::tile_rank<D0, D1, D2>> {
  static_assert(D0 > 0 && D1 >= 0 && D2 >= 0 && !(D1 == 0 && D2 > 0),
                "tile sizes must be positive (trailing ones may be omitted)");
  using hc_tiled = hc::tiled_extent<detail::tile_rank<D0, D1, D2>>;

public:
  static const int rank = detail::tile_rank<D0, D1, D2>;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;

  tiled_extent() { set_tiles(); }
  tiled_extent(const tiled_extent &) = default;
  tiled_extent(const hc::extent<rank> &e) {
    static_cast<hc::extent<rank> &>(*this) = e;
    set_tiles();
  }
  tiled_extent &operator=(const tiled_extent &) = default;

  hc::extent<rank> get_tile_extent() const {
    return detail::static_tile_extent<D0, D1, D2>();
  }
  HC_PROPERTY(hc::extent<rank>, tile_extent, get_tile_extent)

  // The smallest extent that is a multiple of the tile sizes, and the
  // largest one that fits.
  tiled_extent pad() const { return tiled_extent(hc_tiled::pad()); }
  tiled_extent truncate() const { return tiled_extent(hc_tiled::truncate()); }

  // == and != are hc::tiled_extent's (same extent, same tiles), and an
  // extent compares with a tiled_extent as extents.

private:
  void set_tiles() {
    const int sizes[3] = {D0, D1, D2};
    for (int i = 0; i < rank; ++i)
      this->tile_dim[i] = sizes[i];
  }
};

// What a kernel over a tiled_extent<D0, D1, D2> receives: global, local,
// tile, tile_origin and barrier as hc's tiled_index, the tile's extent from
// the template arguments.
template <int D0, int D1 = 0, int D2 = 0>
class tiled_index : public hc::tiled_index<detail::tile_rank<D0, D1, D2>> {
  using hc_tiled = hc::tiled_index<detail::tile_rank<D0, D1, D2>>;

public:
  static const int rank = detail::tile_rank<D0, D1, D2>;
  static const int tile_dim0 = D0;
  static const int tile_dim1 = D1;
  static const int tile_dim2 = D2;

  tiled_index(const hc::index<rank> &global, const hc::index<rank> &local,
              const hc::index<rank> &tile, const hc::index<rank> &tile_origin,
              const hc::tile_barrier &barrier)
      : hc_tiled(global, local, tile, tile_origin, barrier,
                 detail::static_tile_extent<D0, D1, D2>()) {}
  explicit tiled_index(const hc_tiled &t) : hc_tiled(t) {}
  tiled_index(const tiled_index &) = default;

  hc::extent<rank> get_tile_extent() const {
    return detail::static_tile_extent<D0, D1, D2>();
  }
#ifdef HC_HAS_PROPERTIES
  HC_PROPERTY(hc::extent<rank>, tile_extent, get_tile_extent)
#endif
};

namespace detail {

// C++ AMP's rules for a tiled compute domain: those of any domain
// (hc::detail::check_amp_domain), and tiles that divide the extent (hc
// runs partial tiles).
template <int D0, int D1, int D2>
void check_amp_tiled_domain(const tiled_extent<D0, D1, D2> &ext) {
  const int sizes[3] = {D0, D1, D2};
  hc::detail::check_amp_domain(
      static_cast<const hc::extent<tile_rank<D0, D1, D2>> &>(ext));
  for (int i = 0; i < tile_rank<D0, D1, D2>; ++i)
    if (ext[i] % sizes[i] != 0)
      throw hc::invalid_compute_domain(
          "parallel_for_each: tile size " + std::to_string(sizes[i]) +
          " does not divide the extent " + std::to_string(ext[i]) +
          " in dimension " + std::to_string(i));
}

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
hc::completion_future parallel_for_each(const hc::accelerator_view &av,
                                        const tiled_extent<D0, D1, D2> &domain,
                                        const Kernel &f) {
  // C++ AMP's limits on a tile, checked when compiling the launch: at most
  // 1024 work-items, and at most 64 in dimension 0 of a rank-3 tile (the
  // slowest varying, a GPU's z dimension).
  static_assert(static_cast<long long>(D0) * (D1 > 0 ? D1 : 1) *
                        (D2 > 0 ? D2 : 1) <=
                    1024,
                "a tile has at most 1024 work-items");
  static_assert(D2 == 0 || D0 <= 64,
                "dimension 0 of a rank-3 tile has at most 64 work-items");
  detail::check_amp_tiled_domain(domain);
  using hc_tiled = hc::tiled_extent<detail::tile_rank<D0, D1, D2>>;
  return hc::parallel_for_each(av, static_cast<const hc_tiled &>(domain),
                               detail::tiled_kernel<Kernel, D0, D1, D2>{f});
}

template <int D0, int D1, int D2, typename Kernel>
hc::completion_future parallel_for_each(const tiled_extent<D0, D1, D2> &domain,
                                        const Kernel &f) {
  return Concurrency::parallel_for_each(hc::detail::amp_target_view(f),
                                       domain, f);
}

// parallel_for_each<D0 [, D1]>(extent, kernel): the tile sizes given
// explicitly, the extent converted to the tiled_extent they name (the
// rank-3 form is the template above with all three sizes given). Without
// these, D2 would be left to deduce from a plain extent, which fails.
template <int D0, int D1, typename Kernel>
hc::completion_future parallel_for_each(const hc::accelerator_view &av,
                                        const tiled_extent<D0, D1> &domain,
                                        const Kernel &f) {
  return Concurrency::parallel_for_each<D0, D1, 0>(av, domain, f);
}
template <int D0, int D1, typename Kernel>
hc::completion_future parallel_for_each(const tiled_extent<D0, D1> &domain,
                                        const Kernel &f) {
  return Concurrency::parallel_for_each<D0, D1, 0>(domain, f);
}
template <int D0, typename Kernel>
hc::completion_future parallel_for_each(const hc::accelerator_view &av,
                                        const tiled_extent<D0> &domain,
                                        const Kernel &f) {
  return Concurrency::parallel_for_each<D0, 0, 0>(av, domain, f);
}
template <int D0, typename Kernel>
hc::completion_future parallel_for_each(const tiled_extent<D0> &domain,
                                        const Kernel &f) {
  return Concurrency::parallel_for_each<D0, 0, 0>(domain, f);
}

} // namespace Concurrency

// hc::extent<N>::tile<D0, ...>() in C++ AMP mode.
namespace hc {
template <int N>
template <int D0>
Concurrency::tiled_extent<D0> extent<N>::tile() const {
  static_assert(N == 1, "tile<D0>() needs an extent of rank 1");
  return Concurrency::tiled_extent<D0>(*this);
}
template <int N>
template <int D0, int D1>
Concurrency::tiled_extent<D0, D1> extent<N>::tile() const {
  static_assert(N == 2, "tile<D0, D1>() needs an extent of rank 2");
  return Concurrency::tiled_extent<D0, D1>(*this);
}
template <int N>
template <int D0, int D1, int D2>
Concurrency::tiled_extent<D0, D1, D2> extent<N>::tile() const {
  static_assert(N == 3, "tile<D0, D1, D2>() needs an extent of rank 3");
  return Concurrency::tiled_extent<D0, D1, D2>(*this);
}
} // namespace hc

#endif // HC_DETAIL_AMP_TILED_HPP
