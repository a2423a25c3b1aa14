// The device PTX holds the kernels and what they reach, nothing else: no
// main, no host-only function, no .extern for what host code calls.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -I %S/Inputs -c %s -o %t/out.o
// RUN: FileCheck %s < %t/prune-host-code-hcc-sm_90.ptx

// CHECK-NOT: {{ main\(}}
// CHECK-NOT: .extern
// CHECK-NOT: puts
// CHECK-NOT: unused_helper
// CHECK-DAG: .func {{.*}}_Z11kept_helperi(
// CHECK-DAG: .visible .entry _Z12kernel_entryIZ4mainEUljE_Ev4ArgsIT_E(
// CHECK-NOT: {{ main\(}}
// CHECK-NOT: .extern
// CHECK-NOT: unused_helper

#include "kernel.h"
#include <cstdio>

__attribute__((noinline)) int kept_helper(int x) { return x * 2 + 1; }
int unused_helper(int x) { return x * 3; }

int main() {
  int *p = nullptr;
  std::puts(launch([=](unsigned i) { p[i] = kept_helper(i); }, 64));
  return unused_helper(1);
}
