// Inline assembly a kernel reaches must be PTX (the NVPTX backend copies it
// into the PTX unchecked, and the CUDA driver would reject x86 only when
// loading the program): x86 instructions, x86 register constraints and
// clobbers are compile errors at the asm statement, naming the kernel, and
// so is a PTX statement without its ';'.
// PTX assembly (written for the device pass) compiles; host assembly in
// host-only code is not the device's business.

// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %hcc --offload-arch=sm_90 -DPTX_ONLY -c %s -o %t.o
// (test/device-code/inline-asm-ptx.cpp runs PTX assembly.)
// CHECK-NOT: Stack dump
#include <hc.hpp>

#include <cstdio>

unsigned host_clock() {
  unsigned lo, hi;
  asm volatile("rdtsc" : "=a"(lo), "=d"(hi));
  return lo ^ hi;
}

int add_one(int x) {
  int r = x;
#if __KALMAR_ACCELERATOR__
  asm("{\n\t.reg .s32 t;\n\tadd.s32 t, %1, 1;\n\tmov.b32 %0, t;\n\t}"
      : "=r"(r)
      : "r"(x));
#else
  r = x + 1;
#endif
  return r;
}

#ifndef PTX_ONLY
int x86_copy(int x) {
  int r;
  // CHECK-DAG: diag-inline-asm.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel 'hc::detail::hc_kernel<main::'lambda'(hc::index<1>), 1>' uses inline assembly that is not PTX ('movl $1, $0' is not a PTX instruction); host assembly cannot run on the device; call chain: {{.*}} -> x86_copy(int)
  asm("movl %1, %0" : "=r"(r) : "r"(x));
  return r;
}

int x86_pause(int x) {
  // CHECK-DAG: diag-inline-asm.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' uses inline assembly that is not PTX ('pause' is not a PTX instruction); host assembly cannot run on the device; call chain: {{.*}} -> x86_pause(int)
  asm volatile("pause");
  return x;
}

int x86_constraint(int x) {
  int r;
  // CHECK-DAG: diag-inline-asm.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' uses inline assembly that is not PTX ('movl %1, %0' has constraints the device does not have); host assembly cannot run on the device
  asm("movl %1, %0" : "=a"(r) : "r"(x));
  return r;
}

// PTX, but without the ';' that ends a PTX statement: the PTX assembler
// would fail on the line after it when the program is loaded.
int unterminated(int x) {
  // CHECK-DAG: diag-inline-asm.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' uses inline assembly whose statement 'ret' does not end with ';', which every PTX statement needs; the CUDA driver would reject the program; call chain: {{.*}} -> unterminated(int)
  asm volatile("ret");
  return x;
}

int x86_clobber(int x) {
  // CHECK-DAG: diag-inline-asm.cpp:[[@LINE+1]]:{{[0-9]+}}: error: kernel '{{.*}}' uses inline assembly that is not PTX (it clobbers register 'ecx', which PTX does not have); host assembly cannot run on the device
  asm volatile("" ::: "ecx");
  return x;
}
#endif

int main() {
  hc::array_view<int, 1> v(32);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    // A compiler barrier is valid everywhere.
    asm volatile("" ::: "memory");
#ifdef PTX_ONLY
    v[i] = add_one(i[0]);
#else
    v[i] = add_one(x86_copy(i[0])) + x86_pause(1) + x86_constraint(2) +
           x86_clobber(3) + unterminated(4);
#endif
  });
  for (int k = 0; k < 32; ++k)
    if (v[k] != k + 1)
      return 1;
  std::printf("inline asm: ok (%u)\n", host_clock() & 0);
  return 0;
}
// CHECK: 5 errors generated when compiling for sm_90.
