// Host variables a kernel uses are not on the device: a compile error at
// the use, for std::cout as for the program's own globals.

// RUN: not %hcc -O0 --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck %s
// When optimising, Clang hands the pass a copy of inline library code
// (available_externally), so the call into the library is reported where
// that code makes it (in <ostream>); the variables stay where they were.
// RUN: not %hcc -O2 --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck --check-prefix=OPT %s
// OPT-DAG: ostream:{{[0-9]+}}:{{[0-9]+}}: error: kernel {{.*}} calls 'std::ostream::_M_insert<unsigned long>(unsigned long)', which has no definition for the device; call chain: {{.*}} -> std::ostream::operator<<(unsigned int) -> std::ostream::_M_insert<unsigned long>(unsigned long)

#include "kernel.h"
#include <iostream>

extern int host_counter;

int main() {
  int *p = nullptr;
  launch([=](unsigned i) {
    std::cout << i;
    // CHECK-DAG: diag-undefined-global.cpp:[[@LINE-1]]:15: error: kernel 'kernel_entry<main::'lambda'(unsigned int)>' uses global variable 'std::cout', which is not available on the device; call chain: kernel_entry<main::'lambda'(unsigned int)> -> main::'lambda'(unsigned int)::operator()(unsigned int) const -> std::cout
    // CHECK-DAG: diag-undefined-global.cpp:[[@LINE-2]]:15: error: kernel 'kernel_entry<main::'lambda'(unsigned int)>' calls 'std::ostream::operator<<(unsigned int)', which has no definition for the device
    // OPT-DAG: diag-undefined-global.cpp:[[@LINE-3]]:15: error: kernel {{.*}} uses global variable 'std::cout', which is not available on the device
    p[i] = host_counter;
    // CHECK-DAG: diag-undefined-global.cpp:[[@LINE-1]]:12: error: kernel 'kernel_entry<main::'lambda'(unsigned int)>' uses global variable 'host_counter', which is not available on the device; call chain: kernel_entry<main::'lambda'(unsigned int)> -> main::'lambda'(unsigned int)::operator()(unsigned int) const -> host_counter
    // OPT-DAG: diag-undefined-global.cpp:[[@LINE-2]]:12: error: kernel {{.*}} uses global variable 'host_counter', which is not available on the device
  }, 64);
  // CHECK: 3 errors generated when compiling for sm_90.
  // OPT: 3 errors generated when compiling for sm_90.
}
