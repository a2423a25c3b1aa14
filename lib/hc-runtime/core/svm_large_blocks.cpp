#include "core/svm_large_blocks.hpp"

#include <atomic>
#include <map>
#include <mutex>
#include <pthread.h>

namespace hc {
namespace detail {
namespace rt {
namespace svm {

namespace {

// Begin -> end of every live tracked block. Its nodes come from malloc
// with small sizes, which the interposed malloc forwards without coming
// back here, and are freed outside the lock (free() may come back), so
// the lock is never taken twice by one thread.
struct block_table {
  std::mutex lock;
  std::map<std::uintptr_t, std::uintptr_t> blocks;
};

// A fork() while another thread holds the lock would leave it held in the
// child forever; the lock is taken around fork() instead, as malloc's own.
void hold_for_fork();
void release_after_fork();

// Never destroyed: blocks are freed after static destructors ran.
block_table &the_table() {
  static block_table *table = [] {
    auto *t = new block_table;
    pthread_atfork(hold_for_fork, release_after_fork, release_after_fork);
    return t;
  }();
  return *table;
}

void hold_for_fork() { the_table().lock.lock(); }
void release_after_fork() { the_table().lock.unlock(); }

} // namespace

namespace table_filter {
std::atomic<std::size_t> tracked_blocks{0};
std::atomic<std::uint32_t> starts_in_bucket[bucket_count];
} // namespace table_filter

using table_filter::bucket_of;
using table_filter::tracked_blocks;

void note_allocated_block(const void *p, std::size_t bytes) noexcept {
  if (!p || bytes < tracked_block_bytes)
    return;
  auto begin = reinterpret_cast<std::uintptr_t>(p);
  block_table &t = the_table();
  std::lock_guard<std::mutex> hold(t.lock);
  try {
    if (t.blocks.insert_or_assign(begin, begin + bytes).second) {
      tracked_blocks.fetch_add(1, std::memory_order_relaxed);
      bucket_of(begin).fetch_add(1, std::memory_order_relaxed);
    }
  } catch (...) {
    // Out of memory for a node: the block is then registered with the
    // mapping that holds it, as an untracked allocator's would be.
  }
}

bool forget_block(const void *p, large_block &out) noexcept {
  auto begin = reinterpret_cast<std::uintptr_t>(p);
  if (!may_be_tracked(p))
    return false;
  block_table &t = the_table();
  // The node is freed after the lock is let go: free() may come back here.
  decltype(t.blocks)::node_type node;
  {
    std::lock_guard<std::mutex> hold(t.lock);
    auto it = t.blocks.find(begin);
    if (it == t.blocks.end())
      return false;
    out = {it->first, it->second};
    node = t.blocks.extract(it);
    tracked_blocks.fetch_sub(1, std::memory_order_relaxed);
    bucket_of(begin).fetch_sub(1, std::memory_order_relaxed);
  }
  return true;
}

bool find_block(std::uintptr_t addr, large_block &out) noexcept {
  if (!tracked_blocks.load(std::memory_order_relaxed))
    return false;
  block_table &t = the_table();
  std::lock_guard<std::mutex> hold(t.lock);
  auto it = t.blocks.upper_bound(addr);
  if (it == t.blocks.begin())
    return false;
  --it;
  if (addr >= it->second)
    return false;
  out = {it->first, it->second};
  return true;
}

} // namespace svm
} // namespace rt
} // namespace detail
} // namespace hc
