// Atomics on the elements of an hc::array or hc::array_view are device
// scope (llvm-passes/svm/ArrayDataScope.h): the host does not touch an
// array's data while a kernel runs, so they need to be atomic among the
// GPU's work-items only (PTX .gpu, what CUDA's atomicAdd is). Relaxed ones
// whose result is used are the backend's bare atom (relaxed, GPU scope),
// unused ones red.relaxed.gpu; stronger orders get their .gpu form. Atomics on raw pointers stay system scope (platform
// atomics, docs/platform-atomics.md). The marker the headers use is gone
// from the PTX at every optimisation level (at -O0, where the element
// accesses are calls, the atomics stay system scope).
// -mllvm -hcc-array-device-scope=false makes them system scope again.
//
// Compile-only: checks what the compiler writes, which the GPU run of the
// suite (scripts/gpu-lit.sh, no compiler there) cannot replay.
// UNSUPPORTED: gpu-lit

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -std=c++20 -O3 -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/array_device_scope-hcc-sm_90.ptx
// RUN: FileCheck --check-prefix=NEG %s < %t/array_device_scope-hcc-sm_90.ptx
// RUN: %hcc -std=c++20 -O0 -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out0.o
// RUN: FileCheck --check-prefix=O0 %s < %t/array_device_scope-hcc-sm_90.ptx
// RUN: %hcc -std=c++20 -O3 -save-temps=cwd --offload-arch=sm_90 -mllvm -hcc-array-device-scope=false -c %s -o %t/off.o
// RUN: FileCheck --check-prefix=OFF %s < %t/array_device_scope-hcc-sm_90.ptx

#include <hc.hpp>

#include <atomic>

void kernels(hc::array_view<int, 1> view, hc::array<unsigned, 1> &arr,
             int *raw) {
  // An array_view captured by value, result unused.
  hc::parallel_for_each(view.get_extent(), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_add(&view[i], 1);
  });
  // CHECK-LABEL: .entry _ZN2hc6detail9hc_kernel
  // CHECK: red.relaxed.gpu.global.add.u32
  // OFF-LABEL: .entry _ZN2hc6detail9hc_kernel
  // OFF: red.relaxed.sys{{(.global)?}}.add.u32

  // An array captured by reference, result used; through data() too.
  hc::parallel_for_each(view.get_extent(), [=, &arr](hc::index<1> i) [[hc]] {
    view[i] = hc::atomic_fetch_max(&arr[i[0] & 15], 7u) +
              hc::atomic_exchange(view.data() + 1, 3);
  });
  // CHECK-LABEL: .entry _ZN2hc6detail9hc_kernel
  // CHECK-DAG: atom.global.max.u32
  // CHECK-DAG: atom.global.exch.b32
  // OFF-LABEL: .entry _ZN2hc6detail9hc_kernel
  // OFF: atom.relaxed.sys{{(.global)?}}.max.u32

  // A raw pointer: system scope.
  hc::parallel_for_each(view.get_extent(), [=](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_add(&raw[i[0]], 1);
  });
  // CHECK-LABEL: .entry _ZN2hc6detail9hc_kernel
  // CHECK: red.relaxed.sys{{(.global)?}}.add.u32
  // OFF-LABEL: .entry _ZN2hc6detail9hc_kernel
  // OFF: red.relaxed.sys{{(.global)?}}.add.u32

  // <atomic> on an element, sequentially consistent.
  hc::parallel_for_each(view.get_extent(), [=](hc::index<1> i) [[hc]] {
    std::atomic_ref<int>(view[i]).fetch_add(1);
    view[i + 1] = std::atomic_ref<int>(view[i + 2]).load();
  });
  // CHECK-LABEL: .entry _ZN2hc6detail9hc_kernel
  // CHECK: fence.sc.gpu;
  // CHECK-NEXT: atom.acquire.gpu{{(.global)?}}.add.u32
  // CHECK: ld.acquire.gpu{{(.global)?}}.b32
  // OFF-LABEL: .entry _ZN2hc6detail9hc_kernel
  // OFF: fence.sc.sys;

  // A view captured by reference, result unused: the data pointer is
  // loaded from the view object, its address space unknown (a view may
  // address a kernel's tile_static data), so the reduction is versioned on
  // isspacep.global (ptxas makes a global one a REDG, a generic one an
  // ATOM). An hc::array's data is always global memory: its accesses are
  // global ones without a test.
  hc::parallel_for_each(view.get_extent(), [&view, &arr](hc::index<1> i) [[hc]] {
    hc::atomic_fetch_add(&view[i], 1);
    hc::atomic_fetch_add(&arr[i[0] & 15], 1u);
  });
  // CHECK-LABEL: .entry _ZN2hc6detail9hc_kernel
  // CHECK-DAG: isspacep.global
  // CHECK-DAG: red.relaxed.gpu.global.add.u32
  // CHECK-DAG: red.relaxed.gpu.add.u32
  // CHECK-DAG: red.relaxed.gpu.global.add.u32
  // OFF-LABEL: .entry _ZN2hc6detail9hc_kernel
  // OFF-DAG: isspacep.global
  // OFF-DAG: red.relaxed.sys.global.add.u32
  // OFF-DAG: red.relaxed.sys.add.u32
}

// NEG-NOT: __hcc_array_data
// NEG-NOT: .sys{{(.global)?}}.max
// O0-NOT: __hcc_array_data
