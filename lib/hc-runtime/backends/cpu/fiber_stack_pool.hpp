// Stacks for the work-item fibers of tiled kernels.
//
// Each stack is its own mmap with an inaccessible guard page below it, so a
// work-item that overflows its stack faults at once instead of silently
// corrupting a neighbour. Stacks are kept per thread and reused across
// tiles and kernels: mapping 1024 stacks for every tile would cost more
// than the kernel.
#ifndef HC_RUNTIME_CPU_FIBER_STACK_POOL_HPP
#define HC_RUNTIME_CPU_FIBER_STACK_POOL_HPP

#include "backends/cpu/stack_overflow.hpp"

#include <boost/context/stack_context.hpp>

#include <cstddef>
#include <vector>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {

class fiber_stack_pool {
public:
  // `stack_bytes` usable bytes per stack (rounded up to pages).
  explicit fiber_stack_pool(std::size_t stack_bytes);
  ~fiber_stack_pool();
  fiber_stack_pool(const fiber_stack_pool &) = delete;
  fiber_stack_pool &operator=(const fiber_stack_pool &) = delete;

  // Throws Kalmar::out_of_memory when no stack can be mapped.
  boost::context::stack_context take();
  void give_back(boost::context::stack_context &stack) noexcept;

  std::size_t stack_bytes() const { return stack_bytes_; }
  std::size_t cached() const { return free_.size(); }

  // Per-thread pool with the configured size (HCC_CPU_FIBER_STACK_KB).
  static fiber_stack_pool &for_this_thread();

private:
  void unmap(const boost::context::stack_context &stack);

  std::size_t stack_bytes_;
  std::size_t colour_ = 0;
  std::size_t page_;
  std::vector<boost::context::stack_context> free_;
  fiber_guards guards_; // of every stack mapped, in use or cached
};

// Adapts the pool to Boost.Context's StackAllocator concept.
class pooled_stack_allocator {
public:
  explicit pooled_stack_allocator(fiber_stack_pool &pool) : pool_(&pool) {}
  boost::context::stack_context allocate() { return pool_->take(); }
  void deallocate(boost::context::stack_context &stack) noexcept {
    pool_->give_back(stack);
  }

private:
  fiber_stack_pool *pool_;
};

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc

#endif
