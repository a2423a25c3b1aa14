// The short vector class template behind hc::short_vector::int_2 ...
// unorm_4 (docs/short-vectors.md): N = 2, 3 or 4 components of T (int,
// unsigned int, float, double, norm, unorm), C++ AMP 1.2's operators,
// constructors, conversions and swizzles.
//
// Layout: exactly T[N] (no padding, no alignment beyond T's), identical in
// both compilation passes, so vectors can be array / array_view elements and
// kernel captures. The copy constructor is trivial; the copy assignment is
// not (it copies the components, see members below).
#ifndef HC_DETAIL_SHORT_VECTOR_TYPES_HPP
#define HC_DETAIL_SHORT_VECTOR_TYPES_HPP

#include <hc/detail/short_vector_norm.hpp>
#include <hc/detail/short_vector_swizzle.hpp>

#include <type_traits>

namespace hc {
namespace short_vector {
namespace detail {

template <class T>
struct is_unit_float
    : std::integral_constant<bool, std::is_same<T, norm>::value ||
                                       std::is_same<T, unorm>::value> {};

// The component types C++ AMP defines vectors of.
template <class T>
struct is_component
    : std::integral_constant<bool, std::is_same<T, int>::value ||
                                       std::is_same<T, unsigned int>::value ||
                                       std::is_same<T, float>::value ||
                                       std::is_same<T, double>::value ||
                                       is_unit_float<T>::value> {};

// Types with a unary minus: all but unsigned int and unorm.
template <class T>
struct has_negation
    : std::integral_constant<bool, !std::is_unsigned<T>::value &&
                                       !std::is_same<T, unorm>::value> {};

// Storage and named members of an N-component vector: the component array
// in a union with one proxy per swizzle name (short_vector_swizzle.hpp), and
// get_/set_ for every name and ref_ for single components, as C++ AMP has
// them. Specialised per N because the names differ.
template <class T, int N> class members;

#define HC_SV_DECLARE_PROXY(xyzw, rgba, M, I0, I1, I2, I3)                     \
  swizzle<T, Size, M, I0, I1, I2, I3> xyzw, rgba;

#define HC_SV_DECLARE_ACCESSORS(xyzw, rgba, M, I0, I1, I2, I3)                 \
  swizzle_result<T, M> get_##xyzw() const { return xyzw.get(); }               \
  swizzle_result<T, M> get_##rgba() const { return rgba.get(); }               \
  void set_##xyzw(const swizzle_result<T, M> &v) { xyzw.set(v); }              \
  void set_##rgba(const swizzle_result<T, M> &v) { rgba.set(v); }

#define HC_SV_DECLARE_REF(xyzw, rgba, I)                                       \
  T &ref_##xyzw() { return data_[I]; }                                         \
  T &ref_##rgba() { return data_[I]; }

#define HC_SV_DEFINE_MEMBERS(N, NAMES, REFS)                                   \
  template <class T> class members<T, N> {                                     \
    static constexpr int Size = N;                                             \
                                                                               \
  public:                                                                      \
    union {                                                                    \
      T data_[N];                                                              \
      NAMES(HC_SV_DECLARE_PROXY)                                               \
    };                                                                         \
    NAMES(HC_SV_DECLARE_ACCESSORS)                                             \
    REFS                                                                       \
                                                                               \
  protected:                                                                   \
    members() : data_{} {}                                                     \
    members(const members &) = default;                                        \
    /* The proxies' assignments write only their own components, so the */     \
    /* union has no implicit copy assignment: copy the components.        */   \
    members &operator=(const members &o) {                                     \
      for (int i = 0; i < N; ++i)                                              \
        data_[i] = o.data_[i];                                                 \
      return *this;                                                            \
    }                                                                          \
  };

#define HC_SV_NAMES_2(F) HC_SV_SWIZZLES_1(F) HC_SV_SWIZZLES_2(F)
#define HC_SV_NAMES_3(F) HC_SV_NAMES_2(F) HC_SV_SWIZZLES_3(F)
#define HC_SV_NAMES_4(F) HC_SV_NAMES_3(F) HC_SV_SWIZZLES_4(F)
#define HC_SV_REFS_2 HC_SV_DECLARE_REF(x, r, 0) HC_SV_DECLARE_REF(y, g, 1)
#define HC_SV_REFS_3 HC_SV_REFS_2 HC_SV_DECLARE_REF(z, b, 2)
#define HC_SV_REFS_4 HC_SV_REFS_3 HC_SV_DECLARE_REF(w, a, 3)

HC_SV_DEFINE_MEMBERS(2, HC_SV_NAMES_2, HC_SV_REFS_2)
HC_SV_DEFINE_MEMBERS(3, HC_SV_NAMES_3, HC_SV_REFS_3)
HC_SV_DEFINE_MEMBERS(4, HC_SV_NAMES_4, HC_SV_REFS_4)

#undef HC_SV_DEFINE_MEMBERS
#undef HC_SV_DECLARE_PROXY
#undef HC_SV_DECLARE_ACCESSORS
#undef HC_SV_DECLARE_REF
#undef HC_SV_NAMES_2
#undef HC_SV_NAMES_3
#undef HC_SV_NAMES_4
#undef HC_SV_REFS_2
#undef HC_SV_REFS_3
#undef HC_SV_REFS_4

// Component-wise binary operator and its compound assignment. The result is
// converted back to T (int arithmetic on narrower types, clamping for norm).
#define HC_SV_BINARY(op)                                                       \
  friend vector operator op(const vector &a, const vector &b) {                \
    vector r;                                                                  \
    for (int i = 0; i < N; ++i)                                                \
      r.data_[i] = static_cast<T>(a.data_[i] op b.data_[i]);                   \
    return r;                                                                  \
  }                                                                            \
  vector &operator op##=(const vector &b) { return *this = *this op b; }

// The same, for integer components only (C++ AMP: int_N and uint_N).
#define HC_SV_INTEGER_BINARY(op)                                               \
  template <class U = T,                                                       \
            typename std::enable_if<std::is_integral<U>::value, int>::type = 0> \
  friend vector operator op(const vector &a, const vector &b) {                \
    vector r;                                                                  \
    for (int i = 0; i < N; ++i)                                                \
      r.data_[i] = static_cast<T>(a.data_[i] op b.data_[i]);                   \
    return r;                                                                  \
  }                                                                            \
  template <class U = T,                                                       \
            typename std::enable_if<std::is_integral<U>::value, int>::type = 0> \
  vector &operator op##=(const vector &b) {                                    \
    return *this = *this op b;                                                 \
  }

template <class T, int N> class vector : public members<T, N> {
  static_assert(is_component<T>::value,
                "hc short vectors hold int, unsigned int, float, double, "
                "norm or unorm");
  static_assert(N >= 2 && N <= 4, "hc short vectors have 2, 3 or 4 components");

  using members<T, N>::data_;
  template <class, int> friend class vector;

public:
  using value_type = T;
  static constexpr int size = N;

  // All components 0.
  vector() = default;
  vector(const vector &) = default;
  vector &operator=(const vector &) = default;

  // All components v.
  vector(T v) {
    for (int i = 0; i < N; ++i)
      data_[i] = v;
  }
  template <int M = N, typename std::enable_if<M == 2, int>::type = 0>
  vector(T x, T y) {
    data_[0] = x;
    data_[1] = y;
  }
  template <int M = N, typename std::enable_if<M == 3, int>::type = 0>
  vector(T x, T y, T z) {
    data_[0] = x;
    data_[1] = y;
    data_[2] = z;
  }
  template <int M = N, typename std::enable_if<M == 4, int>::type = 0>
  vector(T x, T y, T z, T w) {
    data_[0] = x;
    data_[1] = y;
    data_[2] = z;
    data_[3] = w;
  }

  // norm_N / unorm_N from floats (clamped), explicit as in C++ AMP.
  template <class F, class U = T,
            typename std::enable_if<std::is_same<F, float>::value &&
                                        is_unit_float<U>::value,
                                    int>::type = 0>
  explicit vector(F v) : vector(T(v)) {}
  template <class F, int M = N,
            typename std::enable_if<std::is_same<F, float>::value && M == 2 &&
                                        is_unit_float<T>::value,
                                    int>::type = 0>
  explicit vector(F x, F y) : vector(T(x), T(y)) {}
  template <class F, int M = N,
            typename std::enable_if<std::is_same<F, float>::value && M == 3 &&
                                        is_unit_float<T>::value,
                                    int>::type = 0>
  explicit vector(F x, F y, F z) : vector(T(x), T(y), T(z)) {}
  template <class F, int M = N,
            typename std::enable_if<std::is_same<F, float>::value && M == 4 &&
                                        is_unit_float<T>::value,
                                    int>::type = 0>
  explicit vector(F x, F y, F z, F w) : vector(T(x), T(y), T(z), T(w)) {}

  // From a vector of another component type: each component converted as
  // static_cast does (float to int truncates, to norm / unorm clamps).
  template <class U,
            typename std::enable_if<!std::is_same<U, T>::value, int>::type = 0>
  explicit vector(const vector<U, N> &o) {
    for (int i = 0; i < N; ++i)
      data_[i] = static_cast<T>(o.data_[i]);
  }

  HC_SV_BINARY(+)
  HC_SV_BINARY(-)
  HC_SV_BINARY(*)
  HC_SV_BINARY(/)
  HC_SV_INTEGER_BINARY(%)
  HC_SV_INTEGER_BINARY(^)
  HC_SV_INTEGER_BINARY(|)
  HC_SV_INTEGER_BINARY(&)
  HC_SV_INTEGER_BINARY(<<)
  HC_SV_INTEGER_BINARY(>>)

  // True iff every component is equal.
  friend bool operator==(const vector &a, const vector &b) {
    for (int i = 0; i < N; ++i)
      if (!(a.data_[i] == b.data_[i]))
        return false;
    return true;
  }
  friend bool operator!=(const vector &a, const vector &b) { return !(a == b); }

  template <class U = T,
            typename std::enable_if<has_negation<U>::value, int>::type = 0>
  vector operator-() const {
    vector r;
    for (int i = 0; i < N; ++i)
      r.data_[i] = static_cast<T>(-data_[i]);
    return r;
  }
  template <class U = T,
            typename std::enable_if<std::is_integral<U>::value, int>::type = 0>
  vector operator~() const {
    vector r;
    for (int i = 0; i < N; ++i)
      r.data_[i] = static_cast<T>(~data_[i]);
    return r;
  }

  vector &operator++() {
    for (int i = 0; i < N; ++i)
      ++data_[i];
    return *this;
  }
  vector &operator--() {
    for (int i = 0; i < N; ++i)
      --data_[i];
    return *this;
  }
  vector operator++(int) {
    vector old = *this;
    ++*this;
    return old;
  }
  vector operator--(int) {
    vector old = *this;
    --*this;
    return old;
  }
};

#undef HC_SV_BINARY
#undef HC_SV_INTEGER_BINARY

} // namespace detail
} // namespace short_vector
} // namespace hc

#endif // HC_DETAIL_SHORT_VECTOR_TYPES_HPP
