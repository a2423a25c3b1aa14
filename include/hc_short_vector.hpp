// <hc_short_vector.hpp>: hcc's short vectors, in namespace hc::short_vector
// (docs/short-vectors.md).
//
//   char_1 .. char_16, uchar_N, short_N, ushort_N, int_N, uint_N, long_N,
//   ulong_N, longlong_N, ulonglong_N, half_N, float_N, double_N, norm_N,
//   unorm_N                 N = 1, 2, 3, 4, 8, 16
//   char1, int8, float4 ... the same types, spelled as hcc also spelled them
//   norm, unorm             a float clamped to [-1, 1] / [0, 1]
//   short_vector<T, N>::type, short_vector_traits<V>::value_type / size
//
// One component is a vector of one component (it has get_x(), ...), as in
// hcc; in C++ AMP mode (-std=c++amp) it is the scalar itself, as C++ AMP
// defines it, and the same types are Concurrency::graphics's
// (<amp_short_vectors.h>).
#ifndef HC_SHORT_VECTOR_HPP
#define HC_SHORT_VECTOR_HPP

#include <hc/detail/short_vector_types.hpp>
#include <hc_defines.h>

#include <type_traits>

namespace hc {
namespace short_vector {

// hcc's name of the class template (`__vector<float, 4>`).
template <class T, unsigned int N> using __vector = detail::vector<T, N>;

// short_vector<T, N>::type: the vector of N T's; in C++ AMP mode T itself
// for N == 1.
template <class T, int N> struct short_vector {
  static_assert(detail::is_component<T>::value,
                "short_vector<T, N>: T must be an integer type, float, "
                "double, hc::half, norm or unorm");
  static_assert(N == 1 || N == 2 || N == 3 || N == 4 || N == 8 || N == 16,
                "short_vector<T, N>: N must be 1, 2, 3, 4, 8 or 16");
#if defined(__HCC_AMP__) && __HCC_AMP__
  using type = typename std::conditional<N == 1, T,
                                         detail::vector<T, unsigned(N)>>::type;
#else
  using type = detail::vector<T, unsigned(N)>;
#endif
};

// short_vector_traits<V>: the component type and count of a short vector
// type, or of a scalar (a count of 1).
template <class V> struct short_vector_traits {
  static_assert(detail::is_component<V>::value,
                "short_vector_traits<V>: V must be an hc short vector or one "
                "of its component types");
  using value_type = V;
  static const int size = 1;
};
template <class T, unsigned int N>
struct short_vector_traits<detail::vector<T, N>> {
  using value_type = T;
  static const int size = N;
};

// The names of a component type's vectors. A name_1 is the scalar in C++
// AMP mode.
#if defined(__HCC_AMP__) && __HCC_AMP__
#define HC_SV_ONE(T) T
#else
#define HC_SV_ONE(T) detail::vector<T, 1>
#endif
#define HC_SV_TYPES(T, name)                                                   \
  using name##1 = HC_SV_ONE(T);                                                \
  using name##2 = detail::vector<T, 2>;                                        \
  using name##3 = detail::vector<T, 3>;                                        \
  using name##4 = detail::vector<T, 4>;                                        \
  using name##8 = detail::vector<T, 8>;                                        \
  using name##16 = detail::vector<T, 16>;                                      \
  using name##_1 = name##1;                                                    \
  using name##_2 = name##2;                                                    \
  using name##_3 = name##3;                                                    \
  using name##_4 = name##4;                                                    \
  using name##_8 = name##8;                                                    \
  using name##_16 = name##16;

HC_SV_TYPES(unsigned char, uchar)
HC_SV_TYPES(char, char)
HC_SV_TYPES(unsigned short, ushort)
HC_SV_TYPES(short, short)
HC_SV_TYPES(unsigned int, uint)
HC_SV_TYPES(int, int)
HC_SV_TYPES(unsigned long, ulong)
HC_SV_TYPES(long, long)
HC_SV_TYPES(unsigned long long, ulonglong)
HC_SV_TYPES(long long, longlong)
HC_SV_TYPES(hc::half, half)
HC_SV_TYPES(float, float)
HC_SV_TYPES(double, double)
HC_SV_TYPES(norm, norm)
HC_SV_TYPES(unorm, unorm)
#undef HC_SV_TYPES
#undef HC_SV_ONE

} // namespace short_vector
} // namespace hc

#endif // HC_SHORT_VECTOR_HPP
