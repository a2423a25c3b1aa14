#include "backends/cpu/fiber_stack_pool.hpp"

#include "backends/cpu/stack_overflow.hpp"
#include "core/environment.hpp"
#include "hc/detail/exceptions.hpp"

#include <algorithm>
#include <string>
#include <sys/mman.h>
#include <unistd.h>

namespace hc {
namespace detail {
namespace rt {
namespace cpu {
namespace {

// Enough to keep every fiber of a maximal tile (1024 work-items) and a few
// more; beyond that stacks are unmapped when given back.
constexpr std::size_t max_cached_stacks = 1100;

} // namespace

fiber_stack_pool::fiber_stack_pool(std::size_t stack_bytes) {
  long page = sysconf(_SC_PAGESIZE);
  page_ = page > 0 ? static_cast<std::size_t>(page) : 4096;
  stack_bytes_ = (stack_bytes + page_ - 1) / page_ * page_;
  guards_.page_bytes = page_;
  guards_.stack_bytes = stack_bytes_;
  guards_.pages.reserve(max_cached_stacks);
  watch_fiber_guards(&guards_);
}

fiber_stack_pool::~fiber_stack_pool() {
  unwatch_fiber_guards(&guards_);
  for (boost::context::stack_context &stack : free_) {
    unmap(stack);
  }
}

void fiber_stack_pool::unmap(const boost::context::stack_context &stack) {
  // sp - size is the start of the usable area whatever the colour.
  char *bottom = static_cast<char *>(stack.sp) - stack.size;
  auto &pages = guards_.pages;
  auto it = std::find(pages.begin(), pages.end(), bottom - page_);
  if (it != pages.end()) {
    *it = pages.back();
    pages.pop_back();
  }
  munmap(bottom - page_, stack_bytes_ + page_);
}

boost::context::stack_context fiber_stack_pool::take() {
  if (!free_.empty()) {
    boost::context::stack_context stack = free_.back();
    free_.pop_back();
    return stack;
  }
  std::size_t total = stack_bytes_ + page_;
  // MAP_NORESERVE: only the pages a work-item touches cost memory.
  void *base = mmap(nullptr, total, PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (base == MAP_FAILED)
    throw Kalmar::out_of_memory("hc runtime: cannot map a " +
                                std::to_string(stack_bytes_ / 1024) +
                                " KiB stack for a tile work-item");
  // The guard page is the lowest one: stacks grow down.
  mprotect(base, page_, PROT_NONE);
  guards_.pages.push_back(static_cast<const char *>(base));
  // Stack colouring: the hot top of every stack would otherwise sit at the
  // same offset in a page, so all fibers of a tile would compete for the
  // same few cache sets. Shift each top by a different multiple of 256
  // bytes (Boost.Context aligns the top down to 256 anyway); sp - size
  // still gives the start of the usable area.
  std::size_t colour = (colour_++ % 16) * 256;
  boost::context::stack_context stack;
  stack.size = stack_bytes_ - colour;
  stack.sp = static_cast<char *>(base) + total - colour;
  return stack;
}

void fiber_stack_pool::give_back(boost::context::stack_context &stack) noexcept {
  if (free_.size() < max_cached_stacks) {
    try {
      free_.push_back(stack);
      return;
    } catch (...) {
    }
  }
  unmap(stack);
}

fiber_stack_pool &fiber_stack_pool::for_this_thread() {
  static const std::size_t bytes = [] {
    return env_integer(settings::cpu_fiber_stack_kb) * 1024;
  }();
  thread_local fiber_stack_pool pool(bytes);
  return pool;
}

} // namespace cpu
} // namespace rt
} // namespace detail
} // namespace hc
