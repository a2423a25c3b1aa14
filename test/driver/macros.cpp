// The predefined macros of hcc, as seen by the host pass (-E runs the host
// pass only).

// RUN: %hcc -E -dM %s | FileCheck --check-prefixes=COMMON,HC %s --implicit-check-not=__KALMAR_AMP__ --implicit-check-not=__KALMAR_ACCELERATOR__
// RUN: %hcc -hc -E -dM %s | FileCheck --check-prefixes=COMMON,HC %s --implicit-check-not=__KALMAR_AMP__
// RUN: %hcc -std=c++amp -E -dM %s | FileCheck --check-prefixes=COMMON,AMP %s --implicit-check-not=__KALMAR_HC__ --implicit-check-not=__KALMAR_ACCELERATOR__
// What the original hcc-config printed for hc programs: -hc wins.
// RUN: %hcc -hc -std=c++amp -E -dM %s | FileCheck --check-prefixes=COMMON,HC %s --implicit-check-not=__KALMAR_AMP__
// RUN: %hcc -hc -I%S -std=c++amp -E -dM %s | FileCheck --check-prefixes=COMMON,HC %s --implicit-check-not=__KALMAR_AMP__
// Otherwise the later of -hc and -std=c++amp wins: hcc-config's hc flags
// followed by its C++ AMP ones (-hc -std=c++17 ... -std=c++amp) are C++ AMP.
// RUN: %hcc -hc -std=c++17 -I%S -std=c++amp -E -dM %s | FileCheck --check-prefixes=COMMON,AMP %s --implicit-check-not=__KALMAR_HC__
// RUN: %hcc -hc -std=c++17 -famp -E -dM %s | FileCheck --check-prefixes=COMMON,AMP %s --implicit-check-not=__KALMAR_HC__
// RUN: %hcc -std=c++amp -hc -E -dM %s | FileCheck --check-prefixes=COMMON,HC %s --implicit-check-not=__KALMAR_AMP__
// The device pass: __GPU__ as in the original hcc, and its own backend.
// RUN: %hcc -### -c --offload-arch=sm_90,gfx90a %s -o %t.o 2>&1 | FileCheck --check-prefix=DEVICE %s
// DEVICE: "--cuda-host-only"{{.*}}"-D__hcc_backend__=HCC_BACKEND_NVPTX"
// DEVICE: "--cuda-device-only"{{.*}}"-D__GPU__=1"{{.*}}"-D__hcc_backend__=HCC_BACKEND_NVPTX"
// DEVICE: "-D__GPU__=1"{{.*}}"-D__hcc_backend__=HCC_BACKEND_AMDGPU"
// RUN: %hcc --offload-arch=gfx90a -E -dM %s | FileCheck --check-prefix=AMDGPU %s
// AMDGPU: #define __hcc_backend__ HCC_BACKEND_AMDGPU
// The user can still undefine them.
// RUN: %hcc -U__HCC__ -E -dM %s | FileCheck --check-prefix=UNDEF %s

// COMMON-DAG: #define __HCC__ 1
// COMMON-DAG: #define __KALMAR_CC__ 1
// COMMON-DAG: #define __hcc_workweek__ {{[0-9][0-9][0-9][0-9][1-7]$}}
// COMMON-DAG: #define __hcc_backend__ HCC_BACKEND_NVPTX
// COMMON-DAG: #define HCC_BACKEND_AMDGPU (1)
// COMMON-DAG: #define HCC_BACKEND_NVPTX (2)
// COMMON-DAG: #define __hcc_major__ 4
// COMMON-DAG: #define __hcc_minor__ 0
// COMMON-DAG: #define __hcc_patchlevel__ {{[0-9][0-9][0-9][0-9]$}}
// COMMON-DAG: #define __hcc_version__ "4.0.{{[0-9][0-9][0-9][0-9]}}-{{([0-9a-f]+|unknown)}}-{{[0-9]+\.[0-9]+\.[0-9]+}}"
// COMMON-DAG: #define __KALMAR_CPU__ 1
// COMMON-DAG: #define __HCC_CPU__ 1
// HC-DAG: #define __KALMAR_HC__ 1
// HC-DAG: #define __HCC_HC__ 1
// AMP-DAG: #define __KALMAR_AMP__ 1
// AMP-DAG: #define __HCC_AMP__ 1
// C++ AMP is compiled as C++17.
// AMP-DAG: #define __cplusplus 201703L

// UNDEF-NOT: #define __HCC__ 1
// UNDEF: #define __KALMAR_CPU__ 1
