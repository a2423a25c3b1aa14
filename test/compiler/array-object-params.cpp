// hc::arrays captured by reference: the kernel reads the array objects'
// data pointers and extents from the copies at the start of its argument
// block (hc/detail/kernel_launch.hpp, llvm-passes/optimize/KernelArrayObjects.h),
// not from the objects through the references, and without a test of the
// slots' mask (no trap). The first reference's slot is at byte 8 (data pointer at
// 8 + 8, the row length at 8 + 20), the second's at 40. Without the pass,
// both come from global memory.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -O3 -c %s -o %t/on.o
// RUN: FileCheck %s < %t/array-object-params-hcc-sm_90.ptx
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -O3 -mllvm -hcc-array-object-params=false -c %s -o %t/off.o
// RUN: FileCheck --check-prefix=OFF %s < %t/array-object-params-hcc-sm_90.ptx

#include <hc.hpp>

// CHECK-LABEL: .entry _ZN2hc6detail9hc_kernelIZ5scale
// CHECK-NOT: trap;
// CHECK-DAG: ld.param.b64 {{.*}}+16];
// CHECK-DAG: ld.param.b64 {{.*}}+48];
// CHECK-DAG: ld.param.{{[bs]}}32 {{.*}}+28];
// CHECK-DAG: ld.param.{{[bs]}}32 {{.*}}+60];
// CHECK-NOT: trap;
// CHECK-NOT: ld.global.nc.b64
// CHECK-LABEL: .entry _ZN2hc6detail11hc_kernel32IZ5scale
// CHECK-NOT: ld.global.nc.b64

// OFF-LABEL: .entry _ZN2hc6detail9hc_kernelIZ5scale
// OFF-NOT: trap;
// OFF: ld.global.nc.b64
// OFF-NOT: trap;
void scale(hc::array<float, 2> &in, hc::array<float, 2> &out) {
  hc::parallel_for_each(in.get_extent(), [&in, &out](hc::index<2> i) [[hc]] {
    out[i] = 2.0f * in[i];
  });
}

// A struct whose array is not at its start: its address is not an array
// object's, and its fields are read through the reference.
struct holder {
  int scale;
  hc::array<float, 1> values;
};

// CHECK-LABEL: .entry _ZN2hc6detail9hc_kernelIZ10scale_held
// CHECK-NOT: trap;
// CHECK: ld.global.nc.b64
// CHECK-NOT: trap;
void scale_held(holder &h, hc::array<float, 1> &out) {
  hc::parallel_for_each(out.get_extent(), [&h](hc::index<1> i) [[hc]] {
    h.values[i] *= h.scale;
  });
}
