// Group (shared) memory survives pruning: statically sized tile_static-like
// arrays, and the dynamically sized `extern __shared__` array whose size a
// launch decides, which is a declaration but no error.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -I %S/Inputs -c %s -o %t/out.o
// RUN: FileCheck %s < %t/prune-group-memory-hcc-sm_90.ptx

// CHECK-NOT: .extern .func
// CHECK-NOT: .extern .global
// CHECK-DAG: .shared .align 4 .b8 {{.*}}static_group[256];
// CHECK-DAG: .extern .shared .align 4 .b8 dynamic_group[];
// CHECK-NOT: .extern .func
// CHECK-NOT: .extern .global

#include "kernel.h"

extern __attribute__((shared)) float dynamic_group[];

int main() {
  float *p = nullptr;
  launch([=](unsigned i) {
    __attribute__((shared)) float static_group[64];
    static_group[i % 64] = p[i];
    dynamic_group[i] = static_group[(i + 1) % 64];
    p[i] = dynamic_group[i];
  }, 64);
}
