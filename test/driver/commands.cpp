// The commands behind `hcc -c`: host pass, device pass, registration stub,
// relocatable merge; both passes share one -cuid, no link.

// RUN: %hcc -### -c %s -o %t.o --offload-arch=sm_90 2>&1 | FileCheck %s -DSRC=%s

// CHECK: "{{[^"]*}}clang++{{[^"]*}}" "-x" "cuda" "--cuda-host-only" "--offload-arch=sm_90" "-nocudainc" "-nocudalib" "-Xclang" "--hipstdpar" "-include" "{{[^"]*}}/include/hc/detail/device_prelude.h" "-isystem" "{{[^"]*}}/include"
// CHECK-SAME: "-D__HCC__=1"
// CHECK-SAME: "-D__KALMAR_HC__=1"
// CHECK-SAME: "-cuid=[[CUID:[0-9a-f]+]]"
// CHECK-SAME: "-D__KALMAR_CPU__=1" "-D__HCC_CPU__=1"
// CHECK-SAME: "-c" "-o" "[[HOSTOBJ:[^"]+]]" "[[SRC]]"

// CHECK-NEXT: "{{[^"]*}}clang++{{[^"]*}}" "-x" "cuda" "--cuda-device-only" "--offload-arch=sm_90" "--cuda-feature=+ptx78" "-nocudainc" "-nocudalib" "-Xclang" "--hipstdpar"
// CHECK-SAME: "-cuid=[[CUID]]"
// CHECK-SAME: "-D__KALMAR_ACCELERATOR__=1" "-D__HCC_ACCELERATOR__=1"
// CHECK-SAME: "-O3" "-gline-tables-only" "-mllvm" "-unroll-partial-threshold=300"
// CHECK-SAME: "-w"
// CHECK-SAME: "-S" "-o" "[[PTX:[^"]+\.ptx]]" "[[SRC]]"

// CHECK-NEXT: # hcc: write "[[STUB:[^"]+\.c]]", embedding sm_90="[[PTX]]"
// CHECK-NEXT: "{{[^"]*}}clang++{{[^"]*}}" "-x" "c" "-fPIC" "-w" "-isystem" "{{[^"]*}}/include" "-c" "[[STUB]]" "-o" "[[STUBOBJ:[^"]+]]"
// CHECK-NEXT: "{{[^"]*}}ld.lld{{[^"]*}}" "-r" "[[HOSTOBJ]]" "[[STUBOBJ]]" "-o" "{{[^"]*}}commands.cpp.tmp.o"
// CHECK-NOT: lhc_runtime

// The same source and output give the same cuid (reproducible objects).
// RUN: %hcc -### -c %s -o %t.o 2>&1 | grep -o 'cuid=[0-9a-f]*' > %t.cuid1
// RUN: %hcc -### -c %s -o %t.o 2>&1 | grep -o 'cuid=[0-9a-f]*' > %t.cuid2
// RUN: diff %t.cuid1 %t.cuid2
// Without -o, the object is named after the source, in the current directory.
// RUN: rm -rf %t.dir && mkdir -p %t.dir && cd %t.dir && %hcc -### -c %s --offload-arch=sm_90 2>&1 | FileCheck --check-prefix=DEFAULT-OUT %s
// DEFAULT-OUT: ld.lld{{[^"]*}}" "-r" {{.*}} "-o" "commands.o"

// NVPTX device passes unroll loops further than LLVM's default for the
// target (docs/driver.md); the user's own value replaces ours, and AMDGPU
// keeps its own tuning.
// RUN: %hcc -### -c %s -o %t.o --offload-arch=sm_90 -mllvm -unroll-partial-threshold=100 2>&1 | FileCheck --check-prefix=USER-UNROLL %s
// USER-UNROLL-NOT: unroll-partial-threshold=300
// RUN: %hcc -### -c %s -o %t.o --offload-arch=gfx90a 2>&1 | FileCheck --check-prefix=AMD-UNROLL %s
// AMD-UNROLL-NOT: unroll-partial-threshold

int main() {}
