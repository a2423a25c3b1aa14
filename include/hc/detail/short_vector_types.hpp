// The short vector class template behind hc::short_vector::int_2 ...
// unorm_16 (docs/short-vectors.md): N = 1, 2, 3, 4, 8 or 16 components of
// T (any integer type but bool, float, double, hc::half, norm, unorm),
// with hcc's and C++ AMP 1.2's constructors, operators, conversions and
// swizzles. Layout and members: short_vector_storage.hpp.
#ifndef HC_DETAIL_SHORT_VECTOR_TYPES_HPP
#define HC_DETAIL_SHORT_VECTOR_TYPES_HPP

#include <hc/detail/short_vector_storage.hpp>

#include <type_traits>

namespace hc {
namespace short_vector {
namespace detail {

template <class T>
struct is_unit_float
    : std::integral_constant<bool, std::is_same<T, norm>::value ||
                                       std::is_same<T, unorm>::value> {};

template <class T>
struct is_half
    : std::integral_constant<bool, std::is_same<T, __fp16>::value ||
                                       std::is_same<T, _Float16>::value> {};

// The component types hcc defines vectors of: the integer types (bool has
// no arithmetic to speak of), float, double, hc::half, norm and unorm.
// (long double differs between the host and the GPU, so it is left out.)
template <class T>
struct is_component
    : std::integral_constant<
          bool, (std::is_integral<T>::value && !std::is_same<T, bool>::value) ||
                    std::is_same<T, float>::value ||
                    std::is_same<T, double>::value || is_half<T>::value ||
                    is_unit_float<T>::value> {};

// The component counts hcc defines.
template <unsigned int N>
struct is_size : std::integral_constant<bool, N == 1 || N == 2 || N == 3 ||
                                                  N == 4 || N == 8 || N == 16> {
};

// Scalars a vector can be filled from.
template <class U>
struct is_scalar_source
    : std::integral_constant<bool, std::is_arithmetic<U>::value ||
                                       is_half<U>::value ||
                                       is_unit_float<U>::value> {};

// Types with a unary minus: all but the unsigned integers and unorm.
template <class T>
struct has_negation
    : std::integral_constant<bool, !std::is_unsigned<T>::value &&
                                       !std::is_same<T, unorm>::value> {};

// A component converted as static_cast does (float to int truncates); to
// norm / unorm through float, which clamps; to half through float.
template <class T, class U> component_t<T> convert(const U &u) {
  if constexpr (is_unit_float<T>::value && !std::is_same<T, U>::value)
    return T(static_cast<float>(u));
  else if constexpr (is_half<T>::value)
    return static_cast<component_t<T>>(static_cast<float>(u));
  else
    return static_cast<T>(u);
}

// Component-wise binary operator and its compound assignment. The result is
// converted back to T (int arithmetic on narrower types wraps, norm clamps).
#define HC_SV_BINARY(op)                                                       \
  friend vector operator op(const vector &a, const vector &b) {                \
    vector r;                                                                  \
    for (unsigned int i = 0; i < N; ++i)                                       \
      r.ar[i] = static_cast<value_type>(a.ar[i] op b.ar[i]);                   \
    return r;                                                                  \
  }                                                                            \
  vector &operator op##=(const vector &b) { return *this = *this op b; }

// The same, for integer components only.
#define HC_SV_INTEGER_BINARY(op)                                               \
  template <class U = T, typename std::enable_if<std::is_integral<U>::value,   \
                                                 int>::type = 0>               \
  friend vector operator op(const vector &a, const vector &b) {                \
    vector r;                                                                  \
    for (unsigned int i = 0; i < N; ++i)                                       \
      r.ar[i] = static_cast<value_type>(a.ar[i] op b.ar[i]);                   \
    return r;                                                                  \
  }                                                                            \
  template <class U = T, typename std::enable_if<std::is_integral<U>::value,   \
                                                 int>::type = 0>               \
  vector &operator op##=(const vector &b) {                                    \
    return *this = *this op b;                                                 \
  }

// Enables a constructor of exactly K components.
#define HC_SV_IF_SIZE(K)                                                       \
  unsigned int M = N, typename std::enable_if<M == K, int>::type = 0

template <class T, unsigned int N> class vector : public storage<T, N> {
  static_assert(is_component<T>::value,
                "hc short vectors hold integers, float, double, hc::half, "
                "norm or unorm");
  static_assert(is_size<N>::value,
                "hc short vectors have 1, 2, 3, 4, 8 or 16 components");

  template <class, unsigned int> friend class vector;

  // Whether filling from a U is implicit: from any scalar, except that
  // norm_N / unorm_N take plain numbers only explicitly (C++ AMP).
  template <class U>
  static constexpr bool implicit_fill =
      std::is_same<U, T>::value || std::is_same<U, component_t<T>>::value ||
      (!is_unit_float<T>::value && is_scalar_source<U>::value) ||
      (std::is_same<T, norm>::value && std::is_same<U, unorm>::value);

public:
  // The components as hcc's union members (short_vector_storage.hpp).
  using storage<T, N>::ar;
  using storage<T, N>::data;

  using value_type = component_t<T>;
  static const unsigned int size = N;
  // hcc's names of the vector's own type, its extended vector type and its
  // storage.
  using __scalartype_N = vector;
  using vector_value_type = typename storage<T, N>::vector_value_type;
  using vector_container_type = storage<T, N>;

  // All components 0.
  vector() = default;
  vector(const vector &) = default;
  vector &operator=(const vector &) = default;

  // All components v (converted to T).
  template <class U,
            typename std::enable_if<
                is_scalar_source<U>::value && implicit_fill<U>, int>::type = 0>
  vector(U v) {
    fill(convert<T>(v));
  }
  template <class U,
            typename std::enable_if<
                is_scalar_source<U>::value && !implicit_fill<U>, int>::type = 0>
  explicit vector(U v) {
    fill(convert<T>(v));
  }

  // From the extended vector (hcc); norm / unorm lanes are clamped.
  vector(const vector_value_type &v) { set_vector(v); }

  // One value per component.
  template <HC_SV_IF_SIZE(2)> vector(value_type x, value_type y) : vector() {
    assign({x, y});
  }
  template <HC_SV_IF_SIZE(3)>
  vector(value_type x, value_type y, value_type z) : vector() {
    assign({x, y, z});
  }
  template <HC_SV_IF_SIZE(4)>
  vector(value_type x, value_type y, value_type z, value_type w) : vector() {
    assign({x, y, z, w});
  }
  template <HC_SV_IF_SIZE(8)>
  vector(value_type x, value_type y, value_type z, value_type w, value_type s4,
         value_type s5, value_type s6, value_type s7)
      : vector() {
    assign({x, y, z, w, s4, s5, s6, s7});
  }
  template <HC_SV_IF_SIZE(16)>
  vector(value_type x, value_type y, value_type z, value_type w, value_type s4,
         value_type s5, value_type s6, value_type s7, value_type s8,
         value_type s9, value_type sA, value_type sB, value_type sC,
         value_type sD, value_type sE, value_type sF)
      : vector() {
    assign({x, y, z, w, s4, s5, s6, s7, s8, s9, sA, sB, sC, sD, sE, sF});
  }

  // norm_N / unorm_N from floats (clamped), explicit as in C++ AMP.
  template <class F, HC_SV_IF_SIZE(2),
            typename std::enable_if<std::is_same<F, float>::value &&
                                        is_unit_float<T>::value,
                                    int>::type = 0>
  explicit vector(F x, F y) : vector(T(x), T(y)) {}
  template <class F, HC_SV_IF_SIZE(3),
            typename std::enable_if<std::is_same<F, float>::value &&
                                        is_unit_float<T>::value,
                                    int>::type = 0>
  explicit vector(F x, F y, F z) : vector(T(x), T(y), T(z)) {}
  template <class F, HC_SV_IF_SIZE(4),
            typename std::enable_if<std::is_same<F, float>::value &&
                                        is_unit_float<T>::value,
                                    int>::type = 0>
  explicit vector(F x, F y, F z, F w) : vector(T(x), T(y), T(z), T(w)) {}

  // From a vector of another component type: each component converted as
  // static_cast does (float to int truncates, to norm / unorm clamps).
  template <class U,
            typename std::enable_if<!std::is_same<U, T>::value, int>::type = 0>
  explicit vector(const vector<U, N> &o) {
    for (unsigned int i = 0; i < N; ++i)
      ar[i] = convert<T>(o.ar[i]);
  }

  // The components as an extended vector (hcc).
  vector_value_type get_vector() const { return data; }
  void set_vector(const vector_value_type &v) {
    data = v;
    if constexpr (is_unit_float<T>::value)
      for (unsigned int i = 0; i < N; ++i)
        ar[i] = T(static_cast<float>(ar[i]));
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
    for (unsigned int i = 0; i < N; ++i)
      if (!(a.ar[i] == b.ar[i]))
        return false;
    return true;
  }
  friend bool operator!=(const vector &a, const vector &b) { return !(a == b); }

  template <class U = T,
            typename std::enable_if<has_negation<U>::value, int>::type = 0>
  vector operator-() const {
    vector r;
    for (unsigned int i = 0; i < N; ++i)
      r.ar[i] = static_cast<value_type>(-ar[i]);
    return r;
  }
  template <class U = T,
            typename std::enable_if<std::is_integral<U>::value, int>::type = 0>
  vector operator~() const {
    vector r;
    for (unsigned int i = 0; i < N; ++i)
      r.ar[i] = static_cast<value_type>(~ar[i]);
    return r;
  }

  vector &operator++() { return *this += vector(value_type(1)); }
  vector &operator--() { return *this -= vector(value_type(1)); }
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

private:
  void fill(value_type v) {
    for (unsigned int i = 0; i < N; ++i)
      ar[i] = v;
  }
  void assign(const value_type (&v)[N]) {
    for (unsigned int i = 0; i < N; ++i)
      ar[i] = v[i];
  }
};

#undef HC_SV_BINARY
#undef HC_SV_INTEGER_BINARY
#undef HC_SV_IF_SIZE

} // namespace detail
} // namespace short_vector
} // namespace hc

#endif // HC_DETAIL_SHORT_VECTOR_TYPES_HPP
