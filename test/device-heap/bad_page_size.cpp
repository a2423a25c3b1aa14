// __HIP_SIZE_OF_PAGE must be a power of two from 4096 to 16 MiB: anything
// else is a compile error naming the macro.
// UNSUPPORTED: gpu-lit
// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: error: static assertion failed{{.*}}__HIP_SIZE_OF_PAGE must be a power of two
#define __HIP_SIZE_OF_PAGE 1000
#include <hc.hpp>

int main() { return 0; }
