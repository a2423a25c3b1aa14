// The CPU backend's loop over a non-tiled kernel's work-items publishes
// each work-item's position for the work-item builtins through a
// thread-local pointer (hc/detail/workitem.hpp). When nothing the loop
// calls can read it, the pass plugin drops the publication: the position
// stays in registers instead of being stored for every work-item and its
// range reloaded after every atomic. A kernel that calls a function of its
// own (which may ask for its position) keeps it. Loops that make atomic
// read-modify-writes are not unrolled (docs/runtime.md, "CPU backend").
// Compile-only.
// UNSUPPORTED: gpu-lit
// RUN: %hcc -O3 --offload-arch=none -S -emit-llvm %s -o - | FileCheck %s
// RUN: %hcc -O3 --offload-arch=none -S -emit-llvm -mllvm -hcc-cpu-roll-atomic-loops=false %s -o - \
// RUN:   | FileCheck %s --check-prefix=UNROLLED
#include <hc.hpp>

void histogram(const hc::accelerator_view &av, hc::array_view<const float, 1> x,
               hc::array_view<unsigned, 1> bins) {
  hc::parallel_for_each(av, x.get_extent(), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_add(&bins[static_cast<int>(x[i] * 256)], 1u);
  });
}

__attribute__((noinline)) int position() [[hc]] {
  return hc_get_workitem_absolute_id(0);
}

void called(const hc::accelerator_view &av, hc::array_view<int, 1> out) {
  hc::parallel_for_each(av, out.get_extent(),
                        [=](hc::index<1> i) [[hc]] { out[i] = position(); });
}

// CHECK-LABEL: define {{.*}}cpu_run_work_items{{.*}}histogram
// CHECK-NOT: cpu_current_workitem
// CHECK-NOT: store
// CHECK: atomicrmw add {{.*}} monotonic
// CHECK-NOT: atomicrmw
// CHECK: br {{.*}} !llvm.loop [[ROLLED:![0-9]+]]
// CHECK: {{^}$}}

// CHECK-LABEL: define {{.*}}cpu_run_work_items{{.*}}called
// CHECK: [[SLOT:%[0-9]+]] = {{.*}}call {{.*}}@llvm.threadlocal.address{{.*}}cpu_current_workitem
// CHECK: store ptr {{%[0-9]+}}, ptr [[SLOT]]
// CHECK: call {{.*}}position

// CHECK-DAG: [[ROLLED]] = distinct !{[[ROLLED]], {{.*}}}
// CHECK-DAG: !{!"llvm.loop.unroll.disable", i32 1}

// UNROLLED-LABEL: define {{.*}}cpu_run_work_items{{.*}}histogram
// UNROLLED-COUNT-2: atomicrmw add
