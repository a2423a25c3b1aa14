// The user's compile flags reach both passes (in order, after hcc's own, so
// that -U can undo a predefined macro); flags that only make sense on the
// host (dependency files) or at the link stay out of the device pass.

// RUN: %hcc -fsyntax-only --offload-arch=sm_90 -O2 -std=c++20 -DFOO=1 -I%S/Inputs -UBAR -DBAR -UBAR -Wall -g %s
// RUN: not %hcc -fsyntax-only --offload-arch=sm_90 -std=c++17 -DFOO=1 -I%S/Inputs %s 2>&1 | FileCheck --check-prefix=STD %s
// STD: error: "needs C++20"

// RUN: %hcc -### -c %s -o %t.o --offload-arch=sm_90 -O2 -std=c++20 -DFOO=1 -I%S/Inputs -UBAR -Wall -g -MD -Wl,-z,now 2>&1 | FileCheck %s
// CHECK: "--cuda-host-only"
// CHECK-SAME: "-O2" "-std=c++20" "-DFOO=1" "-I{{[^"]*}}Inputs" "-UBAR" "-Wall" "-g" "-MD" "-Wno-unknown-cuda-version" "-MF" "{{[^"]*}}.d" "-MT" "{{[^"]*}}passthrough.cpp.tmp.o" "-c"
// CHECK: "--cuda-device-only"
// CHECK-NOT: "-gline-tables-only"
// CHECK-NOT: "-O3"
// CHECK-SAME: "-O2" "-std=c++20" "-DFOO=1" "-I{{[^"]*}}Inputs" "-UBAR" "-Wall" "-g" "-w" "-Wno-unknown-cuda-version" "-S"
// CHECK-NOT: -Wl,-z,now

// Without -O and -g the device pass is optimised and keeps line tables.
// RUN: %hcc -### -c %s -o %t.o --offload-arch=sm_90 -DFOO=1 2>&1 | FileCheck --check-prefix=DEFAULTS %s
// DEFAULTS: "--cuda-device-only"{{.*}} "-O3" "-gline-tables-only" "-mllvm" "-unroll-partial-threshold=300" "-DFOO=1" "-w"

// -O0 given explicitly reaches the device pass unchanged.
// RUN: %hcc -### -c %s -o %t.o --offload-arch=sm_90 -O0 2>&1 | FileCheck --check-prefix=O0 %s
// O0: "--cuda-device-only"
// O0-NOT: "-O3"
// O0-SAME: "-O0" "-w"

#include <passthrough.h>

#ifndef FOO
#error "FOO not defined"
#endif
#ifdef BAR
#error "BAR should be undefined"
#endif
#if __cplusplus < 202002L
#error "needs C++20"
#endif
static_assert(PASSTHROUGH_HEADER_VALUE == 7, "");
