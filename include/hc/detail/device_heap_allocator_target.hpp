// What the device heap's allocator (device_heap_allocator.hpp, which
// includes this part) needs from the target: device-scope atomics, the
// control block's addresses as pointers, which work-group and work-item is
// calling, and reporting an error to the host. Host builds (the unit tests)
// get the C++ memory model's atomics and are told who is calling.
#ifndef HC_DETAIL_DEVICE_HEAP_ALLOCATOR_TARGET_HPP
#define HC_DETAIL_DEVICE_HEAP_ALLOCATOR_TARGET_HPP

#ifndef HC_HEAP_FN
#error "include device_heap_allocator.hpp, not its parts"
#endif

namespace hc {
namespace detail {
namespace device_heap {

// Device-scope atomics on device memory (system scope only for the
// host-mapped status block). Claiming a chunk acquires and freeing it
// releases, so the previous owner's writes to a block come before the next
// owner's; the claim counter is relaxed (the bitmap orders).
//
// Clang 22 drops the scope of __scoped_atomic_* on NVPTX (everything would
// be system scope, whose acquire/release fences are far slower), so on
// sm_70 and later the operations are the PTX instructions with .gpu scope.
#if !HC_HEAP_GPU
// Host builds (unit tests): the C++ memory model's atomics.
HC_HEAP_FN u32 load(u32 *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
HC_HEAP_FN u64 load64(u64 *p) { return __atomic_load_n(p, __ATOMIC_ACQUIRE); }
HC_HEAP_FN void store(u32 *p, u32 v) {
  __atomic_store_n(p, v, __ATOMIC_RELEASE);
}
HC_HEAP_FN u32 fetch_add(u32 *p, u32 v) {
  return __atomic_fetch_add(p, v, __ATOMIC_RELAXED);
}
HC_HEAP_FN u32 fetch_sub(u32 *p, u32 v) {
  return __atomic_fetch_sub(p, v, __ATOMIC_ACQ_REL);
}
HC_HEAP_FN u32 fetch_or(u32 *p, u32 v) {
  return __atomic_fetch_or(p, v, __ATOMIC_ACQ_REL);
}
HC_HEAP_FN u32 fetch_and(u32 *p, u32 v) {
  return __atomic_fetch_and(p, v, __ATOMIC_ACQ_REL);
}
HC_HEAP_FN bool cas(u32 *p, u32 expected, u32 desired) {
  return __atomic_compare_exchange_n(p, &expected, desired, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
HC_HEAP_FN bool cas64(u64 *p, u64 expected, u64 desired) {
  return __atomic_compare_exchange_n(p, &expected, desired, false,
                                     __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE);
}
#elif defined(__NVPTX__) && defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 700
HC_HEAP_FN u32 load(u32 *p) {
  u32 v;
  asm volatile("ld.acquire.gpu.b32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}
HC_HEAP_FN u64 load64(u64 *p) {
  u64 v;
  asm volatile("ld.acquire.gpu.b64 %0, [%1];" : "=l"(v) : "l"(p) : "memory");
  return v;
}
HC_HEAP_FN void store(u32 *p, u32 v) {
  asm volatile("st.release.gpu.b32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
HC_HEAP_FN u32 fetch_add(u32 *p, u32 v) {
  u32 r;
  asm volatile("atom.relaxed.gpu.add.u32 %0, [%1], %2;"
               : "=r"(r)
               : "l"(p), "r"(v)
               : "memory");
  return r;
}
HC_HEAP_FN u32 fetch_sub(u32 *p, u32 v) {
  u32 r;
  asm volatile("atom.acq_rel.gpu.add.u32 %0, [%1], %2;"
               : "=r"(r)
               : "l"(p), "r"(0u - v)
               : "memory");
  return r;
}
HC_HEAP_FN u32 fetch_or(u32 *p, u32 v) {
  u32 r;
  asm volatile("atom.acq_rel.gpu.or.b32 %0, [%1], %2;"
               : "=r"(r)
               : "l"(p), "r"(v)
               : "memory");
  return r;
}
HC_HEAP_FN u32 fetch_and(u32 *p, u32 v) {
  u32 r;
  asm volatile("atom.acq_rel.gpu.and.b32 %0, [%1], %2;"
               : "=r"(r)
               : "l"(p), "r"(v)
               : "memory");
  return r;
}
HC_HEAP_FN bool cas(u32 *p, u32 expected, u32 desired) {
  u32 r;
  asm volatile("atom.acq_rel.gpu.cas.b32 %0, [%1], %2, %3;"
               : "=r"(r)
               : "l"(p), "r"(expected), "r"(desired)
               : "memory");
  return r == expected;
}
HC_HEAP_FN bool cas64(u64 *p, u64 expected, u64 desired) {
  u64 r;
  asm volatile("atom.acq_rel.gpu.cas.b64 %0, [%1], %2, %3;"
               : "=l"(r)
               : "l"(p), "l"(expected), "l"(desired)
               : "memory");
  return r == expected;
}
#else
// AMDGPU (Clang maps the device scope to "agent"), and NVPTX before sm_70
// (no PTX memory model: relaxed operations between membar.gl fences).
#if defined(__NVPTX__)
#define HC_HEAP_ORDER(order) __ATOMIC_RELAXED
#define HC_HEAP_FENCE() __nvvm_membar_gl()
#else
#define HC_HEAP_ORDER(order) order
#define HC_HEAP_FENCE() ((void)0)
#endif
HC_HEAP_FN u32 load(u32 *p) {
  u32 v = __scoped_atomic_load_n(p, HC_HEAP_ORDER(__ATOMIC_ACQUIRE),
                                 __MEMORY_SCOPE_DEVICE);
  HC_HEAP_FENCE();
  return v;
}
HC_HEAP_FN u64 load64(u64 *p) {
  u64 v = __scoped_atomic_load_n(p, HC_HEAP_ORDER(__ATOMIC_ACQUIRE),
                                 __MEMORY_SCOPE_DEVICE);
  HC_HEAP_FENCE();
  return v;
}
HC_HEAP_FN void store(u32 *p, u32 v) {
  HC_HEAP_FENCE();
  __scoped_atomic_store_n(p, v, HC_HEAP_ORDER(__ATOMIC_RELEASE),
                          __MEMORY_SCOPE_DEVICE);
}
HC_HEAP_FN u32 fetch_add(u32 *p, u32 v) {
  return __scoped_atomic_fetch_add(p, v, __ATOMIC_RELAXED,
                                   __MEMORY_SCOPE_DEVICE);
}
#define HC_HEAP_RMW(name, builtin)                                             \
  HC_HEAP_FN u32 name(u32 *p, u32 v) {                                         \
    HC_HEAP_FENCE();                                                           \
    u32 r = builtin(p, v, HC_HEAP_ORDER(__ATOMIC_ACQ_REL),                     \
                    __MEMORY_SCOPE_DEVICE);                                    \
    HC_HEAP_FENCE();                                                           \
    return r;                                                                  \
  }
HC_HEAP_RMW(fetch_sub, __scoped_atomic_fetch_sub)
HC_HEAP_RMW(fetch_or, __scoped_atomic_fetch_or)
HC_HEAP_RMW(fetch_and, __scoped_atomic_fetch_and)
#undef HC_HEAP_RMW
template <typename T> HC_HEAP_FN bool cas_any(T *p, T expected, T desired) {
  HC_HEAP_FENCE();
  bool done = __scoped_atomic_compare_exchange_n(
      p, &expected, desired, false, HC_HEAP_ORDER(__ATOMIC_ACQ_REL),
      HC_HEAP_ORDER(__ATOMIC_ACQUIRE), __MEMORY_SCOPE_DEVICE);
  HC_HEAP_FENCE();
  return done;
}
HC_HEAP_FN bool cas(u32 *p, u32 expected, u32 desired) {
  return cas_any(p, expected, desired);
}
HC_HEAP_FN bool cas64(u64 *p, u64 expected, u64 desired) {
  return cas_any(p, expected, desired);
}
#undef HC_HEAP_ORDER
#undef HC_HEAP_FENCE
#endif

template <typename T> HC_HEAP_FN T *at(u64 address) {
  return reinterpret_cast<T *>(static_cast<size_t>(address));
}

// Host builds (unit tests) may define HC_HEAP_HOST_PAUSE() to let other
// threads run where a work-item holds a page out of every list: a few host
// cores then see the interleavings thousands of GPU work-items produce.
#if HC_HEAP_GPU || !defined(HC_HEAP_HOST_PAUSE)
#undef HC_HEAP_HOST_PAUSE
#define HC_HEAP_HOST_PAUSE() ((void)0)
#endif

// Which work-group (slot) and work-item (bitmap start) this is: spreads
// concurrent callers over pages and words.
#if HC_HEAP_GPU
HC_HEAP_FN u32 group_hash() {
  return __gpu_block_id_x() + 977u * __gpu_block_id_y() +
         7919u * __gpu_block_id_z();
}
HC_HEAP_FN u32 item_hash() {
  return __gpu_thread_id_x() + 31u * __gpu_thread_id_y() +
         131u * __gpu_thread_id_z() + 17u * group_hash();
}
#else
// Host builds (unit tests) say who is calling.
HC_HEAP_FN u32 group_hash() { return HC_HEAP_HOST_GROUP_ID(); }
HC_HEAP_FN u32 item_hash() {
  return HC_HEAP_HOST_ITEM_ID() + 17u * group_hash();
}
#endif

HC_HEAP_FN void report(control *h, u32 code, const void *address,
                       u64 size) {
  status *s = at<status>(h->status);
  if (!s)
    return;
  // Relaxed, then a system fence: the host reads it after the kernel.
  u32 expected = error_none;
#if !HC_HEAP_GPU
  if (__atomic_compare_exchange_n(&s->error, &expected, code, false,
                                  __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST)) {
    s->address = static_cast<u64>(reinterpret_cast<size_t>(address));
    s->size = size;
  }
#else
  if (__scoped_atomic_compare_exchange_n(&s->error, &expected, code, false,
                                         __ATOMIC_RELAXED, __ATOMIC_RELAXED,
                                         __MEMORY_SCOPE_SYSTEM)) {
    __scoped_atomic_store_n(&s->address,
                            static_cast<u64>(reinterpret_cast<size_t>(address)),
                            __ATOMIC_RELAXED, __MEMORY_SCOPE_SYSTEM);
    __scoped_atomic_store_n(&s->size, size, __ATOMIC_RELAXED,
                            __MEMORY_SCOPE_SYSTEM);
  }
#if defined(__NVPTX__)
  __nvvm_membar_sys();
#else
  __scoped_atomic_thread_fence(__ATOMIC_SEQ_CST, __MEMORY_SCOPE_SYSTEM);
#endif
#endif
}

} // namespace device_heap
} // namespace detail
} // namespace hc

#endif // HC_DETAIL_DEVICE_HEAP_ALLOCATOR_TARGET_HPP
