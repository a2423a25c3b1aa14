#include "core/host_references.hpp"

#include "core/am_tracker.hpp"
#include "core/functor_words.hpp"
#include "core/svm_mappings.hpp"

#include <algorithm>
#include <cstdint>
#include <mutex>

namespace hc {
namespace detail {
namespace rt {

namespace {

// The process's mappings as /proc/self/maps last listed them. Read again
// only when a word lies in memory the list does not know (a mapping made
// since): reading the maps costs ~0.3 ms, a lookup here a binary search.
// A mapping unmapped since the last read stays listed; a word into it
// would count as program memory, which only makes a launch wait.
class mapping_snapshot {
public:
  // Whether `addr` lies in readable, writable memory.
  bool writable_data(std::uintptr_t addr) {
    std::lock_guard<std::mutex> hold(lock_);
    const svm::host_mapping *m = find(addr);
    if (!m) {
      if (!svm::is_mapped(addr))
        return false; // an integer: nothing there
      mappings_ = svm::read_mappings();
      m = find(addr);
    }
    return m && m->readable && m->writable && !svm::is_device_file(*m);
  }

private:
  const svm::host_mapping *find(std::uintptr_t addr) const {
    auto it = std::upper_bound(
        mappings_.begin(), mappings_.end(), addr,
        [](std::uintptr_t a, const svm::host_mapping &m) { return a < m.begin; });
    if (it == mappings_.begin())
      return nullptr;
    --it;
    return addr < it->end ? &*it : nullptr;
  }

  std::mutex lock_;
  std::vector<svm::host_mapping> mappings_; // sorted by begin, disjoint
};

mapping_snapshot &the_snapshot() {
  static auto *s = new mapping_snapshot; // launches may run during exit
  return *s;
}

bool is_program_data(std::uintptr_t addr) {
  if (!the_snapshot().writable_data(addr))
    return false;
  am_entry entry;
  return !am_tracker::instance().find(reinterpret_cast<const void *>(addr),
                                      &entry);
}

} // namespace

bool refers_to_program_memory(const void *functor, std::size_t size,
                              const std::vector<const void *> &runtime_words) {
  std::uintptr_t stack_begin = 0, stack_end = 0;
  bool stack_known = svm::current_thread_stack(stack_begin, stack_end);
  // The stack first: it needs no system call.
  if (stack_known &&
      any_functor_word(functor, size, [&](std::size_t, std::uintptr_t w) {
        return w >= stack_begin && w < stack_end;
      }))
    return true;
  return any_functor_word(functor, size, [&](std::size_t, std::uintptr_t w) {
    return could_be_program_pointer(w, runtime_words) && is_program_data(w);
  });
}

} // namespace rt
} // namespace detail
} // namespace hc
