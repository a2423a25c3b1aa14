// The driver gives GPU device passes (NVPTX and AMDGPU, not the host or
// CPU-only builds) the device math library: the force-included device_libm.h and libclc's bitcode linked with
// -mlink-builtin-bitcode; HCC_LIBCLC_DIR moves the bitcode, and a missing
// file gets a note saying what to install. CPU-only builds have neither.

// RUN: %hcc -### -c %s -o %t.o --offload-arch=sm_90 2>&1 | FileCheck %s
// CHECK: "--cuda-host-only"
// CHECK-NOT: device_libm.h
// CHECK-NOT: mlink-builtin-bitcode
// CHECK: "--cuda-device-only" "--offload-arch=sm_90"
// CHECK-SAME: "-include" "{{[^"]*}}/include/hc/detail/device_prelude.h"
// CHECK-SAME: "-include" "{{[^"]*}}/include/hc/detail/math/device_libm.h"
// CHECK-SAME: "-Xclang" "-mlink-builtin-bitcode" "-Xclang" "{{[^"]*}}/nvptx64--.bc"

// RUN: env HCC_LIBCLC_DIR=%t.nowhere %hcc -### -c %s -o %t.o --offload-arch=sm_90 2>&1 | FileCheck --check-prefix=DIR %s
// DIR-DAG: hcc: note: '{{[^']*}}.nowhere/nvptx64--.bc' not found: NVPTX device code needs libclc's bitcode (Debian package libclc-22, or set HCC_LIBCLC_DIR)
// DIR-DAG: "-mlink-builtin-bitcode" "-Xclang" "{{[^"]*}}.nowhere/nvptx64--.bc"

// AMDGPU: the same header (its HIP branch) and libclc's generic AMDHSA
// bitcode, in the HIP-mode pass; the fp-contract default as on NVPTX.
// RUN: %hcc -### -c %s -o %t.o --offload-arch=gfx90a 2>&1 | FileCheck --check-prefix=AMDGCN %s
// AMDGCN: "-x" "hip" "--cuda-device-only" "--offload-arch=gfx90a"
// AMDGCN-SAME: "-include" "{{[^"]*}}/include/hc/detail/math/device_libm.h"
// AMDGCN-SAME: "-Xclang" "-mlink-builtin-bitcode" "-Xclang" "{{[^"]*}}/amdgcn-amd-amdhsa.bc"
// AMDGCN-SAME: "-ffp-contract=fast-honor-pragmas"
// RUN: env HCC_LIBCLC_DIR=%t.nowhere %hcc -### -c %s -o %t.o --offload-arch=gfx942 2>&1 | FileCheck --check-prefix=AMDDIR %s
// AMDDIR: hcc: note: '{{[^']*}}.nowhere/amdgcn-amd-amdhsa.bc' not found: AMDGPU device code needs libclc's bitcode

// RUN: %hcc -### -c %s -o %t.o --offload-arch=none 2>&1 | FileCheck --check-prefix=CPU %s
// CPU: "--cuda-host-only"
// CPU-NOT: device_libm.h
// CPU-NOT: mlink-builtin-bitcode
// CPU-NOT: --cuda-device-only

int main() {}
