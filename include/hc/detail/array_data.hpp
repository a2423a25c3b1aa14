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
// The same for data known to be in global memory.
extern "C" __attribute__((host, device, const, nothrow, noconvergent)) void *
__hcc_global_array_data(void *data);
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

// The data of an hc::array: always in device memory or host memory the
// device maps, which kernels address as global memory. Its marker says so
// too, and the pass then makes the pointer a global one, so that loads and
// stores of elements are global ones (ld.global/st.global, LDG/STG in
// SASS) also where the data pointer was loaded from memory (an array
// captured by reference). Views may address a kernel's own memory (an
// array_view over tile_static data): array_view::access uses array_data.
template <typename T> HC_INLINE HC_HOST_DEVICE T *global_array_data(T *data) {
#if HC_DEVICE_PASS
  return (T *)__hcc_global_array_data((void *)data);
#else
  return data;
#endif
}

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_ARRAY_DATA_HPP
