// Kernels that use the program's own host memory.
//
// A kernel may reach host memory through the pointers and references its
// functor captured (shared virtual memory, docs/svm.md): the launching
// thread's stack, the heap, other threads' stacks, global data. No
// container tracks that memory (an array_view makes the host wait when it
// reads the data; a raw pointer cannot), and the host may read, reuse or
// free it as soon as the launch statement ends. Such a kernel's
// completion_future waits for the kernel when its last copy goes away (like
// the future of std::async): a launch whose future is discarded has
// finished by the end of its statement, so frames and allocations are alive
// for it and the host sees its results; a program that keeps the future
// keeps the launch asynchronous.
#ifndef HC_RUNTIME_CORE_HOST_REFERENCES_HPP
#define HC_RUNTIME_CORE_HOST_REFERENCES_HPP

#include <cstddef>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// True when a pointer-aligned word of the functor points into the calling
// thread's stack, or into other readable and writable host memory (the
// heap, another thread's stack, data segments, anonymous mappings) that is
// the program's own. Not the program's own: the words in `runtime_words`
// (data and storage objects the launch bound, copies of array objects it
// substituted for references) and hc::am_alloc blocks and ranges the
// program gave the am tracker (it manages those with the am API, as hcc's
// asynchronous launches expect). Read-only memory (code, string literals)
// and words that point nowhere do not count.
bool refers_to_program_memory(const void *functor, std::size_t size,
                              const std::vector<const void *> &runtime_words);

} // namespace rt
} // namespace detail
} // namespace hc

#endif
