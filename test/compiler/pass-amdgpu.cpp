// The pass plugin prunes and checks AMDGPU device modules (amdgpu_kernel)
// as it does NVPTX ones. The driver has no AMDGPU backend yet, so this
// drives clang directly, as hcc's device pass for gfx90a will.

// RUN: %clangxx -x hip --cuda-device-only --offload-arch=gfx90a -nogpulib -nogpuinc -Xclang --hipstdpar -D__KALMAR_ACCELERATOR__=1 -fplugin=%hcc_clang_plugin -fpass-plugin=%hcc_pass_plugin -I %S/Inputs -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: not %clangxx -x hip --cuda-device-only --offload-arch=gfx90a -nogpulib -nogpuinc -Xclang --hipstdpar -D__KALMAR_ACCELERATOR__=1 -fplugin=%hcc_clang_plugin -fpass-plugin=%hcc_pass_plugin -I %S/Inputs -gline-tables-only -DBAD -S %s -o %t.s 2>&1 | FileCheck --check-prefix=BAD %s

// CHECK-NOT: @main
// CHECK-NOT: host_side
// CHECK-DAG: define amdgpu_kernel void @_Z12kernel_entryIZ4mainEUljE_Ev4ArgsIT_E(
// CHECK-DAG: define internal {{.*}} @_Z6helperi(
// CHECK-NOT: @main
// CHECK-NOT: host_side

#include "kernel.h"

int helper(int x) { return x + 1; }
int host_side(int x) { return x * 5; }
float host_only(float);

int main() {
  int *p = nullptr;
  launch([=](unsigned i) { p[i] = helper(i); }, 64);
#ifdef BAD
  launch([=](unsigned i) { p[i] = host_only(i); }, 64);
  // BAD: pass-amdgpu.cpp:[[@LINE-1]]:35: error: kernel 'kernel_entry<main::'lambda0'(unsigned int)>' calls 'host_only(float)', which has no definition for the device
  // BAD: 1 error generated when compiling for gfx90a.
#endif
  return host_side(1);
}
