#include "core/am_tracker.hpp"

namespace hc {
namespace detail {
namespace rt {

am_tracker &am_tracker::instance() {
  // Never destroyed: static destructors of other objects may still free
  // tracked memory during exit.
  static am_tracker *tracker = new am_tracker;
  return *tracker;
}

am_tracker::map_type::const_iterator
am_tracker::locate(std::uintptr_t address) const {
  auto it = entries_.upper_bound(address);
  if (it == entries_.begin())
    return entries_.end();
  --it;
  if (address - it->first < it->second.record.bytes)
    return it;
  return entries_.end();
}

void am_tracker::count_pinned(const am_entry &e, int delta) {
  if (e.record.pinned)
    pinned_ranges_.fetch_add(delta, std::memory_order_release);
}

bool am_tracker::insert(void *base, am_record record, am_kind kind) {
  if (!base || record.bytes == 0)
    return false;
  auto begin = reinterpret_cast<std::uintptr_t>(base);
  if (begin + record.bytes < begin)
    return false;
  std::lock_guard<std::mutex> lock(mutex_);
  // Overlap: the range before ends after `begin`, or one starts inside.
  if (locate(begin) != entries_.end())
    return false;
  auto next = entries_.upper_bound(begin);
  if (next != entries_.end() && next->first < begin + record.bytes)
    return false;
  record.sequence = ++sequence_;
  am_entry e{base, record, kind};
  entries_.emplace(begin, e);
  count_pinned(e, 1);
  return true;
}

bool am_tracker::find(const void *ptr, am_entry *entry) const {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = locate(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == entries_.end())
    return false;
  if (entry)
    *entry = it->second;
  return true;
}

bool am_tracker::erase(const void *ptr, bool exact_base, am_entry *removed) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = locate(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == entries_.end() || (exact_base && it->second.base != ptr))
    return false;
  if (removed)
    *removed = it->second;
  count_pinned(it->second, -1);
  entries_.erase(it);
  return true;
}

bool am_tracker::update(const void *ptr, int app_id, unsigned app_flags,
                        void *app_pointer) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto it = locate(reinterpret_cast<std::uintptr_t>(ptr));
  if (it == entries_.end())
    return false;
  am_record &r = entries_.at(it->first).record;
  r.app_id = app_id;
  r.app_flags = app_flags;
  r.app_pointer = app_pointer;
  return true;
}

std::vector<am_entry> am_tracker::take_all(const device *dev) {
  std::vector<am_entry> taken;
  std::lock_guard<std::mutex> lock(mutex_);
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (it->second.record.dev == dev) {
      taken.push_back(it->second);
      count_pinned(it->second, -1);
      it = entries_.erase(it);
    } else {
      ++it;
    }
  }
  return taken;
}

std::vector<am_entry> am_tracker::snapshot() const {
  std::vector<am_entry> all;
  std::lock_guard<std::mutex> lock(mutex_);
  for (const auto &kv : entries_)
    all.push_back(kv.second);
  return all;
}

bool am_tracker::pinned_host(const void *ptr, std::size_t bytes) const noexcept {
  if (pinned_ranges_.load(std::memory_order_acquire) == 0)
    return false;
  std::lock_guard<std::mutex> lock(mutex_);
  auto address = reinterpret_cast<std::uintptr_t>(ptr);
  auto it = locate(address);
  if (it == entries_.end() || !it->second.record.pinned)
    return false;
  return bytes <= it->second.record.bytes - (address - it->first);
}

} // namespace rt
} // namespace detail
} // namespace hc
