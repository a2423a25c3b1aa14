// Calling a variadic function other than printf in a kernel is a compile
// error at the call, naming the function and the kernel; also through a
// pointer to a variadic function. printf itself is not diagnosed.

// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %hcc --offload-arch=sm_90 -DPRINTF_ONLY -c %s -o %t.o
// CHECK-NOT: Stack dump
#include <hc.hpp>

#include <cstdarg>
#include <cstdio>

int sum(int count, ...) {
  va_list ap;
  va_start(ap, count);
  int s = 0;
  for (int k = 0; k < count; ++k)
    s += va_arg(ap, int);
  va_end(ap);
  return s;
}

int main() {
  hc::array_view<int, 1> v(16);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
#ifdef PRINTF_ONLY
    if (i[0] == 0)
      printf("%d\n", i[0]);
    v[i] = i[0];
#else
    // CHECK-DAG: diag-variadic.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' calls variadic function 'sum(int, ...)'; device code supports no variadic calls other than printf; call chain: {{.*}}::operator()(hc::index<1>) const
    v[i] = sum(2, i[0], 1);
    int (*f)(int, ...) = sum;
    // CHECK-DAG: diag-variadic.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' calls a variadic function through a pointer; device code supports no variadic calls other than printf
    v[i] += f(1, 2);
#endif
  });
  return 0;
}
// CHECK: 2 errors generated when compiling for sm_90.
