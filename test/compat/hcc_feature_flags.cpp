// RUN: %hcc -hc %s -o %t && %t
//
// hcc's feature flags: <hc.hpp> defines them (through <hcc_features.hpp>,
// which programs may also include themselves).
#include <hc.hpp>
#include <hcc_features.hpp>

#include <cstdio>

#if !defined(__HCC_HAS_EXTENDED_AM_MEMTRACKER_UPDATE) || !defined(__HCC_FEATURE_PRINTF)
#error "hcc's feature flags are missing"
#endif

int main() {
  int failures = 0;
  if (__HCC_HAS_EXTENDED_AM_MEMTRACKER_UPDATE != 1) {
    std::printf("FAIL __HCC_HAS_EXTENDED_AM_MEMTRACKER_UPDATE is %d\n",
                __HCC_HAS_EXTENDED_AM_MEMTRACKER_UPDATE);
    ++failures;
  }
  if (__HCC_FEATURE_PRINTF != 1) {
    std::printf("FAIL __HCC_FEATURE_PRINTF is %d\n", __HCC_FEATURE_PRINTF);
    ++failures;
  }
  return failures;
}
