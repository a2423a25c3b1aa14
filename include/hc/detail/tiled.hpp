// Tiled compute domains: hc::tiled_extent<N> (tile sizes chosen at run
// time, plus a dynamic group-segment size), hc::tiled_index<N> and
// hc::tile_barrier, and the group-segment queries kernels may call.
#ifndef HC_DETAIL_TILED_HPP
#define HC_DETAIL_TILED_HPP

#include "hc/detail/index.hpp"
#include "hc/detail/runtime.hpp"
#include "hc/detail/workitem.hpp"

#include <type_traits>

namespace hc {

// Any rank may be described (hcc had a generic tiled_extent<N> too);
// parallel_for_each takes ranks 1 to 3.
template <int N> class tiled_extent : public extent<N> {
  static_assert(N >= 1, "tiled_extent rank must be positive");
  template <int M, int R>
  using if_rank = typename std::enable_if<M == R, int>::type;

public:
  static const int rank = N;
  // Tile size per dimension (hcc exposed this array directly).
  int tile_dim[N];

  tiled_extent() : extent<N>(), dynamic_group_segment_size_(0) {
    for (int i = 0; i < N; ++i)
      tile_dim[i] = 0;
  }
  tiled_extent(const tiled_extent &) = default;
  tiled_extent &operator=(const tiled_extent &) = default;

  // (e0, t0) / (e0, e1, t0, t1) / (e0, e1, e2, t0, t1, t2), optionally
  // followed by the dynamic group segment size in bytes. Each form exists
  // only for its rank, so the overloads never compete.
  template <int M = N, if_rank<M, 1> = 0>
  tiled_extent(int e0, int t0, int size = 0)
      : tiled_extent(extent<1>(e0), t0, size) {}
  template <int M = N, if_rank<M, 2> = 0>
  tiled_extent(int e0, int e1, int t0, int t1, int size = 0)
      : tiled_extent(extent<2>(e0, e1), t0, t1, size) {}
  template <int M = N, if_rank<M, 3> = 0>
  tiled_extent(int e0, int e1, int e2, int t0, int t1, int t2, int size = 0)
      : tiled_extent(extent<3>(e0, e1, e2), t0, t1, t2, size) {}

  template <int M = N, if_rank<M, 1> = 0>
  tiled_extent(const extent<N> &ext, int t0, int size = 0)
      : extent<N>(ext), dynamic_group_segment_size_(size) {
    tile_dim[0] = t0;
  }
  template <int M = N, if_rank<M, 2> = 0>
  tiled_extent(const extent<N> &ext, int t0, int t1, int size = 0)
      : extent<N>(ext), dynamic_group_segment_size_(size) {
    tile_dim[0] = t0;
    tile_dim[1] = t1;
  }
  template <int M = N, if_rank<M, 3> = 0>
  tiled_extent(const extent<N> &ext, int t0, int t1, int t2, int size = 0)
      : extent<N>(ext), dynamic_group_segment_size_(size) {
    tile_dim[0] = t0;
    tile_dim[1] = t1;
    tile_dim[2] = t2;
  }

  // Bytes of group (tile_static) memory allocated per tile at launch, in
  // addition to the kernel's own tile_static variables.
  void set_dynamic_group_segment_size(int size) {
    dynamic_group_segment_size_ = size;
  }
  unsigned int get_dynamic_group_segment_size() const {
    return static_cast<unsigned int>(dynamic_group_segment_size_);
  }

  extent<N> get_tile_extent() const { return extent<N>(tile_dim); }

  // Largest / smallest extent that is a multiple of the tile sizes.
  tiled_extent pad() const {
    tiled_extent r(*this);
    for (int i = 0; i < N; ++i)
      r[i] = (r[i] + tile_dim[i] - 1) / tile_dim[i] * tile_dim[i];
    return r;
  }
  tiled_extent truncate() const {
    tiled_extent r(*this);
    for (int i = 0; i < N; ++i)
      r[i] = r[i] / tile_dim[i] * tile_dim[i];
    return r;
  }

  friend bool operator==(const tiled_extent &a, const tiled_extent &b) {
    if (static_cast<const extent<N> &>(a) != static_cast<const extent<N> &>(b))
      return false;
    for (int i = 0; i < N; ++i)
      if (a.tile_dim[i] != b.tile_dim[i])
        return false;
    return true;
  }
  friend bool operator!=(const tiled_extent &a, const tiled_extent &b) {
    return !(a == b);
  }

private:
  int dynamic_group_segment_size_;
};

template <int N> tiled_extent<1> extent<N>::tile(int t0) const {
  return tiled_extent<1>(*this, t0);
}
template <int N> tiled_extent<2> extent<N>::tile(int t0, int t1) const {
  return tiled_extent<2>(*this, t0, t1);
}
template <int N>
tiled_extent<3> extent<N>::tile(int t0, int t1, int t2) const {
  return tiled_extent<3>(*this, t0, t1, t2);
}
template <int N>
template <int D0>
tiled_extent<1> extent<N>::tile() const {
  static_assert(N == 1, "tile<D0>() needs an extent of rank 1");
  static_assert(D0 > 0, "tile sizes must be positive");
  return tiled_extent<1>(*this, D0);
}
template <int N>
template <int D0, int D1>
tiled_extent<2> extent<N>::tile() const {
  static_assert(N == 2, "tile<D0, D1>() needs an extent of rank 2");
  static_assert(D0 > 0 && D1 > 0, "tile sizes must be positive");
  return tiled_extent<2>(*this, D0, D1);
}
template <int N>
template <int D0, int D1, int D2>
tiled_extent<3> extent<N>::tile() const {
  static_assert(N == 3, "tile<D0, D1, D2>() needs an extent of rank 3");
  static_assert(D0 > 0 && D1 > 0 && D2 > 0, "tile sizes must be positive");
  return tiled_extent<3>(*this, D0, D1, D2);
}
template <int N>
tiled_extent<1> extent<N>::tile_with_dynamic(int t0, int size) const {
  return tiled_extent<1>(*this, t0, size);
}
template <int N>
tiled_extent<2> extent<N>::tile_with_dynamic(int t0, int t1, int size) const {
  return tiled_extent<2>(*this, t0, t1, size);
}
template <int N>
tiled_extent<3> extent<N>::tile_with_dynamic(int t0, int t1, int t2,
                                             int size) const {
  return tiled_extent<3>(*this, t0, t1, t2, size);
}

// Synchronises the work-items of one tile. Every work-item of the tile must
// reach the same wait() (C++ AMP rule). All the fence variants are full
// barriers with the stated memory ordering; on the supported targets the
// plain barrier already orders both group and global memory.
class tile_barrier {
public:
  tile_barrier() = default;
  tile_barrier(const tile_barrier &) = default;

