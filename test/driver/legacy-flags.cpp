// Flags of the original hcc are accepted and dropped: -hc, hcc's cc1 flags
// given with -Xclang, -fno-gpu-rdc, and its old runtime libraries; the
// driver acts on -Xclang -fhsa-ext itself.

// RUN: %hcc -hc -Xclang -fauto-compile-for-accelerator -Xclang -fhsa-ext -fno-gpu-rdc -fsyntax-only --offload-arch=sm_90 %s
// RUN: %hcc -### -hc -Xclang -fauto-compile-for-accelerator -Xclang -fhsa-ext -fno-gpu-rdc --offload-arch=sm_90 -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck %s --implicit-check-not=fauto-compile --implicit-check-not=fhsa-ext --implicit-check-not=gpu-rdc --implicit-check-not='"-hc"'
// CHECK: "--cuda-host-only"
// CHECK: "--cuda-device-only"

// -Xclang -fhsa-ext is C++ AMP's HSA extension: in C++ AMP mode the plugin
// does not get C++ AMP's language rules (test/amp/hsa-extension-rules.cpp).
// RUN: %hcc -### -std=c++amp -Xclang -fhsa-ext -c %s -o %t.o 2>&1 \
// RUN:   | FileCheck --check-prefix=HSAEXT %s --implicit-check-not=fhsa-ext
// HSAEXT-NOT: -fplugin-arg-hcc-amp
// RUN: %hcc -### -std=c++amp -c %s -o %t.o 2>&1 | FileCheck --check-prefix=AMP %s
// AMP: "-fplugin-arg-hcc-amp"

// Other -Xclang flags still reach clang.
// RUN: %hcc -### -Xclang -fno-pch-timestamp -c %s -o %t.o 2>&1 | FileCheck --check-prefix=XCLANG %s
// XCLANG: "--cuda-host-only"{{.*}} "-Xclang" "-fno-pch-timestamp"

// RUN: %hcc -c --offload-arch=none %s -o %t.o
// RUN: %hcc -### %t.o -lmcwamp -lhc_am -Wl,--whole-archive -lmcwamp -Wl,--no-whole-archive -o %t 2>&1 \
// RUN:   | FileCheck --check-prefix=LIBS %s --implicit-check-not=mcwamp --implicit-check-not=hc_am
// LIBS: "-lhc_runtime"

int main() {}
