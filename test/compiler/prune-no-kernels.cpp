// A translation unit without kernels compiles; its device code is empty.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/prune-no-kernels-hcc-sm_90.ptx

// CHECK: .target sm_90
// CHECK-NOT: .entry
// CHECK-NOT: .func
// CHECK-NOT: .global
// CHECK-NOT: .extern

#include <cstdio>

int counter = 1;
int helper(int x) { return x + counter; }
int main() { std::printf("%d\n", helper(41)); }
