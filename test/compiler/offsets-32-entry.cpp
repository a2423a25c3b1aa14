// The 32-bit-offset entry points of kernels (hc/detail/offset_width.hpp,
// llvm-passes/optimize/KernelOffsetWidth.h): a kernel that addresses views
// of rank 2 or more gets a second entry point, hc_kernel32 / hc_tiled_kernel32, whose element
// offsets are 32-bit (scaled to bytes by mul.wide.u32 by 4); none where
// nothing would change (raw pointers, views of rank 1) or where the kernel makes a view
// of rank 2 or more over memory of unknown size; a view over tile_static
// memory of constant shape keeps it. -mllvm -hcc-32-bit-offsets=false
// leaves only the first entry points.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/offsets-32-entry-hcc-sm_90.ptx
// RUN: FileCheck --check-prefix=NONE %s < %t/offsets-32-entry-hcc-sm_90.ptx
// RUN: %hcc -save-temps=cwd --offload-arch=sm_90 -mllvm -hcc-32-bit-offsets=false -c %s -o %t/off.o
// RUN: FileCheck --check-prefix=OFF %s < %t/offsets-32-entry-hcc-sm_90.ptx

// CHECK: .entry _ZN2hc6detail9hc_kernelIZ7views3d
// CHECK-LABEL: .entry _ZN2hc6detail11hc_kernel32IZ7views3d
// CHECK: mul.wide.u32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 4;
// CHECK: ld.global
// CHECK-LABEL: .entry _ZN2hc6detail9hc_kernelIZ12pointer_only
// CHECK-LABEL: .entry _ZN2hc6detail9hc_kernelIZ18kernel_memory_view
// CHECK-LABEL: .entry _ZN2hc6detail15hc_tiled_kernelIZ16tile_static_view
// CHECK-LABEL: .entry _ZN2hc6detail17hc_tiled_kernel32IZ16tile_static_view

// NONE-NOT: hc_kernel32IZ12pointer_only
// NONE-NOT: hc_kernel32IZ5rank1
// NONE-NOT: hc_kernel32IZ18kernel_memory_view

// OFF-NOT: kernel32
// OFF: .entry _ZN2hc6detail9hc_kernelIZ7views3d
// OFF-NOT: kernel32

#include <hc.hpp>

void views3d(hc::array_view<const float, 3> in, hc::array_view<float, 3> out) {
  hc::parallel_for_each(in.get_extent(), [=](hc::index<3> i) [[hc]] {
    out[i] = in(i[0], i[1], i[2]) + in(i[0], i[1] + 1, i[2]);
  });
}

void rank1(hc::array_view<float, 1> v) {
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = v(i[0] + 1);
  });
}

void pointer_only(int *p, int n) {
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    p[i[0]] += 1;
  });
}

void kernel_memory_view(int *p, int rows, int cols) {
  hc::parallel_for_each(hc::extent<1>(rows), [=](hc::index<1> i) [[hc]] {
    hc::array_view<int, 2> m(rows, cols, p);
    m(i[0], 0) += 1;
  });
}

void tile_static_view(hc::array_view<int, 2> out) {
  hc::parallel_for_each(out.get_extent().tile(16, 16),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static int block[16][16];
    hc::array_view<int, 2> local(16, 16, &block[0][0]);
    local(t.local) = t.global[0];
    t.barrier.wait();
    out[t.global] = local(15 - t.local[0], t.local[1]);
  });
}
