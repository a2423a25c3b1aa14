// The device heap: malloc/free/new/delete in GPU kernels (docs/device-heap.md).
//
// hcc's device pass (llvm-passes/heap/DeviceHeapCalls.cpp) renames every call
// of malloc, free, calloc, realloc, aligned_alloc, posix_memalign and the
// global operator new / delete variants to the __hcc_heap_* functions
// defined here. They allocate from one heap per device that the runtime
// creates when it loads the first module using them and points
// __hcc_device_heap at (lib/hc-runtime/core/device_heap_setup.cpp). Modules
// whose kernels allocate nothing lose all of this to the device pass's
// pruning. The compiler and the runtime take these names from
// abi_names.h.
//
// The allocator itself is device_heap_allocator.hpp.
#ifndef HC_DETAIL_DEVICE_HEAP_HPP
#define HC_DETAIL_DEVICE_HEAP_HPP

#include "config.hpp"

// HIP's macros (HIP Programming Guide): define them before including <hc.hpp>
// to size the heap of a program. HCC_DEVICE_HEAP_SIZE (run time) overrides the
// number of pages.
#if defined(__HIP_SIZE_OF_PAGE)
#define HC_DEVICE_HEAP_PAGE_SIZE_MACRO (__HIP_SIZE_OF_PAGE)
#else
#define HC_DEVICE_HEAP_PAGE_SIZE_MACRO 0
#endif
#if defined(__HIP_NUM_PAGES)
#define HC_DEVICE_HEAP_NUM_PAGES_MACRO (__HIP_NUM_PAGES)
#else
#define HC_DEVICE_HEAP_NUM_PAGES_MACRO 0
#endif

static_assert(HC_DEVICE_HEAP_PAGE_SIZE_MACRO == 0 ||
                  (HC_DEVICE_HEAP_PAGE_SIZE_MACRO >= 4096 &&
                   HC_DEVICE_HEAP_PAGE_SIZE_MACRO <= (16 << 20) &&
                   (HC_DEVICE_HEAP_PAGE_SIZE_MACRO &
                    (HC_DEVICE_HEAP_PAGE_SIZE_MACRO - 1)) == 0),
              "__HIP_SIZE_OF_PAGE must be a power of two from 4096 to "
              "16777216 bytes (docs/device-heap.md)");
static_assert(HC_DEVICE_HEAP_NUM_PAGES_MACRO >= 0 &&
                  HC_DEVICE_HEAP_NUM_PAGES_MACRO < 0x40000000,
              "__HIP_NUM_PAGES must be below 2^30 (docs/device-heap.md)");

#if HC_DEVICE_PASS
#include "device_heap_allocator.hpp"

extern "C" {
// `heap` is set by the runtime when it loads a module that allocates; the
// program's __HIP_SIZE_OF_PAGE and __HIP_NUM_PAGES (0: not defined) ride
// along for it to size the device's heap.
__attribute__((device))
HC_MODULE_VARIABLE hc::detail::device_heap::module_heap __hcc_device_heap = {
    nullptr, HC_DEVICE_HEAP_PAGE_SIZE_MACRO, HC_DEVICE_HEAP_NUM_PAGES_MACRO};
}

namespace hc {
namespace detail {
namespace device_heap {

// operator new: never returns null. Out of memory ends the work-item; the
// runtime turns the recorded error into an hc::runtime_exception.
__attribute__((device)) static inline void *must_allocate(void *p, u64 size) {
  if (p)
    return p;
  if (control *h = __hcc_device_heap.heap)
    report(h, error_exhausted, nullptr, size);
  __gpu_exit();
}

} // namespace device_heap
} // namespace detail
} // namespace hc

// The functions the device pass calls instead of the C and C++ library's.
// Their signatures are those of the functions they replace.
extern "C" {
#define HC_HEAP_ENTRY __attribute__((device, noinline))
#define HC_HEAP (__hcc_device_heap.heap)
namespace hc_heap_ns = ::hc::detail::device_heap;

HC_HEAP_ENTRY void *__hcc_heap_malloc(size_t size) {
  return hc_heap_ns::allocate(HC_HEAP, size);
}
HC_HEAP_ENTRY void __hcc_heap_free(void *p) {
  hc_heap_ns::deallocate(HC_HEAP, p);
}
HC_HEAP_ENTRY void *__hcc_heap_calloc(size_t count, size_t size) {
  return hc_heap_ns::allocate_zeroed(HC_HEAP, count, size);
}
HC_HEAP_ENTRY void *__hcc_heap_realloc(void *p, size_t size) {
  return hc_heap_ns::reallocate(HC_HEAP, p, size);
}
HC_HEAP_ENTRY void *__hcc_heap_aligned_alloc(size_t align, size_t size) {
  return hc_heap_ns::allocate_aligned(HC_HEAP, size, align);
}
HC_HEAP_ENTRY int __hcc_heap_posix_memalign(void **out, size_t align,
                                            size_t size) {
  if (align < sizeof(void *) || (align & (align - 1)))
    return 22; // EINVAL
  void *p = hc_heap_ns::allocate_aligned(HC_HEAP, size, align);
  if (!p)
    return 12; // ENOMEM
  *out = p;
  return 0;
}
// operator new / new[] (all the same to the heap).
HC_HEAP_ENTRY void *__hcc_heap_new(size_t size) {
  return hc_heap_ns::must_allocate(hc_heap_ns::allocate(HC_HEAP, size), size);
}
HC_HEAP_ENTRY void *__hcc_heap_new_nothrow(size_t size, const void *) {
  return hc_heap_ns::allocate(HC_HEAP, size);
}
HC_HEAP_ENTRY void *__hcc_heap_new_aligned(size_t size, size_t align) {
  return hc_heap_ns::must_allocate(
      hc_heap_ns::allocate_aligned(HC_HEAP, size, align), size);
}
HC_HEAP_ENTRY void *__hcc_heap_new_aligned_nothrow(size_t size, size_t align,
                                                   const void *) {
  return hc_heap_ns::allocate_aligned(HC_HEAP, size, align);
}
// operator delete / delete[]: sized and aligned forms ignore the extras.
HC_HEAP_ENTRY void __hcc_heap_delete(void *p) {
  hc_heap_ns::deallocate(HC_HEAP, p);
}
HC_HEAP_ENTRY void __hcc_heap_delete_sized(void *p, size_t) {
  hc_heap_ns::deallocate(HC_HEAP, p);
}
HC_HEAP_ENTRY void __hcc_heap_delete_aligned(void *p, size_t) {
  hc_heap_ns::deallocate(HC_HEAP, p);
}
HC_HEAP_ENTRY void __hcc_heap_delete_sized_aligned(void *p, size_t, size_t) {
  hc_heap_ns::deallocate(HC_HEAP, p);
}
HC_HEAP_ENTRY void __hcc_heap_delete_nothrow(void *p, const void *) {
  hc_heap_ns::deallocate(HC_HEAP, p);
}
HC_HEAP_ENTRY void __hcc_heap_delete_aligned_nothrow(void *p, size_t,
                                                     const void *) {
  hc_heap_ns::deallocate(HC_HEAP, p);
}
#undef HC_HEAP
#undef HC_HEAP_ENTRY
}
#endif // HC_DEVICE_PASS

#endif // HC_DETAIL_DEVICE_HEAP_HPP
