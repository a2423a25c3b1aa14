// hcc --stdpar force-includes hc/stdpar.hpp and defines __HCC_STDPAR__ in
// the host and the device pass of C++ sources; without it, neither; C
// sources never get it.
// RUN: %hcc -### -c --stdpar --offload-arch=sm_90 %s -o %t.o 2>&1 | FileCheck %s
// RUN: %hcc -### -c --offload-arch=sm_90 %s -o %t.o 2>&1 | FileCheck --check-prefix=OFF %s
// RUN: %hcc -### -c --stdpar -x c %s -o %t.o 2>&1 | FileCheck --check-prefix=C %s

// CHECK: "--cuda-host-only"
// CHECK-SAME: "-include" "{{[^"]*}}/include/hc/detail/device_prelude.h" "-isystem" "{{[^"]*}}/include" "-include" "{{[^"]*}}/include/hc/stdpar.hpp" "-D__HCC_STDPAR__=1"
// CHECK-NEXT: "--cuda-device-only"
// CHECK-SAME: "-include" "{{[^"]*}}/include/hc/stdpar.hpp" "-D__HCC_STDPAR__=1"
// CHECK-NOT: unknown argument

// OFF-NOT: stdpar.hpp
// OFF-NOT: __HCC_STDPAR__

// C: "-x" "c"
// C-NOT: stdpar.hpp
// C-NOT: __HCC_STDPAR__
int main() { return 0; }
