// Registry of live arrays per home device (see resident_arrays.hpp).
#include "core/resident_arrays.hpp"

#include "core/storage_object.hpp"

#include <mutex>
#include <unordered_map>

namespace hc {
namespace detail {
namespace rt {

namespace {

struct registry {
  std::mutex mutex;
  std::unordered_map<storage_object *, device *> arrays;
};

registry &the_registry() {
  static registry *r = new registry; // never destroyed: used at exit
  return *r;
}

// Takes a reference unless the count already reached zero (the storage is
// being released concurrently and must not be revived).
bool try_retain(storage_object &s) {
  int refs = s.refs.load(std::memory_order_relaxed);
  while (refs > 0)
    if (s.refs.compare_exchange_weak(refs, refs + 1,
                                     std::memory_order_acq_rel))
      return true;
  return false;
}

} // namespace

void register_resident_array(storage_object *s, device *home) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.arrays.emplace(s, home);
}

void unregister_resident_array(storage_object *s) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.arrays.erase(s);
}

std::vector<storage *> retain_resident_arrays(device *home) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  std::vector<storage *> out;
  for (auto &entry : r.arrays)
    if (entry.second == home && try_retain(*entry.first))
      out.push_back(entry.first);
  return out;
}

} // namespace rt
} // namespace detail
} // namespace hc
