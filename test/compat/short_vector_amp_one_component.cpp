// RUN: %hcc -std=c++amp %s -o %t && %t
// In C++ AMP mode a one-component short vector is the scalar itself, as
// C++ AMP defines it (hcc did the same): int_1 is int, short_vector<T, 1>
// names T; the larger vectors are those of hc mode.
#include <amp.h>
#include <hc_short_vector.hpp>

#include <type_traits>

using namespace hc::short_vector;

static_assert(std::is_same<int_1, int>::value && std::is_same<char1, char>::value, "");
static_assert(std::is_same<norm_1, norm>::value && std::is_same<double_1, double>::value, "");
static_assert(std::is_same<hc::short_vector::short_vector<unsigned char, 1>::type,
                           unsigned char>::value, "");
static_assert(std::is_same<hc::short_vector::short_vector<unsigned char, 4>::type,
                           uchar_4>::value && uchar_4::size == 4, "");

int main() {
  int_1 sum = 0;
  concurrency::array_view<int, 1> out(1, &sum);
  concurrency::parallel_for_each(concurrency::extent<1>(1),
                                 [=](concurrency::index<1>) restrict(amp) {
    int_1 a = 20;
    out[0] = a + uchar_4(22).get_w();
  });
  out.synchronize();
  return sum == 42 ? 0 : 1;
}
