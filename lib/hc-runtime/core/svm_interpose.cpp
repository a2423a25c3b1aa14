// The allocation functions, and the calls that unmap or replace pages,
// seen by the runtime on their way to the allocator or the kernel
// (docs/svm.md). Host memory registered for kernels must be
// unregistered before its pages are returned to the kernel, or a later
// mapping at the same address would reach the GPU's stale, still-pinned
// pages; an allocator unmaps large blocks inside free() and realloc(), so
// the runtime records large blocks as they are handed out
// (svm_large_blocks.hpp) and releases their registrations before they are
// freed.
//
// libhc_runtime precedes libc in a program's search order, so these
// definitions are the ones every call binds to unless an allocator comes
// first (LD_PRELOAD, a sanitizer's). Each forwards to the next definition
// (glibc's, or a malloc library's that comes after us). Small requests
// cost one comparison more; free() of a small block a call and a load or
// two (about 2 ns per malloc/free pair in all).
#include "core/svm_large_blocks.hpp"
#include "core/svm_visibility.hpp"

#include <cerrno>
#include <cstdarg>
#include <cstddef>
#include <cstdint>
#include <dlfcn.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

extern "C" {
void *__libc_malloc(std::size_t);
void *__libc_calloc(std::size_t, std::size_t);
void *__libc_realloc(void *, std::size_t);
void *__libc_memalign(std::size_t, std::size_t);
void __libc_free(void *);
}

namespace {

namespace svm = hc::detail::rt::svm;

using malloc_fn = void *(*)(std::size_t);
using calloc_fn = void *(*)(std::size_t, std::size_t);
using realloc_fn = void *(*)(void *, std::size_t);
using memalign_fn = void *(*)(std::size_t, std::size_t);
using posix_memalign_fn = int (*)(void **, std::size_t, std::size_t);
using free_fn = void (*)(void *);

// glibc's entry points until the runtime's constructors resolve the next
// definitions (dlsym itself allocates). Every entry point is forwarded to
// one of these few, so one allocator serves a block from start to end.
malloc_fn next_malloc = __libc_malloc;
calloc_fn next_calloc = __libc_calloc;
realloc_fn next_realloc = __libc_realloc;
memalign_fn next_memalign = __libc_memalign;
free_fn next_free = __libc_free;

template <typename Fn> void resolve(Fn &fn, const char *name) {
  if (auto f = reinterpret_cast<Fn>(dlsym(RTLD_NEXT, name)))
    fn = f;
}

__attribute__((constructor(101))) void resolve_next_allocator() {
  resolve(next_malloc, "malloc");
  resolve(next_calloc, "calloc");
  resolve(next_realloc, "realloc");
  resolve(next_memalign, "memalign");
  resolve(next_free, "free");
}

void *noted(void *p, std::size_t bytes) {
  if (bytes >= svm::tracked_block_bytes)
    svm::note_allocated_block(p, bytes);
  return p;
}

// Before the allocator takes the block at `p` back: drops it from the
// table and releases its own registration. True, with the block's extent
// in `was`, when it was tracked; after_release() must then follow.
bool before_release(void *p, svm::large_block &was) {
  if (!p || !svm::may_be_tracked(p) || !svm::forget_block(p, was))
    return false;
  svm::forget_block_registration(was.begin, was.end);
  return true;
}

// After it: a registration of the mapping around the block (made for a
// neighbour) goes too when the allocator unmapped the block.
void after_release(const svm::large_block &was) {
  svm::forget_if_unmapped(was.begin, was.end);
}

void forget_pages(void *addr, std::size_t length) {
  auto begin = reinterpret_cast<std::uintptr_t>(addr);
  svm::forget_unmapped_range(begin, begin + length);
}

// madvise advice after which the range's next access may see other pages.
bool drops_pages(int advice) {
  switch (advice) {
  case MADV_DONTNEED:
  case MADV_FREE:
  case MADV_REMOVE:
#ifdef MADV_DONTNEED_LOCKED
  case MADV_DONTNEED_LOCKED:
#endif
    return true;
  default:
    return false;
  }
}

bool multiply_overflows(std::size_t a, std::size_t b, std::size_t &product) {
  return __builtin_mul_overflow(a, b, &product);
}

} // namespace

