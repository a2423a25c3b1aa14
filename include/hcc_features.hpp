// <hcc_features.hpp>: feature flags that programs test to learn what this
// hcc provides, under hcc's names. <hc.hpp> includes it.
#ifndef HCC_FEATURES_HPP
#define HCC_FEATURES_HPP

// am_memtracker_update() takes the application pointer (its fourth
// parameter).
#define __HCC_HAS_EXTENDED_AM_MEMTRACKER_UPDATE (1)

// hc::printf in kernels (<hc_printf.hpp>, docs/printf.md).
#define __HCC_FEATURE_PRINTF (1)

#endif // HCC_FEATURES_HPP
