// The whole-tiles entry points of tiled kernels (hc_tiled_kernel32_whole,
// hc/detail/parallel_for_each.hpp), which the runtime launches for a grid of
// one block per tile over an extent of whole tiles: the block's tile is its
// block ids, so the entry reads no grid size (%nctaid: the tile loop's
// stride) and compares nothing with the tile counts. A rank-1 kernel keeps it
// although it asks no 32-bit-offset question; a kernel that makes a view over
// memory of unknown size loses it with the other 32-bit entry, and so does
// every kernel with -mllvm -hcc-32-bit-offsets=false.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -O3 -save-temps=cwd --offload-arch=sm_90 -c %s -o %t/out.o
// RUN: FileCheck %s < %t/whole-tiles-entry-hcc-sm_90.ptx
// RUN: FileCheck --check-prefix=NONE %s < %t/whole-tiles-entry-hcc-sm_90.ptx
// RUN: %hcc -O3 -save-temps=cwd --offload-arch=sm_90 \
// RUN:   -mllvm -hcc-32-bit-offsets=false -c %s -o %t/off.o
// RUN: FileCheck --check-prefix=OFF %s < %t/whole-tiles-entry-hcc-sm_90.ptx

// The tiled entry walks tiles with the grid's size as its stride.
// CHECK-LABEL: .entry _ZN2hc6detail15hc_tiled_kernelIZ9tile_sums
// CHECK: %nctaid.x
// CHECK-LABEL: .entry _ZN2hc6detail23hc_tiled_kernel32_wholeIZ9tile_sums
// CHECK-NOT: %nctaid
// CHECK: bar.sync
// CHECK-NOT: %nctaid
// CHECK: ret;
// CHECK-LABEL: .entry _ZN2hc6detail23hc_tiled_kernel32_wholeIZ9transpose
// CHECK-NOT: %nctaid
// CHECK: ret;

// NONE-NOT: hc_tiled_kernel32_wholeIZ18kernel_memory_view

// OFF-NOT: kernel32_whole

#include <hc.hpp>

void tile_sums(const hc::array<float, 1> &in, hc::array<float, 1> &sums) {
  hc::parallel_for_each(in.get_extent().tile(256),
                        [&in, &sums](hc::tiled_index<1> t) [[hc]] {
                          tile_static float s[256];
                          s[t.local[0]] = in[t.global];
                          t.barrier.wait();
                          for (int active = 128; active > 0; active /= 2) {
                            if (t.local[0] < active)
                              s[t.local[0]] += s[t.local[0] + active];
                            t.barrier.wait();
                          }
                          if (t.local[0] == 0)
                            sums[t.tile[0]] = s[0];
                        });
}

void transpose(hc::array_view<const float, 2> in,
               hc::array_view<float, 2> out) {
  hc::parallel_for_each(
      in.get_extent().tile(16, 16), [=](hc::tiled_index<2> t) [[hc]] {
        tile_static float block[16][17];
        block[t.local[0]][t.local[1]] = in[t.global];
        t.barrier.wait();
        out(t.tile_origin[1] + t.local[0], t.tile_origin[0] + t.local[1]) =
            block[t.local[1]][t.local[0]];
      });
}

void kernel_memory_view(int *p, int rows, int cols) {
  hc::parallel_for_each(hc::extent<1>(rows).tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
                          hc::array_view<int, 2> m(rows, cols, p);
                          m(t.global[0], 0) += 1;
                        });
}