extern "C" {

#define HC_INTERPOSED __attribute__((visibility("default")))

HC_INTERPOSED void *malloc(std::size_t n) noexcept {
  return noted(next_malloc(n), n);
}

HC_INTERPOSED void *calloc(std::size_t count, std::size_t size) noexcept {
  std::size_t bytes = 0;
  if (multiply_overflows(count, size, bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  return noted(next_calloc(count, size), bytes);
}

HC_INTERPOSED void free(void *p) noexcept {
  svm::large_block was;
  bool tracked = before_release(p, was);
  next_free(p);
  if (tracked)
    after_release(was);
}

HC_INTERPOSED void *realloc(void *p, std::size_t n) noexcept {
  svm::large_block was;
  bool tracked = before_release(p, was);
  void *q = next_realloc(p, n);
  if (tracked) {
    if (!q && n != 0) // failed: the old block is still the program's
      svm::note_allocated_block(p, was.end - was.begin);
    else
      after_release(was);
  }
  return q ? noted(q, n) : nullptr;
}

HC_INTERPOSED void *reallocarray(void *p, std::size_t count,
                                 std::size_t size) noexcept {
  std::size_t bytes = 0;
  if (multiply_overflows(count, size, bytes)) {
    errno = ENOMEM;
    return nullptr;
  }
  return realloc(p, bytes);
}

HC_INTERPOSED void *memalign(std::size_t alignment, std::size_t n) noexcept {
  return noted(next_memalign(alignment, n), n);
}

HC_INTERPOSED void *aligned_alloc(std::size_t alignment,
                                  std::size_t n) noexcept {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
    errno = EINVAL; // C11: a valid alignment is a power of two
    return nullptr;
  }
  return memalign(alignment, n);
}

HC_INTERPOSED int posix_memalign(void **out, std::size_t alignment,
                                 std::size_t n) noexcept {
  // POSIX: a power of two multiple of sizeof(void *).
  if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0)
    return EINVAL;
  void *p = memalign(alignment, n);
  if (!p && n != 0)
    return ENOMEM;
  *out = p;
  return 0;
}

HC_INTERPOSED void *valloc(std::size_t n) noexcept {
  return memalign(static_cast<std::size_t>(sysconf(_SC_PAGESIZE)), n);
}

HC_INTERPOSED void *pvalloc(std::size_t n) noexcept {
  const auto page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  std::size_t rounded = (n + page - 1) & ~(page - 1);
  if (rounded < n) {
    errno = ENOMEM;
    return nullptr;
  }
  return memalign(page, rounded ? rounded : page);
}

// The calls that take pages away from an address range while it may stay
// mapped: what an allocator that comes first (jemalloc, tcmalloc) uses to
// give memory back, where libhc_runtime sees no free(). A registration
// there would keep the GPU on the old pages.

HC_INTERPOSED int munmap(void *addr, std::size_t length) noexcept {
  forget_pages(addr, length);
  return static_cast<int>(syscall(SYS_munmap, addr, length));
}

HC_INTERPOSED int madvise(void *addr, std::size_t length, int advice) noexcept {
  if (drops_pages(advice))
    forget_pages(addr, length);
  return static_cast<int>(syscall(SYS_madvise, addr, length, advice));
}

HC_INTERPOSED void *mmap(void *addr, std::size_t length, int prot, int flags,
                         int fd, off_t offset) noexcept {
  if (flags & MAP_FIXED) // replaces whatever was mapped there
    forget_pages(addr, length);
  return reinterpret_cast<void *>(
      syscall(SYS_mmap, addr, length, prot, flags, fd, offset));
}

HC_INTERPOSED void *mmap64(void *addr, std::size_t length, int prot, int flags,
                           int fd, off_t offset) noexcept {
  return mmap(addr, length, prot, flags, fd, offset);
}

HC_INTERPOSED void *mremap(void *old, std::size_t old_size,
                           std::size_t new_size, int flags, ...) noexcept {
  void *new_address = nullptr;
  if (flags & MREMAP_FIXED) {
    va_list rest;
    va_start(rest, flags);
    new_address = va_arg(rest, void *);
    va_end(rest);
    forget_pages(new_address, new_size);
  }
  forget_pages(old, old_size); // moved or cut: the old pages may be gone
  return reinterpret_cast<void *>(
      syscall(SYS_mremap, old, old_size, new_size, flags, new_address));
}

#undef HC_INTERPOSED

} // extern "C"
