// Throwing in code a kernel reaches is a compile error at the throw, naming
// the kernel and the call chain (not "calls '__cxa_throw'" or the exception's
// constructor), once per throw; a rethrow too. try/catch is an error at the
// try: hcc's in auto-annotated code, Clang's own in [[hc]] code (with notes
// down to the kernel). No crash, nothing left for the backend.

// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %hcc --offload-arch=sm_90 -DTRY_IN_KERNEL -c %s -o %t.o 2>&1 | FileCheck --check-prefix=TRY %s
// CHECK-NOT: __cxa_
// CHECK-NOT: Stack dump
#include <hc.hpp>

#include <stdexcept>

int checked(int x) {
  if (x < 0)
    // CHECK: diag-exceptions.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' throws an exception; GPUs have no exception handling; call chain: hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1> -> {{.*}} -> main::'lambda'(hc::index<1>)::operator()(hc::index<1>) const -> checked(int)
    throw std::out_of_range("negative");
  return x;
}

int again(int x) {
  if (x > 100)
    // CHECK: diag-exceptions.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' throws an exception; GPUs have no exception handling; call chain: {{.*}} -> again(int)
    throw;
  return x;
}

int guarded(int x) {
  // CHECK: diag-exceptions.cpp:[[@LINE+1]]:3: error: kernel '{{.*}}' uses try/catch; GPUs have no exception handling; call chain: {{.*}} -> guarded(int)
  try {
    return x * 2;
  } catch (...) {
    return 0;
  }
}

int main() {
  hc::array_view<int, 1> v(16);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
#ifdef TRY_IN_KERNEL
    // TRY: diag-exceptions.cpp:[[@LINE+1]]:5: error: cannot use 'try' in __host__ __device__ function
    try {
      v[i] = i[0];
    } catch (...) {
      v[i] = -1;
    }
    // TRY: note: called by 'hc_kernel<(lambda at {{.*}}diag-exceptions.cpp:{{[0-9]+}}:{{[0-9]+}}), 1>'
#else
    v[i] = checked(i[0]) + again(i[0]) + guarded(i[0]);
#endif
  });
  return 0;
}
// CHECK: 3 errors generated when compiling for sm_90.
