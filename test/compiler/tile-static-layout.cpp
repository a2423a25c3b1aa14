// On NVPTX the tile_static variables that the same kernels reach become one
// .shared variable (optimize/TileStaticLayout.h), a packed struct that
// keeps each variable's alignment (the most aligned first): the driver's
// linker gives a kernel everything up to the end of the last .shared
// variable it uses, so with one variable per kernel each kernel gets only
// its own group memory. The program is the kernels test of the same
// behaviour on a device: its first kernel's three variables become one;
// a kernel's only variable, and the variable of a helper that two kernels
// call, stay as they are. -mllvm -hcc-merge-tile-static=false leaves all
// of them apart.

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -O3 -save-temps=cwd --offload-arch=sm_90 \
// RUN:   -c %S/../kernels/tile_static_many_kernels.cpp -o %t/out.o
// RUN: FileCheck %s < %t/tile_static_many_kernels-hcc-sm_90.ptx
// RUN: %hcc -O3 -save-temps=cwd --offload-arch=sm_90 \
// RUN:   -mllvm -hcc-merge-tile-static=false \
// RUN:   -c %S/../kernels/tile_static_many_kernels.cpp -o %t/off.o
// RUN: FileCheck --check-prefix=OFF %s \
// RUN:   < %t/tile_static_many_kernels-hcc-sm_90.ptx

// table (16-byte aligned, 256 bytes), rev (1024), flag (3):
// CHECK-DAG: .shared .align 16 .b8 __hcc_tile_static[1283];
// CHECK-DAG: .shared .align 8 .b8 {{.*}}E6staged[1024];
// CHECK-DAG: .shared .align 4 .b8 {{.*}}tile_sum{{.*}}E7partial[256];
// CHECK-NOT: E3rev[
// CHECK-NOT: E4flag[
// CHECK-NOT: E5table[

// OFF-DAG: .shared .align 4 .b8 {{.*}}E3rev[1024];
// OFF-DAG: .shared .align 1 .b8 {{.*}}E4flag[3];
// OFF-DAG: .shared .align 16 .b8 {{.*}}E5table[256];
// OFF-NOT: __hcc_tile_static
