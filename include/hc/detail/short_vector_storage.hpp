// The storage and named members of hc's short vectors
// (docs/short-vectors.md), specialised per component count because the
// names differ.
//
// A vector of N components of T is a union of
//   data       the components as a Clang extended vector (hcc's
//              vector_value_type): whole-vector access, `v.data.zyx`
//   ar[N]      the components as an array
//   x y z w s4 .. sF,  r g b a
//              one member per component, as hcc and C++ AMP name them
//   xy, zyx, bgra, ...
//              C++ AMP's swizzle properties (short_vector_swizzle.hpp),
//              all but `ar`, which is the array
// and has hcc's and C++ AMP's accessors: get_/set_ for every name (get_x,
// get_s5, get_zyx, get_bgra, ...) and ref_ for single components.
//
// Layout: that of the extended vector, as in hcc: N * sizeof(T) bytes,
// except 3 components, which take the room of 4 (sizeof(int_3) == 16).
// Alignment: the size rounded up to a power of two, at most 16 bytes, so
// vectors read from arrays of scalars (16-byte aligned) are aligned
// whatever the host's vector extensions; the same in every compilation
// pass. norm and unorm vectors store floats (norm and unorm are one
// float each).
#ifndef HC_DETAIL_SHORT_VECTOR_STORAGE_HPP
#define HC_DETAIL_SHORT_VECTOR_STORAGE_HPP

#include <hc/detail/short_vector_norm.hpp>
#include <hc/detail/short_vector_swizzle.hpp>

namespace hc {
namespace short_vector {
namespace detail {

// The scalar type of the extended vector: the component type, float for
// norm and unorm.
template <class T> struct lane { using type = component_t<T>; };
template <> struct lane<norm> { using type = float; };
template <> struct lane<unorm> { using type = float; };

// Bytes an extended vector of n lanes of b bytes occupies.
constexpr unsigned native_size(unsigned b, unsigned n) {
  unsigned s = b;
  while (s < b * n)
    s *= 2;
  return s;
}
constexpr unsigned native_align(unsigned b, unsigned n) {
  return native_size(b, n) < 16 ? native_size(b, n) : 16;
}

template <class T, unsigned int N> struct native {
  using lane_type = typename lane<T>::type;
  typedef lane_type type __attribute__((
      ext_vector_type(N), aligned(native_align(sizeof(lane_type), N))));
};

template <class T, unsigned int N> class storage;

// The swizzle proxies: none for single components (they are members).
#define HC_SV_PROXY_1(xyzw, rgba, M, I0, I1, I2, I3)
#define HC_SV_PROXY_2(xyzw, rgba, M, I0, I1, I2, I3)                           \
  swizzle<T, Size, M, I0, I1, I2, I3> xyzw, rgba;
#define HC_SV_PROXY_3 HC_SV_PROXY_2
#define HC_SV_PROXY_4 HC_SV_PROXY_2
#define HC_SV_DECLARE_PROXY(xyzw, rgba, M, I0, I1, I2, I3)                     \
  HC_SV_PROXY_##M(xyzw, rgba, M, I0, I1, I2, I3)

// ref_ for single components only.
#define HC_SV_REF_1(xyzw, rgba, I)                                             \
  value_type &ref_##xyzw() { return ar[I]; }                                   \
  value_type &ref_##rgba() { return ar[I]; }
#define HC_SV_REF_2(xyzw, rgba, I)
#define HC_SV_REF_3(xyzw, rgba, I)
#define HC_SV_REF_4(xyzw, rgba, I)

#define HC_SV_DECLARE_ACCESSORS(xyzw, rgba, M, I0, I1, I2, I3)                 \
  swizzle_result<T, M> get_##xyzw() const {                                    \
    return pick<T, M, I0, I1, I2, I3>(ar);                                     \
  }                                                                            \
  swizzle_result<T, M> get_##rgba() const {                                    \
    return pick<T, M, I0, I1, I2, I3>(ar);                                     \
  }                                                                            \
  void set_##xyzw(const swizzle_result<T, M> &v) {                             \
    put<T, M, I0, I1, I2, I3>(ar, v);                                          \
  }                                                                            \
  void set_##rgba(const swizzle_result<T, M> &v) {                             \
    put<T, M, I0, I1, I2, I3>(ar, v);                                          \
  }                                                                            \
  HC_SV_REF_##M(xyzw, rgba, I0)

// hcc's numbered accessors get_s0 .. get_sF.
#define HC_SV_DECLARE_NUMBERED(name, I)                                        \
  value_type get_##name() const { return ar[I]; }                              \
  void set_##name(value_type v) { ar[I] = v; }

#define HC_SV_STORAGE(N, XYZW, RGBA, NAMES, PROXIES, NUMBERED)                 \
  template <class T> class storage<T, N> {                                     \
    static constexpr int Size = N;                                             \
                                                                               \
  public:                                                                      \
    using value_type = component_t<T>;                                         \
    using vector_value_type = typename native<T, N>::type;                     \
    union {                                                                    \
      vector_value_type data;                                                  \
      value_type ar[N];                                                        \
      struct {                                                                 \
        value_type XYZW;                                                       \
      };                                                                       \
      struct {                                                                 \
        value_type RGBA;                                                       \
      };                                                                       \
      PROXIES                                                                  \
    };                                                                         \
    NAMES(HC_SV_DECLARE_ACCESSORS)                                             \
    NUMBERED(HC_SV_DECLARE_NUMBERED)                                           \
                                                                               \
  protected:                                                                   \
    storage() : data() {}                                                      \
    storage(const storage &) = default;                                        \
    /* The proxies' assignments write only their own components, so the */     \
    /* union has no implicit copy assignment: copy the whole vector.      */   \
    storage &operator=(const storage &o) {                                     \
      data = o.data;                                                           \
      return *this;                                                            \
    }                                                                          \
  };

