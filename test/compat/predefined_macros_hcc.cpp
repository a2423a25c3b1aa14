// The predefined macros of the original hcc, in both passes: __KALMAR_CC__
// and __HCC__, the version macros (__hcc_workweek__ is yyWWd, five digits
// as hcc's), __hcc_backend__ with its values, the language mode pair, and
// the pass macros (__GPU__ in the device pass, like hcc's). A missing one
// stops the compile with #error in the pass that lacks it.

// RUN: %hcc -hc %s -o %t && %t | FileCheck --check-prefix=HC %s
// RUN: %hcc -std=c++amp %s -o %t.amp && %t.amp | FileCheck --check-prefix=AMP %s
// RUN: %hcc -famp %s -o %t.famp && %t.famp | FileCheck --check-prefix=AMP %s
// RUN: %hcc -hc --offload-arch=gfx90a -fsyntax-only -DEXPECT_AMDGPU %s
// HC: mode hc
// AMP: mode amp

#include <cstdio>

#if !defined(__KALMAR_CC__) || !defined(__HCC__)
#error __KALMAR_CC__ and __HCC__ must be predefined
#endif
#if !defined(__hcc_major__) || !defined(__hcc_minor__) ||                     \
    !defined(__hcc_patchlevel__) || !defined(__hcc_version__)
#error the version macros must be predefined
#endif
#if !defined(__hcc_workweek__) || __hcc_workweek__ < 10001 ||                  \
    __hcc_workweek__ > 99537
#error __hcc_workweek__ must be yyWWd
#endif
#if __hcc_workweek__ / 10 != __hcc_patchlevel__
#error __hcc_workweek__ must extend __hcc_patchlevel__ by the weekday
#endif
#if !defined(__hcc_backend__) || !defined(HCC_BACKEND_AMDGPU) ||              \
    HCC_BACKEND_AMDGPU == HCC_BACKEND_NVPTX
#error __hcc_backend__ and distinct backend values must be predefined
#endif
#if defined(EXPECT_AMDGPU) != (__hcc_backend__ == HCC_BACKEND_AMDGPU)
#error __hcc_backend__ must name the device code generator
#endif
#if defined(__KALMAR_HC__) == defined(__KALMAR_AMP__) ||                       \
    defined(__HCC_HC__) == defined(__HCC_AMP__) ||                             \
    defined(__KALMAR_HC__) != defined(__HCC_HC__)
#error exactly one language mode, both spellings
#endif
#if defined(__KALMAR_ACCELERATOR__) == defined(__KALMAR_CPU__) ||              \
    defined(__HCC_ACCELERATOR__) != defined(__KALMAR_ACCELERATOR__) ||         \
    defined(__HCC_CPU__) != defined(__KALMAR_CPU__)
#error exactly one pass macro, both spellings
#endif
#if defined(__KALMAR_ACCELERATOR__) != defined(__GPU__)
#error __GPU__ is defined in the device pass only
#endif

#ifdef __HCC_HC__
static const char *const Mode = "hc";
#else
static const char *const Mode = "amp";
#endif

int main() {
  std::printf("mode %s\n", Mode);
  return 0;
}
