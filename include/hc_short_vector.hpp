// <hc_short_vector.hpp>: hcc's short vectors, in namespace hc::short_vector
// (docs/short-vectors.md).
//
//   int_2 int_3 int_4      uint_2 ..     float_2 ..     double_2 ..
//   norm_2 .. unorm_4      norm, unorm (clamped floats)
//   int_1 == int, ...      (one component is the scalar, as in C++ AMP)
//   int2, float4, ...      (the same types, spelled as hcc also spelled them)
//   short_vector<T, N>::type, short_vector_traits<V>::value_type / size
//
// The same types are Concurrency::graphics's in C++ AMP mode
// (<amp_short_vectors.h>).
#ifndef HC_SHORT_VECTOR_HPP
#define HC_SHORT_VECTOR_HPP

#include <hc/detail/short_vector_types.hpp>

namespace hc {
namespace short_vector {

#define HC_SV_TYPES(T, name)                                                   \
  using name##_1 = T;                                                          \
  using name##_2 = detail::vector<T, 2>;                                       \
  using name##_3 = detail::vector<T, 3>;                                       \
  using name##_4 = detail::vector<T, 4>;                                       \
  using name##1 = T;                                                           \
  using name##2 = detail::vector<T, 2>;                                        \
  using name##3 = detail::vector<T, 3>;                                        \
  using name##4 = detail::vector<T, 4>;

HC_SV_TYPES(int, int)
HC_SV_TYPES(unsigned int, uint)
HC_SV_TYPES(float, float)
HC_SV_TYPES(double, double)
HC_SV_TYPES(norm, norm)
HC_SV_TYPES(unorm, unorm)
#undef HC_SV_TYPES

// short_vector<T, N>::type: the vector of N T's (T itself for N == 1).
template <class T, int N> struct short_vector {
  static_assert(detail::is_component<T>::value,
                "short_vector<T, N>: T must be int, unsigned int, float, "
                "double, norm or unorm");
  static_assert(N >= 1 && N <= 4, "short_vector<T, N>: N must be 1 to 4");
  using type =
      typename std::conditional<N == 1, T, detail::vector<T, (N < 2 ? 2 : N)>>::type;
};

// short_vector_traits<V>: the component type and count of a short vector
// type or of a scalar that short_vector<T, 1> names.
template <class V> struct short_vector_traits {
  static_assert(detail::is_component<V>::value,
                "short_vector_traits<V>: V must be an hc short vector or one "
                "of its component types");
  using value_type = V;
  static constexpr int size = 1;
};
template <class T, int N> struct short_vector_traits<detail::vector<T, N>> {
  using value_type = T;
  static constexpr int size = N;
};

} // namespace short_vector
} // namespace hc

#endif // HC_SHORT_VECTOR_HPP
