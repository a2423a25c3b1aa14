// Precise math in NVPTX device code rounds every operation as the library
// wrote it: no approximate instructions (sin.approx, ex2.approx, lg2.approx,
// rcp.approx...), no flush-to-zero (.ftz), and no multiply or add that
// ptxas or the backend may contract into an fma. CUDA's default
// -ffp-contract=fast did exactly that inside libclc's argument reductions
// and double-double steps (sin/cos/tan of large arguments, double fmod,
// remainder and remquo were wrong on the GPU, docs/math.md): the driver now
// gives the device pass -ffp-contract=fast-honor-pragmas, under which LLVM's
// NVPTX backend writes every uncontracted operation with .rn (ptxas never
// fuses those). A user's -ffp-contract=fast does not change that; "on" and
// "off" are the user's to choose.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/ptx-precise-rounding-hcc-sm_90.ptx
// RUN: mkdir %t/fast && cd %t/fast && %hcc -ffp-contract=fast -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/fast/out.o
// RUN: FileCheck %s < %t/fast/ptx-precise-rounding-hcc-sm_90.ptx

// RUN: %hcc -### -c %s -o %t/x.o --offload-arch=sm_90 2>&1 | FileCheck --check-prefix=FLAGS %s
// RUN: %hcc -### -ffp-contract=fast -c %s -o %t/x.o --offload-arch=sm_90 2>&1 | FileCheck --check-prefix=FLAGS %s
// RUN: %hcc -### -ffp-contract=off -c %s -o %t/x.o --offload-arch=sm_90 2>&1 | FileCheck --check-prefix=USER-OFF %s
// FLAGS: "--cuda-device-only"
// FLAGS-SAME: "-ffp-contract=fast-honor-pragmas"
// USER-OFF: "--cuda-device-only"
// USER-OFF-SAME: "-ffp-contract=off"
// USER-OFF-NOT: fast-honor-pragmas

// CHECK: .target sm_90
// CHECK-NOT: .approx
// CHECK-NOT: .ftz
// CHECK-NOT: {{(add|sub|mul)\.f(32|64)}}

#include <hc.hpp>

using namespace hc;

int main() {
  const int n = 64;
  array_view<float, 1> f(n);
  array_view<double, 1> d(n);
  array_view<int, 1> k(n);
  parallel_for_each(extent<1>(n), [=](index<1> i) [[hc]] {
    float x = f[i];
    double y = d[i];
    int q = 0;
    switch (i[0] % 8) {
    case 0:
      f[i] = precise_math::sin(x);
      d[i] = precise_math::sin(y);
      break;
    case 1:
      f[i] = precise_math::cos(x);
      d[i] = precise_math::tan(y);
      break;
    case 2:
      f[i] = precise_math::exp10(x);
      d[i] = precise_math::log(y);
      break;
    case 3:
      f[i] = precise_math::ldexp(x, k[i]);
      d[i] = precise_math::scalbn(y, k[i]);
      break;
    case 4:
      f[i] = precise_math::fmod(x, 3.5f);
      d[i] = precise_math::remainder(y, 0.75);
      break;
    case 5:
      f[i] = precise_math::remquo(x, 1.25f, &q);
      d[i] = precise_math::remquo(y, 1.25, &q);
      k[i] = q + precise_math::ilogb(x) + precise_math::ilogb(y);
      break;
    case 6:
      f[i] = precise_math::tgamma(x);
      d[i] = precise_math::tgamma(y);
      break;
    default:
      f[i] = precise_math::lgamma(x);
      d[i] = precise_math::pow(y, 1.5);
      break;
    }
  });
  return 0;
}
