// The data pointer of hc::array and hc::array_view elements in kernels.
//
// In a device pass every element access goes through array_data(), which
// hands the pointer to the marker __hcc_array_data. The pass plugin
// (llvm-passes/svm/ArrayDataScope.h) gives the atomics whose address comes
// from a marker device scope instead of system scope -- the host does not
// touch an array's elements while a kernel runs -- and then replaces the
// marker by its argument. Host passes (the CPU backend included) use the
// pointer as it is.
#ifndef HC_DETAIL_ARRAY_DATA_HPP
#define HC_DETAIL_ARRAY_DATA_HPP

#include "hc/detail/config.hpp"

#if HC_DEVICE_PASS
// Returns its argument. Declared const and not convergent (CUDA mode makes
// every device function convergent, which would keep loops with an element
// access from being unrolled or hoisted from) so that optimisations before
// the pass treat it as a value; never defined: the pass removes every call.
extern "C" __attribute__((host, device, const, nothrow, noconvergent)) void *
__hcc_array_data(void *data);
#endif

namespace hc {
namespace detail {

template <typename T> HC_INLINE HC_HOST_DEVICE T *array_data(T *data) {
#if HC_DEVICE_PASS
  return (T *)__hcc_array_data((void *)data);
#else
  return data;
#endif
}

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_ARRAY_DATA_HPP
