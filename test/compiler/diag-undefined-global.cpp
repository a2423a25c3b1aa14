// Host variables a kernel uses are the host's own (shared virtual memory,
// docs/svm.md): no error, the PTX reaches them through the slots the
// runtime fills with their host addresses. Calling host code that has no
// device body stays an error (std::cout's operator<<). Thread-local
// variables stay errors: diag-thread-local.cpp.

// RUN: not %hcc -O0 --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck %s
// When optimising, Clang hands the pass a copy of inline library code
// (available_externally), so the call into the library is reported where
// that code makes it (in <ostream>).
// RUN: not %hcc -O2 --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.o 2>&1 | FileCheck --check-prefix=OPT %s
// OPT: ostream:{{[0-9]+}}:{{[0-9]+}}: error: kernel {{.*}} calls 'std::ostream::_M_insert<unsigned long>(unsigned long)', which has no definition for the device; call chain: {{.*}} -> std::ostream::operator<<(unsigned int) -> std::ostream::_M_insert<unsigned long>(unsigned long)
// OPT-NOT: uses global variable
// OPT: 1 error generated when compiling for sm_90.

// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir
// RUN: %hcc -O2 -DNO_COUT -save-temps=cwd --offload-arch=sm_90 -I %S/Inputs -c %s -o %t.dir/out.o
// RUN: FileCheck --check-prefix=PTX %s < %t.dir/diag-undefined-global-hcc-sm_90.ptx
// PTX-NOT: .extern .global
// PTX: .visible .global .align 8 .b8 __hcc_host_global_slots[8];
// The names, NUL-separated ("host_counter"; PTX leaves out trailing zeros).
// PTX: __hcc_host_global_names[14] = {104, 111, 115, 116, 95, 99, 111, 117, 110, 116, 101, 114}
// PTX: ld.global.nc.b64 {{.*}}[__hcc_host_global_slots];

#include "kernel.h"
#ifndef NO_COUT
#include <iostream>
#endif

extern int host_counter;

int main() {
  int *p = nullptr;
  launch([=](unsigned i) {
#ifndef NO_COUT
    std::cout << i;
    // CHECK: diag-undefined-global.cpp:[[@LINE-1]]:15: error: kernel 'kernel_entry<main::'lambda'(unsigned int)>' calls 'std::ostream::operator<<(unsigned int)', which has no definition for the device
#endif
    p[i] = host_counter;
  }, 64);
  // CHECK-NOT: uses global variable
  // CHECK: 1 error generated when compiling for sm_90.
}
