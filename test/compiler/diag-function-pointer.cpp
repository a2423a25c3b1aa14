// Function pointers in kernels. A pointer captured from the host holds a
// host address, which device code cannot call: an error at the capture
// naming the kernel, also for one inside a captured struct. A pointer taken
// inside device code to a function without a device body ([[cpu]]) is the
// pass plugin's "refers to" error at the place the address is taken.

// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %hcc --offload-arch=sm_90 -DIN_STRUCT -c %s -o %t.o 2>&1 | FileCheck --check-prefix=STRUCT %s
// RUN: not %hcc --offload-arch=sm_90 -DHOST_ONLY -c %s -o %t.o 2>&1 | FileCheck --check-prefix=HOST %s
// CHECK-NOT: Stack dump
#include <hc.hpp>

int twice(int x) { return 2 * x; }
int on_host(int x) [[cpu]] { return x + 1; }

struct Callbacks {
  int scale;
  int (*op)(int);
};

int main() {
  hc::array_view<int, 1> v(16);
#if defined(IN_STRUCT)
  Callbacks cb{3, twice};
  // STRUCT: diag-function-pointer.cpp:[[@LINE+2]]:{{[0-9]+}}: error: kernel 'hc::detail::hc_kernel<(lambda at {{.*}}diag-function-pointer.cpp:{{[0-9]+}}:{{[0-9]+}}), 1>' captures function pointer 'cb.op'; a host function's address cannot be called on the device (take the address inside the kernel instead)
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = cb.op(i[0]) * cb.scale;
  });
#elif defined(HOST_ONLY)
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    // HOST: diag-function-pointer.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' refers to 'on_host(int)', which has no definition for the device; call chain: {{.*}} -> on_host(int)
    int (*fp)(int) = i[0] > 4 ? on_host : twice;
    v[i] = fp(i[0]);
  });
#else
  int (*fp)(int) = twice;
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    // CHECK: diag-function-pointer.cpp:[[@LINE+1]]:12: error: kernel 'hc::detail::hc_kernel<(lambda at {{.*}}diag-function-pointer.cpp:{{[0-9]+}}:{{[0-9]+}}), 1>' captures function pointer 'fp'; a host function's address cannot be called on the device (take the address inside the kernel instead)
    v[i] = fp(i[0]);
  });
#endif
  return 0;
}
