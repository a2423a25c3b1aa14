// Swizzles of hc's short vectors: the member proxies `v.xy`, `v.zyx`, ...
// (C++ AMP's properties of two or more components) and the lists of
// swizzle names. Single components (`v.x`, `v.r`) are plain members of the
// vector (short_vector_storage.hpp).
//
// A vector is a union of its components and one proxy per name. Every
// proxy is a standard-layout struct whose only member is the same `C[N]`
// as the vector's component array, so each one sees the vector's
// components and picks its own. Reading a proxy converts it to a short
// vector of the picked components; assigning to it writes them back.
#ifndef HC_DETAIL_SHORT_VECTOR_SWIZZLE_HPP
#define HC_DETAIL_SHORT_VECTOR_SWIZZLE_HPP

#include <type_traits>

namespace hc {
namespace short_vector {
namespace detail {

template <class T, unsigned int N> class vector;

// The type a vector of T's stores and hands out for each component: T
// itself, except for __fp16 (hc::half), which Clang lets no function take or
// return on x86 or NVPTX: its vectors hold _Float16, the same IEEE
// half-precision value in a type that can be passed.
template <class T> struct component { using type = T; };
template <> struct component<__fp16> { using type = _Float16; };
template <class T> using component_t = typename component<T>::type;

// What a swizzle of M components reads as: the component itself for M == 1,
// otherwise a vector of M components.
template <class T, int M>
using swizzle_result =
    typename std::conditional<M == 1, component_t<T>,
                              vector<T, (M < 2 ? 2 : M)>>::type;

// The components I0..I(M-1) of the component array c, as a swizzle of M
// components reads them.
template <class T, int M, int I0, int I1, int I2, int I3>
swizzle_result<T, M> pick(const component_t<T> *c) {
  if constexpr (M == 1)
    return c[I0];
  else if constexpr (M == 2)
    return swizzle_result<T, M>(c[I0], c[I1]);
  else if constexpr (M == 3)
    return swizzle_result<T, M>(c[I0], c[I1], c[I2]);
  else
    return swizzle_result<T, M>(c[I0], c[I1], c[I2], c[I3]);
}

// Writes v's components to c[I0]..c[I(M-1)].
template <class T, int M, int I0, int I1, int I2, int I3>
void put(component_t<T> *c, const swizzle_result<T, M> &v) {
  if constexpr (M == 1) {
    c[I0] = v;
  } else {
    c[I0] = v.get_x();
    c[I1] = v.get_y();
    if constexpr (M > 2)
      c[I2] = v.get_z();
    if constexpr (M > 3)
      c[I3] = v.get_w();
  }
}

// Proxy for the components I0..I(M-1) (M >= 2) of an N-component vector.
// All names C++ AMP defines pick distinct components, so every proxy is
// assignable. R, the result type, is a template argument so that
// argument-dependent lookup finds the vector's operators for proxies
// (`a.xy + b.yx`).
template <class T, int N, int M, int I0, int I1, int I2, int I3,
          class R = swizzle_result<T, M>>
struct swizzle {
  using result_type = R;

  component_t<T> d_[N];

  swizzle() = default;
  // Trivial, so the vector keeps a trivial copy constructor.
  swizzle(const swizzle &) = default;

  result_type get() const { return pick<T, M, I0, I1, I2, I3>(d_); }
  void set(const result_type &v) { put<T, M, I0, I1, I2, I3>(d_, v); }

  operator result_type() const { return get(); }

  swizzle &operator=(const result_type &v) {
    set(v);
    return *this;
  }
  // `a.xy = b.xy` assigns the picked components, not the whole vector (the
  // implicit copy assignment would copy all of d_).
  swizzle &operator=(const swizzle &o) {
    set(o.get());
    return *this;
  }

  swizzle &operator+=(const result_type &v) { return *this = get() + v; }
  swizzle &operator-=(const result_type &v) { return *this = get() - v; }
  swizzle &operator*=(const result_type &v) { return *this = get() * v; }
  swizzle &operator/=(const result_type &v) { return *this = get() / v; }
};

} // namespace detail
} // namespace short_vector
} // namespace hc

// The swizzle names, grouped by the highest component they use, so that a
// vector of N components takes the groups 1..min(N, 4). Each entry is
//   F(xyzw-name, rgba-name, number of components, indices...)
// with unused indices 0.
#define HC_SV_SWIZZLES_1(F) F(x, r, 1, 0, 0, 0, 0)

#define HC_SV_SWIZZLES_2(F)                                                    \
  F(y, g, 1, 1, 0, 0, 0)                                                       \
  F(xy, rg, 2, 0, 1, 0, 0) F(yx, gr, 2, 1, 0, 0, 0)

