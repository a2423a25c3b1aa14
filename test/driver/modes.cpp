// -E, -S, -fsyntax-only and -M stop early and run only the passes they need.

// -E: the host pass only, to stdout or -o.
// RUN: %hcc -### -E %s --offload-arch=sm_90 2>&1 | FileCheck --check-prefix=PP %s
// PP: "--cuda-host-only"{{.*}} "-E" "{{[^"]*}}modes.cpp"
// PP-NOT: --cuda-device-only
// PP-NOT: ld.lld
// RUN: %hcc -E %s | FileCheck --check-prefix=PPOUT %s
// RUN: %hcc -E %s -o %t.ii && FileCheck --check-prefix=PPOUT %s < %t.ii
// PPOUT: int marker_for_preprocessing;

// -S: host assembly only.
// RUN: %hcc -### -S %s -o %t.s --offload-arch=sm_90 2>&1 | FileCheck --check-prefix=ASM %s
// ASM: "--cuda-host-only"{{.*}} "-S" "-o" "{{[^"]*}}.s"
// ASM-NOT: --cuda-device-only
// RUN: %hcc -S %s -o %t.s && FileCheck --check-prefix=ASMOUT %s < %t.s
// ASMOUT: marker_for_preprocessing

// -fsyntax-only: host and device pass, no output, no link.
// RUN: %hcc -### -fsyntax-only --offload-arch=sm_90 %s 2>&1 | FileCheck --check-prefix=SYN %s
// SYN: "--cuda-host-only"{{.*}} "-fsyntax-only" "{{[^"]*}}modes.cpp"
// SYN: "--cuda-device-only"{{.*}} "-fsyntax-only" "{{[^"]*}}modes.cpp"
// SYN-NOT: ld.lld
// SYN-NOT: lhc_runtime

// -M / -MM: dependencies from the host pass.
// RUN: %hcc -M %s | FileCheck --check-prefix=DEP %s
// DEP: {{^}}modes.o: {{.*}}modes.cpp

// -MD: the dependency file is named and targeted as clang would, even
// though the host pass writes to a temporary object.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %hcc -MD -c %s -o %t.dir/x.o --offload-arch=sm_90
// RUN: FileCheck --check-prefix=MD %s < %t.dir/x.d
// MD: {{^}}{{.*}}x.o:
// MD: modes.cpp

int marker_for_preprocessing;
