// C++ AMP mode's macros: __KALMAR_AMP__ (and __HCC_AMP__) instead of the hc
// mode ones, __KALMAR_ACCELERATOR__ only in the device pass and
// __KALMAR_CPU__ only in the host pass; C++17 underneath.

// RUN: %hcc -std=c++amp -E -dM %s | FileCheck --check-prefix=HOST %s --implicit-check-not=__KALMAR_HC__ --implicit-check-not=__KALMAR_ACCELERATOR__
// HOST-DAG: #define __KALMAR_AMP__ 1
// HOST-DAG: #define __HCC_AMP__ 1
// HOST-DAG: #define __KALMAR_CPU__ 1
// HOST-DAG: #define __cplusplus 201703L

// Both passes get -std=c++17 and tell the Clang plugin to rewrite restrict.
// RUN: %hcc -std=c++amp --offload-arch=sm_90 -### -c %s -o %t.o 2>&1 | FileCheck --check-prefix=CMD %s
// CMD: "--cuda-host-only"{{.*}}"-fplugin-arg-hcc-amp"{{.*}}"-std=c++17"
// CMD: "--cuda-device-only"{{.*}}"-fplugin-arg-hcc-amp"{{.*}}"-std=c++17"

// Both passes check themselves (compile errors otherwise).
// RUN: %hcc -std=c++amp --offload-arch=sm_90 -fsyntax-only %s

#if !defined(__KALMAR_AMP__) || __KALMAR_AMP__ != 1 || defined(__KALMAR_HC__)
#error "C++ AMP mode macros"
#endif
#if defined(__KALMAR_ACCELERATOR__) == defined(__KALMAR_CPU__)
#error "exactly one of __KALMAR_ACCELERATOR__ and __KALMAR_CPU__"
#endif
#if defined(__CUDA_ARCH__) && !(__KALMAR_ACCELERATOR__ + 0)
#error "device pass without __KALMAR_ACCELERATOR__"
#endif
#if !defined(__CUDA_ARCH__) && !(__KALMAR_CPU__ + 0)
#error "host pass without __KALMAR_CPU__"
#endif
static_assert(__cplusplus == 201703L, "C++ AMP mode compiles as C++17");
