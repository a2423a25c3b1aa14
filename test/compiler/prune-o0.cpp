// Pruning also happens at -O0, where nothing is inlined or dropped by the
// optimiser: every function the kernel calls stays, nothing else does.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -O0 -save-temps=cwd --offload-arch=sm_90 -I %S/Inputs -c %s -o %t/out.o
// RUN: FileCheck %s < %t/prune-o0-hcc-sm_90.ptx

// CHECK-NOT: .extern
// CHECK-DAG: .visible .entry _Z12kernel_entryIZ4mainEUljE_Ev4ArgsIT_E(
// CHECK-DAG: .func {{.*}}_Z6level1ii(
// CHECK-DAG: .func {{.*}}_Z6level2i(
// The lambda's call operator, internal to the device module now.
// CHECK-DAG: .func _ZZ4mainENKUljE_clEj(
// CHECK-NOT: .visible .func
// CHECK-NOT: host_side
// CHECK-NOT: {{ main\(}}

#include "kernel.h"
#include <cstdio>

int level2(int x) { return x + 1; }
int level1(int x, int y) { return level2(x) * y; }
void host_side(const char *s) { std::printf("%s\n", s); }

int main() {
  int *p = nullptr;
  host_side(launch([=](unsigned i) { p[i] = level1(i, 2); }, 64));
}
