// Every offending function is reported, each once (where the shortest chain
// from a kernel reaches it), whichever kernels call it how often; then the
// compilation fails.

// RUN: not %hcc --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck %s

#include "kernel.h"

void log_value(int);
int lookup(int);

int twice(int x) {
  log_value(x);
  return lookup(x) + lookup(x + 1);
}

int main() {
  int *p = nullptr;
  launch([=](unsigned i) { p[i] = twice(i); }, 64);
  launch([=](unsigned i) { p[i] = lookup(i) + twice(i + 1); }, 64);
}

// CHECK-DAG: diag-each-once.cpp:13:3: error: kernel {{.*}} calls 'log_value(int)', which has no definition for the device
// CHECK-DAG: diag-each-once.cpp:{{14:10|20:35}}: error: kernel {{.*}} calls 'lookup(int)', which has no definition for the device
// CHECK-NOT: error: kernel
// CHECK: 2 errors generated when compiling for sm_90.
