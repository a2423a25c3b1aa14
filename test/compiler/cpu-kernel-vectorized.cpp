// The CPU backend's loop over work-items is vectorised across work-items
// for a streaming kernel over array_views (docs/runtime.md, "CPU backend"),
// at -O2: the element accesses in it are the addresses fixed at launch, with
// no call of the runtime's host path, and the loads of the views' fields
// leave the loop. Compile-only.
// UNSUPPORTED: gpu-lit
// RUN: %hcc -O2 --offload-arch=none -S -emit-llvm %s -o - | FileCheck %s
#include <hc.hpp>

void saxpy(const hc::accelerator_view &av, hc::array_view<const float, 1> x,
           hc::array_view<float, 1> y, float a) {
  hc::parallel_for_each(av, y.get_extent(), [=](hc::index<1> i) [[hc]] {
    y[i] = a * x[i] + y[i];
  });
}

// CHECK-LABEL: define {{.*}}cpu_run_work_items
// CHECK-NOT: host_access
// CHECK-NOT: __hcc_cpu_yield_point
// CHECK: load <{{[0-9]+}} x float>
// CHECK: store <{{[0-9]+}} x float>
// CHECK: {{^}$}}
