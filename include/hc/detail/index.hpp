// hc::index<N> and hc::extent<N>: N-dimensional integer coordinates and
// shapes, dimension 0 the slowest varying (row-major), as in C++ AMP.
#ifndef HC_DETAIL_INDEX_HPP
#define HC_DETAIL_INDEX_HPP

#include "hc/detail/config.hpp"
#include "hc/detail/fast_divide.hpp"

#include <cstddef>

#if HC_AMP_MODE
// C++ AMP mode: extent<N>::tile<D0, ...>() gives C++ AMP's tiled_extent
// (hc/detail/amp_tiled.hpp).
namespace Concurrency {
template <int D0, int D1 = 0, int D2 = 0> class tiled_extent;
} // namespace Concurrency
#endif

namespace hc {

template <int N> class index;
template <int N> class extent;
template <int N> class tiled_extent;

namespace detail {

// The arithmetic index and extent share. Derived is the concrete class, so
// operators return index<N> or extent<N>, never this base.
template <int N, class Derived> class int_tuple {
  static_assert(N > 0, "rank must be positive");

public:
  static const int rank = N;
  typedef int value_type;

  int operator[](unsigned c) const { return v_[c]; }
  int &operator[](unsigned c) { return v_[c]; }

  friend bool operator==(const Derived &a, const Derived &b) {
    for (int i = 0; i < N; ++i)
      if (a.v_[i] != b.v_[i])
        return false;
    return true;
  }
  friend bool operator!=(const Derived &a, const Derived &b) {
    return !(a == b);
  }

#define HC_TUPLE_COMPOUND(OP)                                                  \
  Derived &operator OP##=(const Derived & o) {                                 \
    for (int i = 0; i < N; ++i)                                                \
      v_[i] OP## = o.v_[i];                                                    \
    return self();                                                             \
  }                                                                            \
  Derived &operator OP##=(int value) {                                         \
    for (int i = 0; i < N; ++i)                                                \
      v_[i] OP## = value;                                                      \
    return self();                                                             \
  }                                                                            \
  friend Derived operator OP(const Derived &a, const Derived &b) {             \
    Derived r(a);                                                              \
    return r OP## = b;                                                         \
  }                                                                            \
  friend Derived operator OP(const Derived &a, int value) {                    \
    Derived r(a);                                                              \
    return r OP## = value;                                                     \
  }                                                                            \
  friend Derived operator OP(int value, const Derived &a) {                    \
    Derived r;                                                                 \
    for (int i = 0; i < N; ++i)                                                \
      r.v_[i] = value OP a.v_[i];                                              \
    return r;                                                                  \
  }
  HC_TUPLE_COMPOUND(+)
  HC_TUPLE_COMPOUND(-)
  HC_TUPLE_COMPOUND(*)
  HC_TUPLE_COMPOUND(/)
  HC_TUPLE_COMPOUND(%)
#undef HC_TUPLE_COMPOUND

  // Increment and decrement apply to every component (C++ AMP semantics).
  Derived &operator++() { return self() += 1; }
  Derived operator++(int) {
    Derived r(self());
    self() += 1;
    return r;
  }
  Derived &operator--() { return self() -= 1; }
  Derived operator--(int) {
    Derived r(self());
    self() -= 1;
    return r;
  }

protected:
  int_tuple() {
    for (int i = 0; i < N; ++i)
      v_[i] = 0;
  }
  void set(const int *components) {
    for (int i = 0; i < N; ++i)
      v_[i] = components[i];
  }
  Derived &self() { return static_cast<Derived &>(*this); }
  const Derived &self() const { return static_cast<const Derived &>(*this); }

  int v_[N];

  template <int, class> friend class int_tuple;
};

} // namespace detail

template <int N> class index : public detail::int_tuple<N, index<N>> {
  using base = detail::int_tuple<N, index<N>>;

public:
  index() = default;
  index(const index &) = default;
  index &operator=(const index &) = default;
  explicit index(const int components[]) { this->set(components); }
  explicit index(int i0) {
    static_assert(N == 1, "index<N>(i0) needs N == 1");
    this->v_[0] = i0;
  }
  index(int i0, int i1) {
    static_assert(N == 2, "index<N>(i0, i1) needs N == 2");
    this->v_[0] = i0;
    this->v_[1] = i1;
  }
  index(int i0, int i1, int i2) {
    static_assert(N == 3, "index<N>(i0, i1, i2) needs N == 3");
    this->v_[0] = i0;
    this->v_[1] = i1;
    this->v_[2] = i2;
  }

  using base::operator[];
};

