// Headers are rewritten too, system headers included (hcc's own and
// installed hc libraries sit on system include paths): [[hc]] after a
// parameter list works there, and what goes wrong is still reported at its
// line in the header.

// RUN: %hcc -fsyntax-only -Werror --offload-arch=sm_90 -isystem %S/Inputs %s
// RUN: %hcc -fsyntax-only -Werror --offload-arch=sm_90 -I %S/Inputs %s
// RUN: not %hcc --offload-arch=sm_90 -isystem %S/Inputs -DBAD -c %s -o %t.o 2>&1 | FileCheck %s

// CHECK: In file included from {{.*}}attr-system-header.cpp:[[@LINE+2]]:
// CHECK-NEXT: attr_lib.h:16:10: error: kernel {{.*}} calls 'lib_host_only(float)', which has no definition for the device; call chain: {{.*}} -> lib_bad(float) -> lib_host_only(float)
#include <attr_lib.h>
#include "kernel.h"

int main() {
  float *p = nullptr;
  launch([=](unsigned i) [[hc]] {
    LibAccumulator acc;
    acc.add(lib_scale(p[i]));
#ifdef BAD
    acc.add(lib_bad(p[i]));
#endif
    p[i] = acc.get();
  }, 64);
}
