// 32-bit element offsets in kernels.
//
// An element of a view is at offset_ + idx[0] * stride[0] + ... in its
// data. In 64-bit arithmetic every term is a 64-bit multiplication and
// every neighbour (`in(z - 1, y, x)`) its own sum: on a GPU, which has no
// 64-bit integer unit, a 3-D stencil spends more instructions on addresses
// than the same kernel written with CUDA's `int` indices. hcc computed
// offsets in `int` (Kalmar::amp_helper::flatten), which limits a view to
// 2^31 elements. We keep 64-bit offsets for larger data and use 32 bits
// where they are exact:
//
// * every kernel has two GPU entry points (parallel_for_each.hpp), the
//   second annotated "hcc.offsets_32_entry";
// * element offsets ask __hcc_offsets_fit_32_bits(), which the pass plugin
//   (llvm-passes/optimize/KernelOffsetWidth.h) answers, once the kernel's
//   code is inlined into its entry points, with true in the body of a
//   second entry point and false anywhere else (functions not inlined, the
//   first entry point); a second entry point without a question left is
//   removed;
// * the runtime launches the second entry point while no allocation behind
//   an array or array_view (storage) has 2^31 bytes or more, so that no
//   offset into one exceeds 2^31 - 1 elements of any type
//   (lib/hc-runtime/core/kernel_entry.cpp);
// * a view made inside a kernel over memory the runtime does not know (a
//   pointer) says how many elements it has through
//   __hcc_view_over_kernel_memory(); where that is not a constant below
//   2^31 the pass removes the second entry point, so such kernels keep
//   64-bit offsets. Views of rank 1 need no marker: their offsets are below
//   their extent, an int.
// Only ranks 2 and up compute offsets in 32 bits (data_access.hpp says
// why), so kernels that address only rank-1 data have one entry point.
//
// Host passes (the CPU backend included) always use 64-bit offsets.
#ifndef HC_DETAIL_OFFSET_WIDTH_HPP
#define HC_DETAIL_OFFSET_WIDTH_HPP

#include "hc/detail/config.hpp"

#include <cstddef>

#if HC_DEVICE_PASS
// Declared const and not convergent (as __hcc_array_data) so that
// optimisations before the pass treat the answer as a value; never defined.
extern "C" __attribute__((host, device, const, nothrow, noconvergent)) bool
__hcc_offsets_fit_32_bits(void);
// Returns `data`; `elements` is the view's element count.
extern "C" __attribute__((host, device, const, nothrow, noconvergent)) void *
__hcc_view_over_kernel_memory(void *data, std::size_t elements);
#endif

// Marks a kernel's second entry point (hc::abi::offsets_32_entry_annotation).
#define HC_OFFSETS_32_ENTRY __attribute__((annotate("hcc.offsets_32_entry")))
// Marks a tiled kernel's entry point for one block per whole tile
// (hc::abi::whole_tiles_entry_annotation), also a 32-bit-offset entry.
#define HC_WHOLE_TILES_ENTRY __attribute__((annotate("hcc.whole_tiles_entry")))

namespace hc {
namespace detail {

HC_INLINE HC_HOST_DEVICE bool offsets_fit_32_bits() {
#if HC_DEVICE_PASS
  return __hcc_offsets_fit_32_bits();
#else
  return false;
#endif
}

template <typename T>
HC_INLINE HC_HOST_DEVICE T *kernel_memory_view_data(T *data,
                                                    std::size_t elements) {
#if HC_DEVICE_PASS
  return static_cast<T *>(__hcc_view_over_kernel_memory(
      const_cast<void *>(static_cast<const void *>(data)), elements));
#else
  (void)elements;
  return data;
#endif
}

} // namespace detail
} // namespace hc

#endif // HC_DETAIL_OFFSET_WIDTH_HPP
