// A kernel calling a function that has no body for the device is a compile
// error at the line of the call, naming the kernel, the function and the
// call chain; the compilation fails.

// RUN: not %hcc --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %hcc -O0 --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck %s

#include "kernel.h"

float host_only(float);

int main() {
  float *p = nullptr;
  launch([=](unsigned i) { p[i] = host_only(i); }, 64);
  // CHECK: diag-undefined-call.cpp:[[@LINE-1]]:35: error: kernel 'kernel_entry<main::'lambda'(unsigned int)>' calls 'host_only(float)', which has no definition for the device; call chain: kernel_entry<main::'lambda'(unsigned int)> -> main::'lambda'(unsigned int)::operator()(unsigned int) const -> host_only(float)
  // CHECK-NEXT: launch([=](unsigned i) { p[i] = host_only(i); }, 64);
  // CHECK-NEXT: {{[|] +\^$}}
  // CHECK: 1 error generated when compiling for sm_90.
}
