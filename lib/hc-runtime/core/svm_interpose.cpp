// free, realloc and munmap, seen by the runtime before the memory goes away
// (docs/svm.md): host memory registered for kernels must be unregistered
// before its pages are returned to the kernel, or a later mapping at the
// same address would reach the GPU's stale, still-pinned pages.
//
// libhc_runtime precedes libc in a program's search order, so these
// definitions are the ones every free()/realloc()/munmap() call binds to.
// Each forwards to the next definition (glibc's, or a malloc library's
// that comes after us). While nothing releasable is registered the cost is
// one relaxed atomic load.
#include "core/svm_visibility.hpp"

#include <cstddef>
#include <cstdint>
#include <dlfcn.h>
#include <sys/syscall.h>
#include <unistd.h>

extern "C" {
void __libc_free(void *);
void *__libc_realloc(void *, std::size_t);
}

namespace {

using free_fn = void (*)(void *);
using realloc_fn = void *(*)(void *, std::size_t);

// Resolved once the runtime's constructors run; glibc's entry points until
// then (dlsym itself allocates).
free_fn next_free = __libc_free;
realloc_fn next_realloc = __libc_realloc;

__attribute__((constructor(101))) void resolve_next_allocator() {
  if (auto f = reinterpret_cast<free_fn>(dlsym(RTLD_NEXT, "free")))
    next_free = f;
  if (auto f = reinterpret_cast<realloc_fn>(dlsym(RTLD_NEXT, "realloc")))
    next_realloc = f;
}

// Only glibc's chunks have the header svm_mappings.cpp reads.
bool allocator_is_glibc() { return next_free == __libc_free; }

} // namespace

extern "C" {

__attribute__((visibility("default"))) void free(void *p) noexcept {
  if (p && allocator_is_glibc())
    hc::detail::rt::svm::forget_freed_allocation(p);
  next_free(p);
}

__attribute__((visibility("default"))) void *realloc(void *p,
                                                     std::size_t n) noexcept {
  if (p && allocator_is_glibc())
    hc::detail::rt::svm::forget_freed_allocation(p);
  return next_realloc(p, n);
}

__attribute__((visibility("default"))) int munmap(void *addr,
                                                  std::size_t length) noexcept {
  auto begin = reinterpret_cast<std::uintptr_t>(addr);
  hc::detail::rt::svm::forget_unmapped_range(begin, begin + length);
  return static_cast<int>(syscall(SYS_munmap, addr, length));
}

} // extern "C"
