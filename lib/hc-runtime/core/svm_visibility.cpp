#include "core/svm_visibility.hpp"

#include "core/environment.hpp"
#include "core/functor_words.hpp"
#include "core/profiler.hpp"
#include "core/svm_large_blocks.hpp"
#include "core/svm_mappings.hpp"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <malloc.h>
#include <mutex>

namespace hc {
namespace detail {
namespace rt {
namespace svm {

namespace {

enum class range_kind : unsigned char {
  // Part of a thread's stack; released when that thread ends.
  thread_stack,
  // Lives as long as the process (brk heap, data segments, main stack).
  process,
  // A large block the allocator handed out (svm_large_blocks.hpp): its own
  // pages, released when it is freed.
  malloc_block,
  // Another anonymous mapping; released when munmap'ed through munmap().
  mapping,
};

const char *kind_name(range_kind k) {
  switch (k) {
  case range_kind::thread_stack:
    return "thread stack";
  case range_kind::process:
    return "process";
  case range_kind::malloc_block:
    return "malloc block";
  case range_kind::mapping:
    return "mapping";
  }
  return "?";
}

struct registered_range {
  std::uintptr_t begin, end;
  range_kind kind;
  device *owner;
  bool read_only = false; // constant data, mapped for reading only
};

// Ranges that free()/munmap() may have to release. Read without the lock
// by the interposed free() so that programs that never register such
// memory pay one relaxed load per free.
std::atomic<unsigned> releasable_ranges{0};

class registry {
public:
  std::mutex lock;
  std::vector<registered_range> ranges; // sorted by begin, disjoint

  // The first range that begins after `addr`.
  std::vector<registered_range>::const_iterator
  first_after(std::uintptr_t addr) const {
    return std::upper_bound(
        ranges.begin(), ranges.end(), addr,
        [](std::uintptr_t a, const registered_range &r) { return a < r.begin; });
  }

  const registered_range *find(std::uintptr_t addr) const {
    auto it = first_after(addr);
    if (it == ranges.begin())
      return nullptr;
    --it;
    return addr < it->end ? &*it : nullptr;
  }

  void insert(const registered_range &r) {
    ranges.insert(first_after(r.begin), r);
    if (r.kind != range_kind::process)
      releasable_ranges.fetch_add(1, std::memory_order_relaxed);
  }

  // Unregisters every releasable range that overlaps [begin, end), or
  // only those of kind `only`.
  void release_overlapping(std::uintptr_t begin, std::uintptr_t end,
                           const range_kind *only = nullptr) {
    for (auto it = ranges.begin(); it != ranges.end();) {
      if (it->end <= begin || it->begin >= end ||
          it->kind == range_kind::process || (only && it->kind != *only)) {
        ++it;
        continue;
      }
      it->owner->unregister_host(reinterpret_cast<void *>(it->begin));
      releasable_ranges.fetch_sub(1, std::memory_order_relaxed);
      it = ranges.erase(it);
    }
  }

  // The parts of [begin, end) no registered range covers.
  std::vector<std::pair<std::uintptr_t, std::uintptr_t>>
  gaps(std::uintptr_t begin, std::uintptr_t end) const {
    std::vector<std::pair<std::uintptr_t, std::uintptr_t>> out;
    std::uintptr_t at = begin;
    for (const registered_range &r : ranges) {
      if (r.end <= at)
        continue;
      if (r.begin >= end)
        break;
      if (r.begin > at)
        out.emplace_back(at, r.begin);
      at = std::max(at, r.end);
      if (at >= end)
        break;
    }
    if (at < end)
      out.emplace_back(at, end);
    return out;
  }
};

// Never destroyed: free() may be called after static destructors ran.
registry &the_registry() {
  static registry *r = new registry;
  return *r;
}

// Memory can go away while this thread holds the registry: the registry's
// own vector or a driver call inside register/unregister may free a large
// block or munmap. Those releases wait in a short list until the thread
// lets go of the registry, rather than take its lock twice.
thread_local bool holds_registry = false;
struct deferred_releases {
  static constexpr int capacity = 8;
  std::pair<std::uintptr_t, std::uintptr_t> ranges[capacity];
  int count = 0;

