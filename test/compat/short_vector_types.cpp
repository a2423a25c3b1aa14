// RUN: %hcc -hc %s -o %t && %t
// hcc's short vector types: every component type (char ... unsigned long
// long, half, float, double, norm, unorm) with 1, 2, 3, 4, 8 and 16
// components under all of hcc's names (char_3, char3, __vector<char, 3>,
// short_vector<char, 3>::type), their traits and layout, and their
// arithmetic in a kernel and on the host.
#include <hc.hpp>
#include <hc_short_vector.hpp>

#include <cstdio>
#include <type_traits>

using namespace hc;
using namespace hc::short_vector;

#define SAME_TYPES(T, name, N)                                                 \
  static_assert(std::is_same<name##_##N, name##N>::value, #name #N);           \
  static_assert(std::is_same<name##_##N, __vector<T, N>>::value, #name #N);    \
  static_assert(std::is_same<name##_##N,                                       \
                             hc::short_vector::short_vector<T, N>::type>::value, \
                #name #N);                                                     \
  static_assert(short_vector_traits<name##_##N>::size == N, #name #N);
#define ALL_SIZES(T, name)                                                     \
  SAME_TYPES(T, name, 1)                                                       \
  SAME_TYPES(T, name, 2)                                                       \
  SAME_TYPES(T, name, 3)                                                       \
  SAME_TYPES(T, name, 4)                                                       \
  SAME_TYPES(T, name, 8)                                                       \
  SAME_TYPES(T, name, 16)
ALL_SIZES(char, char)
ALL_SIZES(unsigned char, uchar)
ALL_SIZES(short, short)
ALL_SIZES(unsigned short, ushort)
ALL_SIZES(int, int)
ALL_SIZES(unsigned int, uint)
ALL_SIZES(long, long)
ALL_SIZES(unsigned long, ulong)
ALL_SIZES(long long, longlong)
ALL_SIZES(unsigned long long, ulonglong)
ALL_SIZES(hc::half, half)
ALL_SIZES(float, float)
ALL_SIZES(double, double)
ALL_SIZES(norm, norm)
ALL_SIZES(unorm, unorm)

static_assert(std::is_same<short_vector_traits<uchar_4>::value_type, unsigned char>::value, "");
static_assert(std::is_same<short_vector_traits<unorm_2>::value_type, unorm>::value, "");
static_assert(std::is_same<short_vector_traits<double>::value_type, double>::value &&
                  short_vector_traits<double>::size == 1, "");
static_assert(int8::size == 8 && std::is_same<int8::value_type, int>::value, "");

// hcc's layout: the extended vector's (3 components take the room of 4),
// aligned to its size up to 16 bytes.
static_assert(sizeof(char_1) == 1 && sizeof(char_3) == 4 && sizeof(char_16) == 16, "");
static_assert(sizeof(int_3) == 16 && sizeof(float_4) == 16 && sizeof(double_3) == 32, "");
static_assert(sizeof(long_16) == 128 && sizeof(half_8) == 16 && sizeof(norm_2) == 8, "");
static_assert(alignof(float_2) == 8 && alignof(int_3) == 16 && alignof(double_4) == 16, "");

#define CHECK(c)                                                               \
  do {                                                                         \
    if (!(c)) {                                                                \
      std::printf("FAILED line %d: %s\n", __LINE__, #c);                       \
      return 1;                                                                \
    }                                                                          \
  } while (0)

// Components i + 1 and 2 (i + 1): sum, difference, product, quotient,
// compared with the same operations on the components.
template <class V> int arithmetic_ok() [[cpu, hc]] {
  using T = typename V::value_type;
  V a, b;
  for (unsigned i = 0; i < V::size; ++i) {
    a.ar[i] = T(i % 5 + 1);
    b.ar[i] = T(2 * (i % 5 + 1));
  }
  V s = a + b, d = b - a, p = a * b, q = b / a;
  V inc = a;
  ++inc;
  for (unsigned i = 0; i < V::size; ++i) {
    if (s.ar[i] != T(a.ar[i] + b.ar[i]) || d.ar[i] != T(b.ar[i] - a.ar[i]) ||
        p.ar[i] != T(a.ar[i] * b.ar[i]) || q.ar[i] != T(2) ||
        inc.ar[i] != T(a.ar[i] + T(1)))
      return 0;
  }
  return a == a && a != b && V() == V(T(0)) && s.get_x() == T(3);
}

template <class... V> int all_ok() [[cpu, hc]] {
  return (arithmetic_ok<V>() + ...);
}
// One of each component type, every component count among them.
#define TYPES                                                                  \
  char_16, uchar_3, short_8, ushort_2, int_1, uint_4, long_16, ulong_3,        \
      longlong_2, ulonglong_1, half_4, float_8, double_3
constexpr int type_count = 13;

int main() {
  CHECK(all_ok<TYPES>() == type_count);
  int in_kernel = 0;
  array_view<int, 1> out(1, &in_kernel);
  parallel_for_each(extent<1>(1), [=](index<1>) [[hc]] { out[0] = all_ok<TYPES>(); });
  out.synchronize();
  CHECK(in_kernel == type_count);

  // Integer-only operators on narrow types wrap as the component type does.
  uchar_4 u(250), one(10);
  CHECK((u + one).get_x() == 4);
  char_2 c(100, -100);
  CHECK((c * char_2(2)).get_y() == char(-200));
  CHECK(((ushort_8(0xff00) >> ushort_8(8)) & ushort_8(0xf)).get_s7() == 0xf);
  CHECK((~ulonglong_2(0)).get_y() == ~0ull);
  // A vector and a scalar.
  CHECK((float_3(1.5f) * 2) == float_3(3.0f) && (2 * int_8(3)).get_s5() == 6);
  // Conversions between component types, the same count.
  CHECK(int_4(float_4(1.9f, -1.9f, 2.5f, 0.0f)) == int_4(1, -1, 2, 0));
  CHECK(float(half_2(double_2(0.5, 4.0)).get_y()) == 4.0f);
  CHECK(norm_2(float_2(-3.0f, 0.25f)) == norm_2(norm(-1.0f), norm(0.25f)));
  std::printf("short vector types ok\n");
  return 0;
}
