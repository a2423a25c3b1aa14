// Target selection: --offload-arch (comma lists, repeatable), then
// HCC_OFFLOAD_ARCH, then sm_90. 'none' means no device pass.

// RUN: env -u HCC_OFFLOAD_ARCH %hcc -### -c %s -o %t.o 2>&1 | FileCheck --check-prefix=DEFAULT %s
// DEFAULT: "--cuda-host-only" "--offload-arch=sm_90"
// DEFAULT: "--cuda-device-only" "--offload-arch=sm_90" "--cuda-feature=+ptx78"
// DEFAULT-NOT: "--cuda-device-only"

// RUN: env -u HCC_OFFLOAD_ARCH %hcc -### -c %s -o %t.o --offload-arch=sm_80,sm_90 --offload-arch=sm_90 --offload-arch=sm_100 2>&1 | FileCheck --check-prefix=MULTI %s
// MULTI: "--cuda-host-only" "--offload-arch=sm_80" "--offload-arch=sm_90" "--offload-arch=sm_100" "-nocudainc"
// MULTI: "--cuda-device-only" "--offload-arch=sm_80" "--cuda-feature=+ptx78"
// MULTI: "--cuda-device-only" "--offload-arch=sm_90" "--cuda-feature=+ptx78"
// MULTI: "--cuda-device-only" "--offload-arch=sm_100" "--cuda-feature=+ptx86"
// MULTI-NOT: "--cuda-device-only"
// MULTI: # hcc: write {{.*}} sm_80="{{.*}}.ptx" sm_90="{{.*}}.ptx" sm_100="{{.*}}.ptx"

// The separate spelling is accepted too.
// RUN: %hcc -### -c %s -o %t.o --offload-arch sm_86 2>&1 | FileCheck --check-prefix=SEPARATE %s
// SEPARATE: "--cuda-device-only" "--offload-arch=sm_86"

// RUN: env HCC_OFFLOAD_ARCH=sm_75,sm_80 %hcc -### -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ENV %s
// RUN: env "HCC_OFFLOAD_ARCH=sm_75 sm_80" %hcc -### -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ENV %s
// ENV: "--cuda-device-only" "--offload-arch=sm_75"
// ENV: "--cuda-device-only" "--offload-arch=sm_80"

// The flag wins over the environment.
// RUN: env HCC_OFFLOAD_ARCH=sm_75 %hcc -### -c %s -o %t.o --offload-arch=sm_86 2>&1 | FileCheck --check-prefix=FLAG %s
// FLAG-NOT: sm_75
// FLAG: "--cuda-device-only" "--offload-arch=sm_86"
// FLAG-NOT: sm_75

// RUN: %hcc -### -c %s -o %t.o --offload-arch=none 2>&1 | FileCheck --check-prefix=NONE %s
// RUN: env HCC_OFFLOAD_ARCH=none %hcc -### -c %s -o %t.o 2>&1 | FileCheck --check-prefix=NONE %s
// NONE-NOT: --offload-arch
// NONE: "--cuda-host-only" "-nocudainc"
// NONE-SAME: "-c" "-o" "{{[^"]*}}offload-arch.cpp.tmp.o"
// NONE-NOT: --cuda-device-only
// NONE-NOT: ld.lld

// RUN: not %hcc -c %s -o %t.o --offload-arch=sm_13 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: hcc: error: unknown offload target 'sm_13' in --offload-arch
// RUN: env HCC_OFFLOAD_ARCH=banana not %hcc -c %s -o %t.o 2>&1 | FileCheck --check-prefix=UNKNOWN-ENV %s
// UNKNOWN-ENV: hcc: error: unknown offload target 'banana' in HCC_OFFLOAD_ARCH
// RUN: not %hcc -c %s -o %t.o --offload-arch=none,sm_90 2>&1 | FileCheck --check-prefix=MIXED %s
// MIXED: hcc: error: offload target 'none' cannot be combined with other targets

int main() {}
