// What kernels reach through data stays: __device__ variables, functions
// listed in a table, [[hc]] virtual functions through their vtable. Host
// variables and functions only host code uses go. At -O0, so that the
// optimiser does not fold the indirect calls away; a pure virtual function
// then shows that the device gets a (trapping) __cxa_pure_virtual.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -O0 -save-temps=cwd --offload-arch=sm_90 -I %S/Inputs -c %s -o %t/out.o
// RUN: FileCheck %s < %t/prune-globals-hcc-sm_90.ptx

// CHECK-NOT: .extern
// CHECK-NOT: host_counter
// CHECK-NOT: host_table
// CHECK-DAG: .visible .global .align 4 .u32 scale = 3;
// CHECK-DAG: .global .align 8 .u64 _ZL3ops[2] = {_ZL5twicei, _ZL6thricei};
// CHECK-DAG: .func {{.*}}_ZL5twicei(
// CHECK-DAG: .func {{.*}}_ZL6thricei(
// An amp-only function's symbol carries the ABI tag "amp" (B3amp).
// CHECK-DAG: _ZTV6Square{{.*}} = {0, 0, _ZNK6Square4areaB3ampEv
// CHECK-DAG: .func {{.*}}_ZNK6Square4areaB3ampEv(
// CHECK-DAG: .func __cxa_pure_virtual()
// CHECK-NOT: host_counter
// CHECK-NOT: host_table

#include "kernel.h"

__device__ int scale = 3;
static int twice(int x) { return 2 * x; }
static int thrice(int x) { return 3 * x; }
__device__ static int (*ops[])(int) = {twice, thrice};

int host_counter = 0;
int (*host_table[])(int) = {twice};

struct Shape {
  virtual int area() const [[hc]] = 0;
};
struct Square : Shape {
  int side;
  Square(int s) [[hc]] : side(s) {}
  int area() const [[hc]] override { return side * side; }
};

__attribute__((noinline)) int area_of(const Shape &s) [[hc]] {
  return s.area();
}

int main() {
  int *p = nullptr;
  launch([=](unsigned i) {
    Square sq(i);
    p[i] = ops[i & 1](i) * scale + area_of(sq);
  }, 64);
  return host_table[0](host_counter);
}
