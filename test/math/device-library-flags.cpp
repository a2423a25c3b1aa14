// The driver gives NVPTX device passes (and only them) the device math
// library: the force-included device_libm.h and libclc's bitcode linked with
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

// RUN: %hcc -### -c %s -o %t.o --offload-arch=none 2>&1 | FileCheck --check-prefix=CPU %s
// CPU: "--cuda-host-only"
// CPU-NOT: device_libm.h
// CPU-NOT: mlink-builtin-bitcode
// CPU-NOT: --cuda-device-only

int main() {}