  void wait() const { barrier(); }
  void wait_with_all_memory_fence() const { barrier(); }
  void wait_with_global_memory_fence() const { barrier(); }
  void wait_with_tile_static_memory_fence() const { barrier(); }

private:
  static HC_INLINE HC_HOST_DEVICE void barrier() {
    detail::tile_barrier_wait();
  }
};

// C++ AMP's fences: order the calling work-item's memory accesses (all
// memory, global memory, tile_static memory) as seen by the other
// work-items of its tile, without waiting for them. The argument says
// which tile; a full fence serves the three.
inline HC_HOST_DEVICE void all_memory_fence(const tile_barrier &) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
inline HC_HOST_DEVICE void global_memory_fence(const tile_barrier &) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}
inline HC_HOST_DEVICE void tile_static_memory_fence(const tile_barrier &) {
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
}

template <int N> class tiled_index {
  static_assert(N >= 1 && N <= 3, "tiled_index supports ranks 1 to 3");

public:
  static const int rank = N;

  const index<N> global;
  const index<N> local;
  const index<N> tile;
  const index<N> tile_origin;
  const tile_barrier barrier;
  const extent<N> tile_dim;

  tiled_index(const index<N> &g, const index<N> &l, const index<N> &t,
              const index<N> &origin, const tile_barrier &b,
              const extent<N> &tile_extent)
      : global(g), local(l), tile(t), tile_origin(origin), barrier(b),
        tile_dim(tile_extent) {}
  tiled_index(const tiled_index &) = default;

  operator const index<N>() const { return global; }
  const extent<N> get_tile_extent() const { return tile_dim; }
};

namespace detail {
#if HC_DEVICE_PASS
// Dynamic group segment of the running tile: CUDA-style dynamic shared
// memory, sized at launch from tiled_extent's dynamic group segment size.
extern __attribute__((shared)) __attribute__((aligned(16))) char
    hc_dynamic_group_segment[];
#endif
} // namespace detail

// Base of the dynamic group segment of the calling tile.
inline HC_HOST_DEVICE void *get_dynamic_group_segment_base_pointer() {
#if HC_DEVICE_PASS
  return detail::hc_dynamic_group_segment;
#else
  return detail::cpu_dynamic_group_segment();
#endif
}

// hcc's original also exposed the group segment as a whole; in our model
// tile_static variables and the dynamic segment are separate allocations,
// so the group segment base is the dynamic segment's base.
inline HC_HOST_DEVICE void *get_group_segment_base_pointer() {
  return get_dynamic_group_segment_base_pointer();
}

} // namespace hc

#endif // HC_DETAIL_TILED_HPP
