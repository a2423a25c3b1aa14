// RUN: %hcc -hc %s -o %t && %t
// hcc's members of a short vector, in a kernel and on the host: the
// extended vector `data` (vector_value_type; `v.data.zyx` and whole-vector
// arithmetic), the array `ar`, the components x y z w s4 .. sF as members
// and through get_s0 .. get_sF / set_, get_vector / set_vector, the
// constructor from a vector_value_type, and norm / unorm's get, set, min
// and max.
#include <hc.hpp>
#include <hc_short_vector.hpp>

#include <cstdio>
#include <type_traits>

using namespace hc;
using namespace hc::short_vector;

static_assert(std::is_same<float_4::__scalartype_N, float_4>::value, "");
static_assert(std::is_same<decltype(float_4().data), float_4::vector_value_type>::value, "");

// Each check adds one bit to the result, so that a failure says which.
int members(int seed) [[cpu, hc]] {
  int ok = 0, bit = 0;
  auto expect = [&](bool c) { ok |= int(c) << bit++; };

  float_4 v(1.0f + seed, 2.0f, 3.0f, 4.0f);
  expect(v.x == 1.0f + seed && v.y == 2 && v.z == 3 && v.w == 4);
  expect(v.ar[0] == v.x && v.ar[3] == v.w && v.get_s2() == 3.0f);
  float_4::vector_value_type d = v.data;
  expect(d.w == 4.0f && d.s1 == 2.0f);
  float_3 zyx(v.data.zyx);            // swizzle of the extended vector
  expect(zyx == float_3(3.0f, 2.0f, 1.0f + seed));
  v.data.xy = v.data.yx;              // written through data
  expect(v.get_x() == 2.0f && v.get_y() == 1.0f + seed);
  v.x += 10;                          // a component is a float
  v.set_s3(-1.0f);
  expect(v.get_vector().x == 12.0f && v.w == -1.0f);
  v.set_vector(v.data * 2.0f);
  expect(v == float_4(24.0f, 2.0f + 2 * seed, 6.0f, -2.0f));

  int16 big;
  for (int i = 0; i < 16; ++i)
    big.ar[i] = i;
  expect(big.s4 == 4 && big.s9 == 9 && big.sA == 10 && big.sF == 15);
  expect(big.get_sB() == 11 && big.get_w() == 3 && big.get_wzyx() == int_4(3, 2, 1, 0));
  big.set_sE(-14);
  big.sD = -13;
  expect(big.get_s8() == 8 && big.ar[13] == -13 && big.ar[14] == -14);
  int8 eight(0, 1, 2, 3, 4, 5, 6, 7);
  expect(eight.s7 == 7 && eight.get_s5() == 5 && eight.get_xyzw() == int_4(0, 1, 2, 3));

  // norm vectors store floats and clamp what the extended vector brings.
  norm_2 n(norm_2::vector_value_type{2.0f, -0.5f});
  expect(n.get_x() == norm(1.0f) && float(n.y) == -0.5f);
  unorm u;
  u.set(3.0f);
  expect(u.get() == 1.0f && unorm::min == 0.0f && norm::min == -1.0f && norm::max == 1.0f);

  // One component: a vector with get_x, set_x and x.
  int_1 one(5);
  one.set_x(one.get_x() + one.x);
  expect(one.get_s0() == 10 && one.data.x == 10);
  return ok;
}

int main() {
  const int all = (1 << 14) - 1;
  int on_host = members(0), in_kernel = 0;
  array_view<int, 1> out(1, &in_kernel);
  parallel_for_each(extent<1>(1), [=](index<1>) [[hc]] { out[0] = members(0); });
  out.synchronize();
  if (on_host != all || in_kernel != all) {
    std::printf("FAILED: checks passed on the host %#x, in the kernel %#x, want %#x\n",
                on_host, in_kernel, all);
    return 1;
  }
  return 0;
}