template <int N> class extent : public detail::int_tuple<N, extent<N>> {
  using base = detail::int_tuple<N, extent<N>>;

public:
  extent() = default;
  extent(const extent &) = default;
  extent &operator=(const extent &) = default;
  explicit extent(const int components[]) { this->set(components); }
  explicit extent(int e0) {
    static_assert(N == 1, "extent<N>(e0) needs N == 1");
    this->v_[0] = e0;
  }
  extent(int e0, int e1) {
    static_assert(N == 2, "extent<N>(e0, e1) needs N == 2");
    this->v_[0] = e0;
    this->v_[1] = e1;
  }
  extent(int e0, int e1, int e2) {
    static_assert(N == 3, "extent<N>(e0, e1, e2) needs N == 3");
    this->v_[0] = e0;
    this->v_[1] = e1;
    this->v_[2] = e2;
  }

  using base::operator[];

  // Number of elements (C++ AMP returns unsigned int; we keep that).
  unsigned int size() const {
    unsigned int n = 1;
    for (int i = 0; i < N; ++i)
      n *= static_cast<unsigned int>(this->v_[i]);
    return n;
  }
  // Same without overflow, for launches.
  std::size_t size_wide() const {
    std::size_t n = 1;
    for (int i = 0; i < N; ++i)
      n *= static_cast<std::size_t>(this->v_[i] < 0 ? 0 : this->v_[i]);
    return n;
  }

  bool contains(const index<N> &idx) const {
    for (int i = 0; i < N; ++i)
      if (idx[i] < 0 || idx[i] >= this->v_[i])
        return false;
    return true;
  }

  // hc: tile sizes are run-time values. Defined in tiled.hpp.
  tiled_extent<1> tile(int t0) const;
  tiled_extent<2> tile(int t0, int t1) const;
  tiled_extent<3> tile(int t0, int t1, int t2) const;
  tiled_extent<1> tile_with_dynamic(int t0, int dynamic_size) const;
  tiled_extent<2> tile_with_dynamic(int t0, int t1, int dynamic_size) const;
  tiled_extent<3> tile_with_dynamic(int t0, int t1, int t2,
                                    int dynamic_size) const;
#if HC_AMP_MODE
  // C++ AMP: the tile sizes are part of the type. Defined in amp_tiled.hpp.
  template <int D0> Concurrency::tiled_extent<D0> tile() const;
  template <int D0, int D1> Concurrency::tiled_extent<D0, D1> tile() const;
  template <int D0, int D1, int D2>
  Concurrency::tiled_extent<D0, D1, D2> tile() const;
#else
  // hcc's compile-time spelling (hc::extent was C++ AMP's extent there):
  // e.tile<16, 16>() is e.tile(16, 16). Defined in tiled.hpp.
  template <int D0> tiled_extent<1> tile() const;
  template <int D0, int D1> tiled_extent<2> tile() const;
  template <int D0, int D1, int D2> tiled_extent<3> tile() const;
#endif

  // extent +/- index shifts the extent (C++ AMP).
  extent &operator+=(const index<N> &idx) {
    for (int i = 0; i < N; ++i)
      this->v_[i] += idx[i];
    return *this;
  }
  extent &operator-=(const index<N> &idx) {
    for (int i = 0; i < N; ++i)
      this->v_[i] -= idx[i];
    return *this;
  }
  extent operator+(const index<N> &idx) const {
    extent r(*this);
    return r += idx;
  }
  extent operator-(const index<N> &idx) const {
    extent r(*this);
    return r -= idx;
  }
  using base::operator+=;
  using base::operator-=;
};

namespace detail {

// Row-major linear offset of `idx` within `ext`.
template <int N>
HC_INLINE std::size_t linearize(const index<N> &idx, const extent<N> &ext) {
  std::size_t off = 0;
  for (int i = 0; i < N; ++i)
    off = off * static_cast<std::size_t>(ext[i]) +
          static_cast<std::size_t>(idx[i]);
  return off;
}

// Inverse of linearize.
template <int N>
HC_INLINE index<N> delinearize(std::size_t linear, const extent<N> &ext) {
  index<N> idx;
  if constexpr (N == 1) {
    // No division: 64-bit division is a long instruction sequence on GPUs
    // and rank 1 is the common case of every streaming kernel.
    (void)ext;
    idx[0] = static_cast<int>(linear);
    return idx;
  }
  for (int i = N - 1; i >= 0; --i) {
    std::size_t e = static_cast<std::size_t>(ext[i]);
    idx[i] = static_cast<int>(linear % e);
    linear /= e;
  }
  return idx;
}

// Inverse of linearize for linear ids below 2^32, with the divisions by the
// extents (all but the first) done by `dividers` (dividers[i] divides by
// ext[i]; fast_divide.hpp).
template <int N>
HC_INLINE index<N> delinearize(std::uint32_t linear, const extent<N> &ext,
                               const fast_divider (&dividers)[N]) {
  index<N> idx;
  for (int i = N - 1; i > 0; --i) {
    std::uint32_t quotient = dividers[i].divide(linear);
    idx[i] = static_cast<int>(linear -
                              quotient * static_cast<std::uint32_t>(ext[i]));
    linear = quotient;
  }
  idx[0] = static_cast<int>(linear);
  return idx;
}

} // namespace detail
} // namespace hc

// hcc's hc::index was an alias of Kalmar::index; code names either.
namespace Kalmar {
template <int N> using index = hc::index<N>;
} // namespace Kalmar

#endif // HC_DETAIL_INDEX_HPP
