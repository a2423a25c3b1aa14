// A kernel that reaches a thread_local variable is a compile error at the
// use, naming the variable; the compiler does not crash in the NVPTX
// backend (which cannot select the address of thread-local storage).

// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// CHECK: diag-thread-local.cpp:[[@LINE+6]]:{{[0-9]+}}: error: kernel '{{.*}}hc_kernel{{.*}}' uses thread-local variable 'counter'; GPUs have no thread-local storage; call chain: {{.*}} -> bump(int) -> counter
// CHECK-NOT: fatal error
// CHECK-NOT: Stack dump
#include <hc.hpp>

thread_local int counter = 0;
int bump(int x) { return x + counter++; }

int main() {
  hc::array_view<int, 1> v(16);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = bump(i[0]);
  });
  return v[3] == 3 ? 0 : 1;
}
