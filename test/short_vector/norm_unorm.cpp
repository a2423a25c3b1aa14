// RUN: %hcc %s -o %t && %t | FileCheck %s
// CHECK: norm/unorm: clamping ok in a kernel and on the host
// norm clamps to [-1, 1] and unorm to [0, 1] wherever a value enters:
// construction from float / double / int / unsigned, assignment from float,
// + - * /, compound assignment, ++/--, conversion between norm and unorm,
// norm_N / unorm_N constructors and conversions from float_N, vector
// arithmetic. NaN becomes 0; infinities clamp. Unary minus of norm.
// Compared in a kernel and on the host against expectations written here.
#include <hc.hpp>
#include <hc_short_vector.hpp>
#include <cmath>
#include <cstdio>
#include <limits>
#include <vector>

using namespace hc::short_vector;

// The device pass also sees CUDA's global ::norm(int, const float *) (Clang's
// CUDA math header): an unqualified `norm` needs a declaration that hides it
// (docs/short-vectors.md).
namespace checks {
using hc::short_vector::norm;

constexpr int count = 48;

// Every value is a float so the kernel and the host produce the same list.
static void compute(float *o) {
  const float inf = std::numeric_limits<float>::infinity();
  const float nan = std::numeric_limits<float>::quiet_NaN();
  int k = 0;
  o[k++] = norm(2.5f);  o[k++] = norm(-7.0f); o[k++] = norm(0.5f);   o[k++] = norm(nan);
  o[k++] = norm(inf);   o[k++] = norm(-inf);  o[k++] = norm(-3);     o[k++] = norm(1u);
  o[k++] = norm(-0.25); o[k++] = unorm(-0.5f); o[k++] = unorm(1.5f); o[k++] = unorm(nan);
  o[k++] = unorm(0.75); o[k++] = unorm(5u);   o[k++] = unorm(-inf);  o[k++] = unorm(2);
  // arithmetic clamps
  o[k++] = norm(0.75f) + norm(0.5f);   o[k++] = norm(-0.75f) - norm(0.5f);
  o[k++] = norm(-1.0f) * norm(-1.0f);  o[k++] = norm(0.5f) / norm(0.25f);
  o[k++] = unorm(0.25f) - unorm(0.5f); o[k++] = unorm(0.5f) / unorm(0.25f);
  o[k++] = unorm(0.5f) * unorm(0.5f);  o[k++] = -norm(0.5f);
  norm n(0.5f); n += norm(0.75f);  o[k++] = n;   // 1
  n = -3.0f;                       o[k++] = n;   // -1
  ++n; ++n; ++n;                   o[k++] = n;   // 1
  unorm u(0.5f); o[k++] = u++;     o[k++] = u;   // 0.5, then 1
  u--; --u;                        o[k++] = u;   // 0
  o[k++] = unorm(norm(-0.5f));     o[k++] = norm(unorm(0.5f));
  // vectors
  norm_4 nv(2.0f, -2.0f, 0.25f, nan);
  o[k++] = nv.get_x(); o[k++] = nv.get_y(); o[k++] = nv.get_z(); o[k++] = nv.get_w();
  unorm_3 uv(float_3(-1.0f, 0.5f, 9.0f));
  o[k++] = uv.get_x(); o[k++] = uv.get_y(); o[k++] = uv.get_z();
  norm_2 s = norm_2(0.75f, -0.75f) + norm_2(0.5f, -0.5f);   // (1, -1)
  o[k++] = s.get_x(); o[k++] = s.get_y();
  norm_2 m = -norm_2(unorm_2(0.25f));                        // (-0.25, -0.25)
  o[k++] = m.get_y();
  float_2 f(norm_2(-4.0f, 0.5f));
  o[k++] = f.get_x(); o[k++] = f.get_y();
  unorm_2 w(norm_2(-0.5f, 0.5f));                            // (0, 0.5)
  o[k++] = w.get_x() + w.get_y();
  o[k++] = (norm(0.5f) == norm(2.0f) / norm(2.0f)) ? 1.0f : 0.0f;  // 0.5 != 1
  o[k++] = (unorm(3.0f) >= unorm(1.0f) && norm(-2.0f) < norm(0.0f)) ? 1.0f : 0.0f;
  o[k++] = float(NORM_MIN) + float(UNORM_MAX) + float(NORM_ZERO);   // 0
}

static const float expected[count] = {
  1, -1, 0.5f, 0, 1, -1, -1, 1, -0.25f, 0, 1, 0, 0.75f, 1, 0, 1,
  1, -1, 1, 1, 0, 1, 0.25f, -0.5f,
  1, -1, 1, 0.5f, 1, 0, 0, 0.5f,
  1, -1, 0.25f, 0, 0, 0.5f, 1, 1, -1, -0.25f, -1, 0.5f, 0.5f, 0, 1, 0,
};
} // namespace checks
using checks::compute;
using checks::count;
using checks::expected;

int main() {
  std::vector<float> host(count), dev(count);
  compute(host.data());
  hc::array_view<float, 1> av(count, dev);
  hc::parallel_for_each(hc::extent<1>(1), [=](hc::index<1>) [[hc]] { compute(av.data()); }).wait();
  av.synchronize();
  for (int k = 0; k < count; ++k)
    if (host[k] != expected[k] || dev[k] != expected[k]) {
      std::fprintf(stderr, "FAILED value %d: host %g kernel %g expected %g\n", k, host[k], dev[k], expected[k]);
      return 1;
    }
  static_assert(sizeof(norm_4) == 4 * sizeof(float) && sizeof(unorm) == sizeof(float), "layout");
  std::printf("norm/unorm: clamping ok in a kernel and on the host\n");
  return 0;
}
