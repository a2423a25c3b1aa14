// Shared virtual memory on devices that cannot read pageable host memory
// (discrete GPUs without HMM): the host memory a kernel's captured pointers
// and references point into is page-locked and mapped into the GPU at its
// own address before the launch, so kernels use host pointers as they are
// (the original hcc's shared virtual memory, docs/svm.md).
//
// What is made visible, per pointer-sized word of the functor that points
// into readable, writable host memory:
//   * the calling thread's stack: from the page of the word to the top of
//     the stack (the frames that are alive), released when the thread ends;
//   * a large block malloc handed out (128 KiB and more, seen on its way
//     out of the allocator: svm_large_blocks.hpp): the block's pages,
//     released when it is freed;
//   * any other mapping (the brk heap, thread arenas, data segments,
//     anonymous mmaps): the whole mapping, kept until munmap() (malloc's
//     heaps are then never trimmed, so their pages stay the registered
//     ones).
// The first four words of host memory a functor word points into are
// followed the same way (pointers and std::vectors captured by reference);
// deeper structures are not.
// Registrations are cached: later launches that use the same memory pay a
// lookup. Words that point nowhere (integers) are skipped after one
// mincore() call; words the backend already knows (device memory, pinned
// memory) cost one driver query.
#ifndef HC_RUNTIME_CORE_SVM_VISIBILITY_HPP
#define HC_RUNTIME_CORE_SVM_VISIBILITY_HPP

#include "hc/detail/runtime.hpp"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace svm {

// False when HCC_SVM=0: nothing is made visible (kernels that follow host
// pointers then fault on such devices).
bool enabled();

// Makes the host memory that the words of `functor` point into visible to
// kernels on `dev`. Words equal to an entry of `skip` (the runtime's own
// pointers: bound data, storage objects) are left alone. Throws
// Kalmar::runtime_exception naming the address and `kernel_name` when a
// word points into host memory the backend refuses to map. Returns whether
// a word pointed into the program's own host memory (what
// host_references.hpp asks, answered by the same scan).
bool make_captured_memory_visible(device &dev, const void *functor,
                                  std::size_t size,
                                  const std::vector<const void *> &skip,
                                  const char *kernel_name);

// For the message of a kernel's memory fault: the words of kernels named in
// `context` that pointed into memory nobody can read ("" when none). Such
// words are no error at launch: integers often fall into reserved ranges.
std::string fault_suspects(const std::string &context);

// Makes [addr, addr + bytes) visible (host globals a device image uses).
// False with `why` set when it cannot be.
bool make_range_visible(device &dev, std::uintptr_t addr, std::size_t bytes,
                        std::string &why);

// Called before a tracked large block [begin, end) is freed or reallocated
// (svm_large_blocks.hpp): its own registration is released.
void forget_block_registration(std::uintptr_t begin,
                               std::uintptr_t end) noexcept;
// Called after it: when the allocator unmapped the block, every
// registration of its pages (a mapping registered for a neighbour) goes.
void forget_if_unmapped(std::uintptr_t begin, std::uintptr_t end) noexcept;
// Called before the pages of [begin, end) go or are replaced (munmap,
// madvise(MADV_DONTNEED), mmap(MAP_FIXED), mremap): its registrations are
// released.
void forget_unmapped_range(std::uintptr_t begin, std::uintptr_t end) noexcept;

// True when [p, p + bytes) is partly inside memory registered here and
// not wholly inside one registration: it begins or ends in one, or spans
// two (the brk heap registered, then grown and registered again). A driver
// that finds the start of a copy's host range registered treats the whole
// range as page-locked and rejects it (CUDA: CUDA_ERROR_INVALID_VALUE), so
// such copies must not go to the driver as one pageable range.
bool splits_registration(const void *p, std::size_t bytes);

// For tests and docs/svm.md's cost figures: the registered ranges now.
struct range_info {
  std::uintptr_t begin, end;
  const char *kind;
};
std::vector<range_info> registered_ranges();

} // namespace svm
} // namespace rt
} // namespace detail
} // namespace hc

#endif
