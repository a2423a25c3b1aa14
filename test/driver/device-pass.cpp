// -fsyntax-only checks both passes, and each pass sees its own macros.

// RUN: %hcc -fsyntax-only --offload-arch=sm_90 %s
// RUN: not %hcc -fsyntax-only --offload-arch=sm_90 -DBREAK_DEVICE %s 2>&1 | FileCheck %s
// RUN: not %hcc -c --offload-arch=sm_90 -DBREAK_DEVICE %s -o %t.o 2>&1 | FileCheck %s
// Without a device pass the device-only error cannot happen.
// RUN: %hcc -fsyntax-only --offload-arch=none -DBREAK_DEVICE %s

// CHECK: error: "reached the device pass"
// CHECK: error generated when compiling for sm_90

#if defined(__KALMAR_ACCELERATOR__) && defined(__KALMAR_CPU__)
#error "both passes at once"
#endif

#ifdef __KALMAR_ACCELERATOR__
static_assert(__KALMAR_ACCELERATOR__ == 1 && __HCC_ACCELERATOR__ == 1, "");
#ifdef BREAK_DEVICE
#error "reached the device pass"
#endif
#else
static_assert(__KALMAR_CPU__ == 1 && __HCC_CPU__ == 1, "");
#endif

static_assert(__HCC__ == 1, "");