#define HC_SV_SWIZZLES_3(F)                                                    \
  F(z, b, 1, 2, 0, 0, 0)                                                       \
  F(xz, rb, 2, 0, 2, 0, 0)                                                     \
  F(zx, br, 2, 2, 0, 0, 0) F(yz, gb, 2, 1, 2, 0, 0) F(zy, bg, 2, 2, 1, 0, 0)   \
      F(xyz, rgb, 3, 0, 1, 2, 0) F(xzy, rbg, 3, 0, 2, 1, 0)                    \
          F(yxz, grb, 3, 1, 0, 2, 0) F(yzx, gbr, 3, 1, 2, 0, 0)                \
              F(zxy, brg, 3, 2, 0, 1, 0) F(zyx, bgr, 3, 2, 1, 0, 0)

#define HC_SV_SWIZZLES_4(F) HC_SV_SWIZZLES_4_BUT_WX(F) HC_SV_SWIZZLE_WX(F)

// w and x, whose rgba name is also that of hcc's component array `ar`: a
// vector has get_ar() and set_ar(), and `ar` is the array.
#define HC_SV_SWIZZLE_WX(F) F(wx, ar, 2, 3, 0, 0, 0)

#define HC_SV_SWIZZLES_4_BUT_WX(F)                                             \
  F(w, a, 1, 3, 0, 0, 0)                                                       \
  F(xw, ra, 2, 0, 3, 0, 0)                                                     \
  F(yw, ga, 2, 1, 3, 0, 0)                                                     \
  F(wy, ag, 2, 3, 1, 0, 0) F(zw, ba, 2, 2, 3, 0, 0) F(wz, ab, 2, 3, 2, 0, 0)   \
      HC_SV_SWIZZLES_4_3(F) HC_SV_SWIZZLES_4_4(F)

// Three of four components, one of them w: for each pair (p, q) of x, y, z
// the six orders of p, q, w.
#define HC_SV_SWIZZLES_4_3(F)                                                  \
  F(xyw, rga, 3, 0, 1, 3, 0)                                                   \
  F(xwy, rag, 3, 0, 3, 1, 0) F(yxw, gra, 3, 1, 0, 3, 0)                        \
      F(ywx, gar, 3, 1, 3, 0, 0) F(wxy, arg, 3, 3, 0, 1, 0)                    \
          F(wyx, agr, 3, 3, 1, 0, 0) F(xzw, rba, 3, 0, 2, 3, 0)                \
              F(xwz, rab, 3, 0, 3, 2, 0) F(zxw, bra, 3, 2, 0, 3, 0)            \
                  F(zwx, bar, 3, 2, 3, 0, 0) F(wxz, arb, 3, 3, 0, 2, 0)        \
                      F(wzx, abr, 3, 3, 2, 0, 0) F(yzw, gba, 3, 1, 2, 3, 0)    \
                          F(ywz, gab, 3, 1, 3, 2, 0)                           \
                              F(zyw, bga, 3, 2, 1, 3, 0)                       \
                                  F(zwy, bag, 3, 2, 3, 1, 0)                   \
                                      F(wyz, agb, 3, 3, 1, 2, 0)               \
                                          F(wzy, abg, 3, 3, 2, 1, 0)

// All 24 orders of x, y, z, w, by first component.
#define HC_SV_SWIZZLES_4_4(F)                                                  \
  F(xyzw, rgba, 4, 0, 1, 2, 3)                                                 \
  F(xywz, rgab, 4, 0, 1, 3, 2) F(xzyw, rbga, 4, 0, 2, 1, 3)                    \
      F(xzwy, rbag, 4, 0, 2, 3, 1) F(xwyz, ragb, 4, 0, 3, 1, 2)                \
          F(xwzy, rabg, 4, 0, 3, 2, 1) F(yxzw, grba, 4, 1, 0, 2, 3)            \
              F(yxwz, grab, 4, 1, 0, 3, 2) F(yzxw, gbra, 4, 1, 2, 0, 3) F(     \
                  yzwx, gbar, 4, 1, 2, 3, 0) F(ywxz, garb, 4, 1, 3, 0, 2)      \
                  F(ywzx, gabr, 4, 1, 3, 2, 0) F(zxyw, brga, 4, 2, 0, 1, 3) F( \
                      zxwy, brag, 4, 2, 0, 3, 1) F(zyxw, bgra, 4, 2, 1, 0, 3)  \
                      F(zywx, bgar, 4, 2, 1, 3, 0)                             \
                          F(zwxy, barg, 4, 2, 3, 0, 1)                         \
                              F(zwyx, bagr, 4, 2, 3, 1, 0) F(wxyz, argb, 4, 3, \
                                                             0, 1, 2)          \
                                  F(wxzy, arbg, 4, 3, 0, 2, 1)                 \
                                      F(wyxz, agrb, 4, 3, 1, 0, 2)             \
                                          F(wyzx, agbr, 4, 3, 1, 2, 0)         \
                                              F(wzxy, abrg, 4, 3, 2, 0, 1)     \
                                                  F(wzyx, abgr, 4, 3, 2, 1, 0)

#endif // HC_DETAIL_SHORT_VECTOR_SWIZZLE_HPP