  void add(std::uintptr_t begin, std::uintptr_t end) {
    if (count == capacity) { // merge into the last: releasing more is safe
      auto &last = ranges[capacity - 1];
      last = {std::min(last.first, begin), std::max(last.second, end)};
      return;
    }
    ranges[count++] = {begin, end};
  }
};
thread_local deferred_releases deferred;

// The registry's lock, as held by this thread; deferred releases are done
// when it is let go.
class registry_hold {
public:
  explicit registry_hold(registry &r, bool lock_now = true)
      : r_(r), lock_(r.lock, std::defer_lock) {
    if (lock_now)
      lock();
  }
  ~registry_hold() {
    if (lock_.owns_lock())
      unlock();
  }
  bool owns_lock() const { return lock_.owns_lock(); }
  void lock() {
    lock_.lock();
    holds_registry = true;
  }
  void unlock() {
    while (deferred.count) {
      auto range = deferred.ranges[--deferred.count];
      r_.release_overlapping(range.first, range.second);
    }
    holds_registry = false;
    lock_.unlock();
  }

private:
  registry &r_;
  std::unique_lock<std::mutex> lock_;
};

// Releases the ranges of a thread's stack when the thread ends: its pages
// may be unmapped and the addresses reused.
struct thread_stack_guard {
  std::uintptr_t begin = 0, end = 0;
  ~thread_stack_guard() {
    if (begin == end)
      return;
    registry &r = the_registry();
    registry_hold hold(r);
    r.release_overlapping(begin, end);
  }
};
thread_local thread_stack_guard stack_guard;

bool is_main_thread_stack(const host_mapping &m) { return m.path == "[stack]"; }

// Trimming would return pages of malloc's heaps (the brk heap, its thread
// arenas) to the kernel while they are registered: they keep their pages
// from the first registration on.
void keep_heap_pages() {
  static std::once_flag no_trim;
  std::call_once(no_trim, [] { mallopt(M_TRIM_THRESHOLD, 0x7fffffff); });
}

// What to register for a pointer into mapping `m`.
struct wanted_range {
  std::uintptr_t begin, end;
  range_kind kind;
};

wanted_range range_for(std::uintptr_t addr, const host_mapping &m) {
  std::uintptr_t stack_begin = 0, stack_end = 0;
  bool on_my_stack = current_thread_stack(stack_begin, stack_end) &&
                     addr >= stack_begin && addr < stack_end;
  if (on_my_stack || is_main_thread_stack(m)) {
    // Objects lie above the address (the frames still alive); the pages
    // below it belong to frames that are gone or not yet there.
    std::uintptr_t top = m.end;
    if (on_my_stack)
      top = std::min(top, stack_end);
    range_kind kind =
        is_main_thread_stack(m) ? range_kind::process : range_kind::thread_stack;
    if (kind == range_kind::thread_stack) {
      stack_guard.begin = std::max(m.begin, stack_begin);
      stack_guard.end = top;
    }
    return {std::max(m.begin, page_floor(addr)), top, kind};
  }
  if (m.path == "[heap]") {
    keep_heap_pages();
    return {m.begin, m.end, range_kind::process};
  }
  large_block block;
  if (m.path.empty() && find_block(addr, block))
    return {std::max(m.begin, page_floor(block.begin)),
            std::min(m.end, page_ceil(block.end)), range_kind::malloc_block};
  if (m.path.empty()) {
    keep_heap_pages(); // the mapping may be one of malloc's thread arenas
    return {m.begin, m.end, range_kind::mapping};
  }
  // A file's writable mapping: a data segment (or a file the program
  // mapped, which munmap() releases).
  return {m.begin, m.end, range_kind::mapping};
}

std::string hex(std::uintptr_t v) {
  char text[32];
  std::snprintf(text, sizeof text, "0x%llx", static_cast<unsigned long long>(v));
  return text;
}

enum class outcome { visible, not_host_memory, unreadable, failed };

outcome register_gaps(registry &r, device &dev, const wanted_range &want,
                      const host_mapping &m, std::string &why);

// Constant data (string literals, const tables) a kernel reaches through a
// host pointer: the whole mapping, for reading only, where the backend can
// map it so. Code is not data. Not an error where it cannot: the word may
// be an integer, and constant data the kernel names itself is compiled
// into the image.
outcome make_constant_data_visible(registry &r, device &dev,
                                   const host_mapping &m) {
  if (m.executable)
    return outcome::not_host_memory;
  for (auto gap : r.gaps(m.begin, m.end)) {
    if (!dev.register_host_read_only(reinterpret_cast<void *>(gap.first),
                                     gap.second - gap.first))
      return outcome::not_host_memory;
    registered_range range{gap.first, gap.second, range_kind::mapping, &dev};
    range.read_only = true;
    r.insert(range);
  }
  return outcome::visible;
}

// With the registry locked.
outcome make_visible_locked(registry &r, device &dev, std::uintptr_t addr,
                            std::uintptr_t last, std::string &why) {
  if (const registered_range *hit = r.find(addr))
    if (hit->end > last)
      return outcome::visible;
  if (!is_mapped(addr))
    return outcome::not_host_memory;
  if (dev.kernel_can_access(reinterpret_cast<const void *>(addr)))
    return outcome::visible;
  host_mapping m;
  if (!find_mapping(addr, m))
    return outcome::not_host_memory;
  if (!m.readable) {
    // Not memory the host can use either: most likely an integer that
    // happens to fall into a reserved range (the CUDA driver reserves
    // address space at 0x200000000, where two small ints land).
    why = "it points into a mapping the process cannot read (" + hex(m.begin) +
          "-" + hex(m.end) + ")";
    return outcome::unreadable;
  }
  if (is_device_file(m))
    return outcome::not_host_memory;
  if (!m.writable)
    return make_constant_data_visible(r, dev, m);
  wanted_range want = range_for(addr, m);
  want.end = std::max(want.end, std::min(page_ceil(last + 1), m.end));
  outcome o = register_gaps(r, dev, want, m, why);
  if (o != outcome::visible)
    return o;
  // An object may run on into the next mapping: a range that ends past this
  // one (a global the image uses), and any global of a file's data segment,
  // whose zero-initialised tail (.bss) the loader maps anonymously right
  // after it.
  const bool data_segment =
      !m.path.empty() && m.path[0] != '[' && want.end == m.end;
  if (last >= m.end || data_segment) {
    host_mapping next;
    if (find_mapping(m.end, next) && next.begin == m.end && next.readable &&
        next.writable && (last >= m.end || next.path.empty())) {
      std::string ignored;
      outcome rest = make_visible_locked(r, dev, m.end, std::max(last, m.end),
                                         last >= m.end ? why : ignored);
      if (last >= m.end)
        return rest;
    }
  }
  return outcome::visible;
}

outcome register_gaps(registry &r, device &dev, const wanted_range &want,
                      const host_mapping &m, std::string &why) {
  for (auto gap : r.gaps(want.begin, want.end)) {
    void *base = reinterpret_cast<void *>(gap.first);
    if (!dev.register_host(base, gap.second - gap.first)) {
      why = "page-locking " + std::to_string(gap.second - gap.first) +
            " bytes at " + hex(gap.first) + " (" + kind_name(want.kind) +
            (m.path.empty() ? std::string() : ", " + m.path) +
            ") for the device failed";
      return outcome::failed;
    }
    r.insert({gap.first, gap.second, want.kind, &dev});
  }
  return outcome::visible;
}

// Words that point into memory nobody can read are no error at launch
// (integers land there), but if the kernel then faults they are the likely
// culprit: the last few are kept for the fault's message.
struct suspect {
  std::string kernel;
  std::uintptr_t address;
  std::string why;
};

std::mutex suspects_lock;
std::vector<suspect> &suspects() {
  static auto *list = new std::vector<suspect>; // used from error paths
  return *list;
}

void remember_suspect(const char *kernel, std::uintptr_t address,
                      const std::string &why) {
  if (!kernel)
    return;
  std::lock_guard<std::mutex> hold(suspects_lock);
  std::vector<suspect> &list = suspects();
  for (const suspect &s : list)
    if (s.address == address && s.kernel == kernel)
      return;
  if (list.size() == 16)
    list.erase(list.begin());
  list.push_back({kernel, address, why});
}

// Words captured by reference point at the variable, not at its data: a
// pointer variable, a std::vector or a small struct captured with [&]
// leaves the kernel one load away from memory no functor word names. The
// first few words of host memory a functor word points into are treated
// as pointers too; what they cannot make visible is not an error (they may
// well be integers). Deeper structures are not followed (docs/svm.md).
constexpr std::size_t followed_words = 4;

// One word of registered host memory at `at`, whatever object (if any)
// holds it: the words after a pointer's target may lie past the end of
// that object (a pointer variable is one word; four are looked at), in
// memory the mapping holds but no object owns. Such reads are what this
// scan is for, as a conservative collector's; AddressSanitizer would take
// them for overflows of the object, so they are not instrumented. The
// caller has made sure the word lies inside a registered, mapped range.
__attribute__((no_sanitize("address", "hwaddress"))) std::uintptr_t
scanned_word(std::uintptr_t at) {
  return *reinterpret_cast<const volatile std::uintptr_t *>(at);
}

void follow_one_level(registry &r, device &dev, std::uintptr_t target) {
  const registered_range *in = r.find(target);
  if (!in || target % alignof(void *) != 0)
    return; // not host memory we registered: maybe device memory
  std::uintptr_t end = in->end;
  for (std::size_t i = 0; i < followed_words; ++i) {
    std::uintptr_t at = target + i * sizeof(std::uintptr_t);
    if (at + sizeof(std::uintptr_t) > end)
      break;
    std::uintptr_t word = scanned_word(at);
    if (!could_be_pointer(word))
      continue;
    std::string ignored;
    make_visible_locked(r, dev, word, word, ignored);
  }
}

} // namespace

bool enabled() {
  static const bool on = env_string("HCC_SVM") != "0";
  return on;
}

bool make_captured_memory_visible(device &dev, const void *functor,
                                  std::size_t size,
                                  const std::vector<const void *> &skip,
                                  const char *kernel_name) {
  registry &r = the_registry();
  registry_hold hold(r, false);
  bool host_memory = false;
  any_functor_word(functor, size, [&](std::size_t, std::uintptr_t word) {
    if (!could_be_program_pointer(word, skip))
      return false;
    if (!hold.owns_lock())
      hold.lock();
    std::string why;
    outcome o = make_visible_locked(r, dev, word, word, why);
    if (o == outcome::unreadable) {
      remember_suspect(kernel_name, word, why);
      return false;
    }
    if (o != outcome::failed) {
      if (o == outcome::visible)
        if (const registered_range *hit = r.find(word))
          host_memory |= !hit->read_only;
      follow_one_level(r, dev, word);
      return false;
    }
    hold.unlock();
    throw Kalmar::runtime_exception(
        "hc runtime: kernel " + profile::kernel_display_name(kernel_name) +
            " captures host address " + hex(word) +
            " that cannot be made visible to " +
            std::string(dev.info().device_path.begin(),
                        dev.info().device_path.end()) +
            ": " + why + " (docs/svm.md)",
        Kalmar::E_FAIL_CODE);
  });
  return host_memory;
}

std::string fault_suspects(const std::string &context) {
  std::lock_guard<std::mutex> hold(suspects_lock);
  std::string text;
  for (const suspect &s : suspects())
    if (context.find(s.kernel) != std::string::npos)
      text += "; the kernel captured " + hex(s.address) + ", and " + s.why;
  return text;
}

bool make_range_visible(device &dev, std::uintptr_t addr, std::size_t bytes,
                        std::string &why) {
  registry &r = the_registry();
  registry_hold hold(r);
  outcome o = make_visible_locked(r, dev, addr, addr + (bytes ? bytes - 1 : 0),
                                  why);
  if (o == outcome::not_host_memory && why.empty())
    return true; // read-only data the device has its own copy of
  return o != outcome::failed;
}

namespace {

// Releases the registrations that overlap [begin, end) (only those of kind
// `*only` where given), or, inside a registry operation of this thread,
// all that overlap it once the operation is done.
void release(std::uintptr_t begin, std::uintptr_t end,
             const range_kind *only = nullptr) noexcept {
  if (!releasable_ranges.load(std::memory_order_relaxed))
    return;
  if (holds_registry) {
    deferred.add(begin, end);
    return;
  }
  registry &r = the_registry();
  registry_hold hold(r);
  r.release_overlapping(begin, end, only);
}

} // namespace

void forget_block_registration(std::uintptr_t begin,
                               std::uintptr_t end) noexcept {
  const range_kind block = range_kind::malloc_block;
  release(page_floor(begin), page_ceil(end), &block);
}

void forget_if_unmapped(std::uintptr_t begin, std::uintptr_t end) noexcept {
  if (!releasable_ranges.load(std::memory_order_relaxed) || is_mapped(begin))
    return;
  forget_unmapped_range(page_floor(begin), page_ceil(end));
}

void forget_unmapped_range(std::uintptr_t begin, std::uintptr_t end) noexcept {
  release(begin, end);
}

bool splits_registration(const void *p, std::size_t bytes) {
  registry &r = the_registry();
  const std::uintptr_t begin = reinterpret_cast<std::uintptr_t>(p);
  const std::uintptr_t end = begin + bytes;
  registry_hold hold(r);
  if (r.ranges.empty() || bytes == 0)
    return false;
  if (const registered_range *hit = r.find(begin))
    return hit->end < end; // starts inside one and runs past its end
  // Starts outside every registration: split if one begins inside.
  auto next = r.first_after(begin);
  return next != r.ranges.end() && next->begin < end;
}

std::vector<range_info> registered_ranges() {
  registry &r = the_registry();
  registry_hold hold(r);
  std::vector<range_info> out;
  for (const registered_range &x : r.ranges)
    out.push_back({x.begin, x.end, kind_name(x.kind)});
  return out;
}

} // namespace svm
} // namespace rt
} // namespace detail
} // namespace hc
