// The pass plugin leaves host modules alone: the host pass keeps main and
// every host function, and emits the kernel's host-side stub as usual.

// RUN: %clangxx -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version -Xclang --hipstdpar -D__KALMAR_CPU__=1 -fplugin=%hcc_clang_plugin -fpass-plugin=%hcc_pass_plugin -I %S/Inputs -O0 -S -emit-llvm %s -o - | FileCheck %s
// RUN: %clangxx -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version -Xclang --hipstdpar -D__KALMAR_CPU__=1 -fplugin=%hcc_clang_plugin -fpass-plugin=%hcc_pass_plugin -I %S/Inputs -O2 -S -emit-llvm %s -o - | FileCheck --check-prefix=OPT %s

// CHECK-DAG: define {{.*}} @main(
// CHECK-DAG: define {{.*}} @_Z9host_sidei(
// CHECK-DAG: declare {{.*}} @puts(
// OPT: define {{.*}} @main(

#include "kernel.h"
#include <cstdio>

float host_only(float);
int host_side(int x) { return x * 5; }

int main() {
  float *p = nullptr;
  std::puts(launch([=](unsigned i) { p[i] = host_only(i); }, 64));
  return host_side(1);
}
