// Kernels that use the launching thread's stack.
//
// A kernel may reach host memory through the pointers and references its
// functor captured (shared virtual memory, docs/svm.md). Memory on the
// launching thread's stack belongs to frames that can end while the kernel
// still runs, and no container tracks it (an array_view would make the host
// wait when it reads the data). Such a kernel's completion_future waits for
// the kernel when its last copy goes away (like the future of std::async):
// a launch whose future is discarded has finished by the end of its
// statement, so the frame is alive for it and the host sees its results;
// a program that keeps the future keeps the launch asynchronous.
#ifndef HC_RUNTIME_CORE_STACK_REFERENCES_HPP
#define HC_RUNTIME_CORE_STACK_REFERENCES_HPP

#include <cstddef>

namespace hc {
namespace detail {
namespace rt {

// True when a pointer-aligned word of the functor points into the calling
// thread's stack. Words equal to other values (integers, heap and device
// pointers) do not count; neither do references to arrays, which the launch
// has already replaced by the runtime's copies (resident_arrays.hpp).
bool refers_to_calling_thread_stack(const void *functor,
                                    std::size_t size) noexcept;

} // namespace rt
} // namespace detail
} // namespace hc

#endif
