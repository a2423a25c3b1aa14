// Flags of the original hcc are accepted and dropped: -hc, hcc's cc1 flags
// given with -Xclang, -fno-gpu-rdc, and its old runtime libraries.

// RUN: %hcc -hc -Xclang -fauto-compile-for-accelerator -Xclang -fhsa-ext -fno-gpu-rdc -fsyntax-only --offload-arch=sm_90 %s
// RUN: %hcc -### -hc -Xclang -fauto-compile-for-accelerator -Xclang -fhsa-ext -fno-gpu-rdc --offload-arch=sm_90 -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=fauto-compile --implicit-check-not=fhsa-ext --implicit-check-not=gpu-rdc --implicit-check-not='"-hc"'
// CHECK: "--cuda-host-only"
// CHECK: "--cuda-device-only"

// Other -Xclang flags still reach clang.
// RUN: %hcc -### -Xclang -fno-pch-timestamp -c %s -o %t.o 2>&1 | FileCheck --check-prefix=XCLANG %s
// XCLANG: "--cuda-host-only"{{.*}} "-Xclang" "-fno-pch-timestamp"

// RUN: %hcc -c --offload-arch=none %s -o %t.o
// RUN: %hcc -### %t.o -lmcwamp -lhc_am -Wl,--whole-archive -lmcwamp -Wl,--no-whole-archive -o %t 2>&1 \
// RUN:   | FileCheck --check-prefix=LIBS %s --implicit-check-not=mcwamp --implicit-check-not=hc_am
// LIBS: "-lhc_runtime"

int main() {}