#define HC_SV_XYZW_1 x
#define HC_SV_XYZW_2 x, y
#define HC_SV_XYZW_3 x, y, z
#define HC_SV_XYZW_4 x, y, z, w
#define HC_SV_XYZW_8 HC_SV_XYZW_4, s4, s5, s6, s7
#define HC_SV_XYZW_16 HC_SV_XYZW_8, s8, s9, sA, sB, sC, sD, sE, sF
#define HC_SV_RGBA_1 r
#define HC_SV_RGBA_2 r, g
#define HC_SV_RGBA_3 r, g, b
#define HC_SV_RGBA_4 r, g, b, a

#define HC_SV_NAMES_1(F) HC_SV_SWIZZLES_1(F)
#define HC_SV_NAMES_2(F) HC_SV_NAMES_1(F) HC_SV_SWIZZLES_2(F)
#define HC_SV_NAMES_3(F) HC_SV_NAMES_2(F) HC_SV_SWIZZLES_3(F)
#define HC_SV_NAMES_4(F) HC_SV_NAMES_3(F) HC_SV_SWIZZLES_4(F)

// The proxies of N components: those of every name but `ar` (see
// HC_SV_SWIZZLE_WX).
#define HC_SV_PROXIES_1
#define HC_SV_PROXIES_2 HC_SV_NAMES_2(HC_SV_DECLARE_PROXY)
#define HC_SV_PROXIES_3 HC_SV_NAMES_3(HC_SV_DECLARE_PROXY)
#define HC_SV_PROXIES_4                                                        \
  HC_SV_PROXIES_3 HC_SV_SWIZZLES_4_BUT_WX(HC_SV_DECLARE_PROXY)                 \
      swizzle<T, Size, 2, 3, 0, 0, 0>                                          \
          wx;

#define HC_SV_NUMBERED_1(F) F(s0, 0)
#define HC_SV_NUMBERED_2(F) HC_SV_NUMBERED_1(F) F(s1, 1)
#define HC_SV_NUMBERED_3(F) HC_SV_NUMBERED_2(F) F(s2, 2)
#define HC_SV_NUMBERED_4(F) HC_SV_NUMBERED_3(F) F(s3, 3)
#define HC_SV_NUMBERED_8(F)                                                    \
  HC_SV_NUMBERED_4(F) F(s4, 4) F(s5, 5) F(s6, 6) F(s7, 7)
#define HC_SV_NUMBERED_16(F)                                                   \
  HC_SV_NUMBERED_8(F)                                                          \
  F(s8, 8) F(s9, 9) F(sA, 10) F(sB, 11) F(sC, 12) F(sD, 13) F(sE, 14)          \
      F(sF, 15)

HC_SV_STORAGE(1, HC_SV_XYZW_1, HC_SV_RGBA_1, HC_SV_NAMES_1, HC_SV_PROXIES_1,
              HC_SV_NUMBERED_1)
HC_SV_STORAGE(2, HC_SV_XYZW_2, HC_SV_RGBA_2, HC_SV_NAMES_2, HC_SV_PROXIES_2,
              HC_SV_NUMBERED_2)
HC_SV_STORAGE(3, HC_SV_XYZW_3, HC_SV_RGBA_3, HC_SV_NAMES_3, HC_SV_PROXIES_3,
              HC_SV_NUMBERED_3)
HC_SV_STORAGE(4, HC_SV_XYZW_4, HC_SV_RGBA_4, HC_SV_NAMES_4, HC_SV_PROXIES_4,
              HC_SV_NUMBERED_4)
HC_SV_STORAGE(8, HC_SV_XYZW_8, HC_SV_RGBA_4, HC_SV_NAMES_4, HC_SV_PROXIES_4,
              HC_SV_NUMBERED_8)
HC_SV_STORAGE(16, HC_SV_XYZW_16, HC_SV_RGBA_4, HC_SV_NAMES_4, HC_SV_PROXIES_4,
              HC_SV_NUMBERED_16)

#undef HC_SV_STORAGE
#undef HC_SV_PROXY_1
#undef HC_SV_PROXY_2
#undef HC_SV_PROXY_3
#undef HC_SV_PROXY_4
#undef HC_SV_DECLARE_PROXY
#undef HC_SV_REF_1
#undef HC_SV_REF_2
#undef HC_SV_REF_3
#undef HC_SV_REF_4
#undef HC_SV_DECLARE_ACCESSORS
#undef HC_SV_DECLARE_NUMBERED
#undef HC_SV_XYZW_1
#undef HC_SV_XYZW_2
#undef HC_SV_XYZW_3
#undef HC_SV_XYZW_4
#undef HC_SV_XYZW_8
#undef HC_SV_XYZW_16
#undef HC_SV_RGBA_1
#undef HC_SV_RGBA_2
#undef HC_SV_RGBA_3
#undef HC_SV_RGBA_4
#undef HC_SV_NAMES_1
#undef HC_SV_NAMES_2
#undef HC_SV_NAMES_3
#undef HC_SV_NAMES_4
#undef HC_SV_PROXIES_1
#undef HC_SV_PROXIES_2
#undef HC_SV_PROXIES_3
#undef HC_SV_PROXIES_4
#undef HC_SV_NUMBERED_1
#undef HC_SV_NUMBERED_2
#undef HC_SV_NUMBERED_3
#undef HC_SV_NUMBERED_4
#undef HC_SV_NUMBERED_8
#undef HC_SV_NUMBERED_16

} // namespace detail
} // namespace short_vector
} // namespace hc

#endif // HC_DETAIL_SHORT_VECTOR_STORAGE_HPP
