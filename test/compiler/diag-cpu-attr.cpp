// [[cpu]] functions have no device body, even an inline member function
// or a template that Clang would otherwise compile for the device: a kernel
// calling one fails to compile. [[hc, cpu]] functions are fine.

// RUN: not %hcc --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck %s

#include "kernel.h"

int cpu_free(int x) [[cpu]] { return x + 1; }
struct Widget {
  int inline_member() [[cpu]] { return 3; }
  int both() [[hc, cpu]] { return 4; }
};
template <class T> T cpu_template(T x) [[cpu]] { return x; }

int main() {
  int *p = nullptr;
  launch([=](unsigned i) [[hc]] {
    Widget w;
    p[i] = cpu_free(i) + w.inline_member() + cpu_template(i) + w.both();
  }, 64);
  // CHECK-DAG: diag-cpu-attr.cpp:[[@LINE-2]]:12: error: kernel {{.*}} calls 'cpu_free(int)', which has no definition for the device
  // CHECK-DAG: diag-cpu-attr.cpp:[[@LINE-3]]:28: error: kernel {{.*}} calls 'Widget::inline_member()', which has no definition for the device
  // CHECK-DAG: diag-cpu-attr.cpp:[[@LINE-4]]:46: error: kernel {{.*}} calls 'cpu_template<unsigned int>(unsigned int)', which has no definition for the device
  // CHECK-NOT: calls 'Widget::both()'
  // CHECK: 3 errors generated when compiling for sm_90.
}
