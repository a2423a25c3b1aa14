// RUN: %hcc -std=c++amp %s -o %t && %t | FileCheck %s
// CHECK: amp: sum=(45,90,135,180) norm=(1,-1) uint=(1,2) traits ok
// <amp_short_vectors.h> in C++ AMP mode: Concurrency::graphics's vector
// types, norm / unorm and the traits, in a restrict(amp) kernel over an
// array_view of float_4 (C++ AMP's usual image-pixel pattern).
#include <amp.h>
#include <amp_short_vectors.h>
#include <cstdio>
#include <type_traits>
#include <vector>

using namespace concurrency;
using namespace concurrency::graphics;

static_assert(std::is_same<short_vector<float, 4>::type, float_4>::value, "short_vector");
static_assert(std::is_same<short_vector<int, 1>::type, int>::value, "short_vector<T, 1>");
static_assert(std::is_same<short_vector_traits<norm_2>::value_type, graphics::norm>::value, "traits");
static_assert(short_vector_traits<uint_3>::size == 3 && short_vector_traits<double>::size == 1, "traits");
static_assert(std::is_same<hc::short_vector::int_2, int_2>::value, "hc's types");

int main() {
  std::vector<float_4> pixels(10);
  for (int i = 0; i < 10; ++i)
    pixels[i] = float_4(float(i), float(2 * i), float(3 * i), float(4 * i));
  array_view<float_4, 1> av(10, pixels);
  float_4 sum(0.0f);
  array_view<float_4, 1> total(1, &sum);
  norm_2 n;
  array_view<norm_2, 1> nv(1, &n);
  uint_2 u;
  array_view<uint_2, 1> uv(1, &u);
  parallel_for_each(extent<1>(1), [=](index<1>) restrict(amp) {
    float_4 s(0.0f);
    for (int i = 0; i < 10; ++i)
      s += av[i].get_wzyx().wzyx * float_4(2.0f) / float_4(4.0f);  // chained swizzle: halves
    total[0] = s * float_4(2.0f);
    nv[0] = norm_2(s.get_x(), -s.get_y());
    uv[0] = uint_2(float_2(1.9f, 2.1f));
  });
  total.synchronize();
  nv.synchronize();
  uv.synchronize();
  std::printf("amp: sum=(%g,%g,%g,%g) norm=(%g,%g) uint=(%u,%u) traits ok\n",
              sum.get_x(), sum.get_y(), sum.get_z(), sum.get_w(),
              float(n.get_x()), float(n.get_y()), u.get_x(), u.get_y());
  return 0;
}
