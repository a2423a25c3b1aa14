// The pointer tracker of <hc_am.hpp>: every am_alloc block and every range
// the user added (am_memtracker_add, am_memory_host_lock), found by any
// address inside it. One process-wide instance, thread-safe.
#ifndef HC_RUNTIME_CORE_AM_TRACKER_HPP
#define HC_RUNTIME_CORE_AM_TRACKER_HPP

#include "hc/detail/am_runtime.hpp"

#include <atomic>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

// How a tracked range came to be, which decides how it is released.
enum class am_kind {
  device_memory,  // am_alloc flags 0: device::allocate
  pinned_host,    // am_alloc host flags: device::allocate_pinned_host
  plain_host,     // am_alloc host flags, no backend has pinned memory
  user,           // am_memtracker_add
  user_locked     // am_memory_host_lock: device::register_host
};

struct am_entry {
  void *base = nullptr;
  am_record record;
  am_kind kind = am_kind::user;
};

class am_tracker {
public:
  static am_tracker &instance();

  // Adds the range [base, base + record.bytes); assigns the sequence
  // number. False for a null base, 0 bytes or an overlap.
  bool insert(void *base, am_record record, am_kind kind);
  // The entry whose range holds `ptr`.
  bool find(const void *ptr, am_entry *entry) const;
  // Removes the entry holding `ptr` (with `exact_base`: only if `ptr` is
  // its base); the removed entry in `removed`.
  bool erase(const void *ptr, bool exact_base, am_entry *removed);
  bool update(const void *ptr, int app_id, unsigned app_flags,
              void *app_pointer);
  // Removes and returns every entry whose record names `dev`.
  std::vector<am_entry> take_all(const device *dev);
  std::vector<am_entry> snapshot() const;
  // [ptr, ptr + bytes) inside one range whose record is `pinned`. Lock-free and
  // false at once while no such range exists (the common case of copies).
  bool pinned_host(const void *ptr, std::size_t bytes) const noexcept;

private:
  using map_type = std::map<std::uintptr_t, am_entry>;
  // The entry holding `address`, or end(). Caller holds mutex_.
  map_type::const_iterator locate(std::uintptr_t address) const;
  void count_pinned(const am_entry &e, int delta);

  mutable std::mutex mutex_;
  map_type entries_; // by base address
  std::uint64_t sequence_ = 0;
  std::atomic<int> pinned_ranges_{0};
};

} // namespace rt
} // namespace detail
} // namespace hc

#endif
