// A libm function the device math library does not have (the Bessel
// functions, erfinv, ...; docs/math.md) is a compile error naming it, with
// the kernel's call chain, not an unresolved symbol at load time.

// RUN: not env HCC_OFFLOAD_ARCH=sm_90 %hcc -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: error: kernel {{.*}} calls '__nv_j0f', which has no definition for the device
// CHECK-SAME: call chain:

// The same on AMDGPU, where Clang's HIP headers call ROCm's ocml name.
// RUN: not env HCC_OFFLOAD_ARCH=gfx90a %hcc -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=AMDGPU
// AMDGPU: error: kernel {{.*}} calls '__ocml_j0_f32', which has no definition for the device

#include <hc.hpp>

#include <cmath>

int main() {
  hc::array_view<float, 1> a(16);
  hc::parallel_for_each(a.get_extent(), [=](hc::index<1> i) [[hc]] {
    a[i] = j0f(a[i]);
  });
}
