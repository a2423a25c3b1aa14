// Registry of live arrays per home device (see resident_arrays.hpp).
#include "core/resident_arrays.hpp"

#include "core/functor_words.hpp"
#include "core/storage_object.hpp"
#include "hc/detail/abi_names.h"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <mutex>
#include <unordered_map>

namespace hc {
namespace detail {
namespace rt {

namespace {

struct registry {
  std::mutex mutex;
  std::unordered_map<storage_object *, device *> arrays;
  // arrays.size(), read without the lock by launches: a program with no
  // live array pays nothing per launch. An array a kernel can capture
  // existed before the launch, so its registration is visible here.
  std::atomic<std::size_t> count{0};
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

// The slot of `slots` for the functor word at byte `at`, when the functor
// begins at byte `functor_offset` of the argument block; null if it has none.
unsigned char *slot_for(array_object_slots *slots, std::size_t functor_offset,
                        std::size_t at, std::size_t &which) {
  if (!slots)
    return nullptr;
  const std::size_t offset = functor_offset + at;
  const std::size_t first = hc::abi::array_object_slots_first_word;
  if (offset < first || (offset - first) % sizeof(void *) != 0)
    return nullptr;
  which = (offset - first) / sizeof(void *);
  if (which >= hc::abi::array_object_slot_count)
    return nullptr;
  return slots->objects[which];
}

// Copies an array object of `size` bytes into a slot. The rest of a slot
// larger than the object is zero: a kernel reading past the object (a struct
// that begins with an array, captured by reference) reads zeros, not the
// previous launch's bytes.
void copy_into_slot(unsigned char *slot, const void *object,
                    std::size_t size) {
  const std::size_t n =
      std::min<std::size_t>(size, hc::abi::array_object_slot_bytes);
  std::memcpy(slot, object, n);
  std::memset(slot + n, 0, hc::abi::array_object_slot_bytes - n);
}

// The array object with its data pointer replaced by `bound` (the launch
// bound the data somewhere else than its home: a C++ AMP staging array keeps
// its data on the host and its associated device gets a cached copy).
std::vector<unsigned char> with_bound_data(const storage_object &s,
                                           const unsigned char *object,
                                           std::size_t size,
                                           const void *bound) {
  std::vector<unsigned char> bytes(object, object + size);
  const auto home = reinterpret_cast<std::uintptr_t>(s.home_ptr);
  const auto here = reinterpret_cast<std::uintptr_t>(bound);
  any_functor_word(object, size, [&](std::size_t at, std::uintptr_t word) {
    if (word == home)
      std::memcpy(bytes.data() + at, &here, sizeof here);
    return false;
  });
  return bytes;
}

// The address of a copy of the array object owning `s` in the memory of
// `q`'s device (with the data pointer `bound` for this launch), made
// (synchronously, on `q`) when missing or stale. Null when the owner went
// away meanwhile. Also copies the object's first bytes, as the kernel sees
// them, into `slot` when it is not null (array_object_slots).
void *object_image(storage_object &s, const queue_ptr &q, const void *bound,
                   unsigned char *slot) {
  std::lock_guard<std::mutex> lock(s.image_mutex);
  const void *object = s.array_object.load(std::memory_order_acquire);
  std::size_t size = s.array_object_size.load(std::memory_order_acquire);
  if (!object || size == 0)
    return nullptr;
  // What the kernel must see: the object itself, unless the data is bound
  // away from its home (then a rebound copy; arrays homed where they are
  // used, the usual case, are compared in place without one).
  const auto *contents = static_cast<const unsigned char *>(object);
  std::vector<unsigned char> rebound;
  if (bound && s.home_ptr && bound != s.home_ptr) {
    rebound = with_bound_data(s, contents, size, bound);
    contents = rebound.data();
  }
  if (slot)
    copy_into_slot(slot, contents, size);
  if (!s.images.empty() && s.image_bytes.size() == size &&
      std::memcmp(s.image_bytes.data(), contents, size) == 0)
    return s.images.back();
  // A new image rather than overwriting the current one: kernels already
  // enqueued may still read it.
  s.images.reserve(s.images.size() + 1);
  void *image = q->get_device().allocate(size);
  s.images.push_back(image);
  s.image_bytes.assign(contents, contents + size);
  if (q->get_device().info().is_host_memory)
    std::memcpy(image, s.image_bytes.data(), size);
  else
    q->copy(image, s.image_bytes.data(), size, copy_direction::host_to_device,
            {})
        ->wait();
  return image;
}

} // namespace

void register_resident_array(storage_object *s, device *home) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.arrays.emplace(s, home);
  r.count.store(r.arrays.size(), std::memory_order_release);
}

void unregister_resident_array(storage_object *s) {
  registry &r = the_registry();
  std::lock_guard<std::mutex> lock(r.mutex);
  r.arrays.erase(s);
  r.count.store(r.arrays.size(), std::memory_order_release);
}

std::vector<storage *> retain_resident_arrays(device *home) {
  registry &r = the_registry();
  std::vector<storage *> out;
  if (r.count.load(std::memory_order_acquire) == 0)
    return out;
  std::lock_guard<std::mutex> lock(r.mutex);
  for (auto &entry : r.arrays)
    if ((!home || entry.second == home) && try_retain(*entry.first))
      out.push_back(entry.first);
  return out;
}

namespace {

// Calls fn(at, i) for each pointer-aligned word of `functor`, at byte `at`,
// that is the address of the object of `arrays[i]` (a reference the kernel
// captured), until fn returns true; returns whether one did.
template <typename Fn>
bool any_array_reference(const void *functor, std::size_t size,
                         const std::vector<storage *> &arrays, Fn &&fn) {
  std::vector<std::pair<std::uintptr_t, std::size_t>> objects;
  for (std::size_t i = 0; i < arrays.size(); ++i)
    if (const void *object =
            impl_of(*arrays[i]).array_object.load(std::memory_order_acquire))
      objects.push_back({reinterpret_cast<std::uintptr_t>(object), i});
  if (objects.empty())
    return false;
  return any_functor_word(functor, size, [&](std::size_t at,
                                             std::uintptr_t word) {
    for (const auto &object : objects)
      if (object.first == word)
        return fn(at, object.second);
    return false;
  });
}

} // namespace

void relocate_array_references(void *functor, std::size_t size,
                               const std::vector<storage *> &arrays,
                               const std::vector<const void *> &bound,
                               const queue_ptr &q,
                               std::vector<const void *> &images,
                               array_object_slots *slots,
                               std::size_t functor_offset) {
  auto *bytes = static_cast<unsigned char *>(functor);
  if (slots)
    slots->filled = 0;
  any_array_reference(
      functor, size, arrays, [&](std::size_t at, std::size_t i) {
        std::size_t which = 0;
        unsigned char *slot = slot_for(slots, functor_offset, at, which);
        if (void *image =
                object_image(impl_of(*arrays[i]), q,
                             i < bound.size() ? bound[i] : nullptr, slot)) {
          auto relocated = reinterpret_cast<std::uintptr_t>(image);
          std::memcpy(bytes + at, &relocated, sizeof relocated);
          images.push_back(image);
          if (slot)
            slots->filled |= std::uint64_t{1} << which;
        }
        return false;
      });
}

void fill_array_slots_homed_elsewhere(const void *functor, std::size_t size,
                                      array_object_slots *slots,
                                      std::size_t functor_offset,
                                      const device *here) {
  // Only the functor's words that have a slot: the rest of a large functor
  // is not read on every launch.
  const std::size_t slots_end =
      hc::abi::array_object_slots_first_word +
      hc::abi::array_object_slot_count * sizeof(void *);
  if (functor_offset >= slots_end)
    return;
  size = std::min(size, slots_end - functor_offset);
  registry &r = the_registry();
  if (!slots || r.count.load(std::memory_order_acquire) == 0)
    return;
  std::lock_guard<std::mutex> lock(r.mutex);
  if (std::all_of(r.arrays.begin(), r.arrays.end(),
                  [&](const auto &entry) { return entry.second == here; }))
    return;
  any_functor_word(functor, size, [&](std::size_t at, std::uintptr_t word) {
    std::size_t which = 0;
    unsigned char *slot = slot_for(slots, functor_offset, at, which);
    if (!slot || (slots->filled >> which & 1) != 0)
      return false;
    for (const auto &entry : r.arrays) {
      const void *object =
          entry.first->array_object.load(std::memory_order_acquire);
      if (entry.second == here ||
          reinterpret_cast<std::uintptr_t>(object) != word)
        continue;
      copy_into_slot(slot, object,
                     entry.first->array_object_size.load(
                         std::memory_order_acquire));
      slots->filled |= std::uint64_t{1} << which;
      break;
    }
    return false;
  });
}

void fill_empty_array_slots(array_object_slots *slots) {
  if (!slots)
    return;
  const std::uint64_t unmapped = hc::abi::array_object_unmapped_data;
  for (unsigned w = 0; w < hc::abi::array_object_slot_count; ++w) {
    if ((slots->filled >> w & 1) != 0)
      continue;
    unsigned char *slot = slots->objects[w];
    std::memset(slot, 0, hc::abi::array_object_slot_bytes);
    std::memcpy(slot + hc::abi::array_object_data_offset, &unmapped,
                sizeof unmapped);
  }
}

} // namespace rt

queue_ptr captured_array_view(const void *functor, std::size_t size) {
  std::vector<storage *> arrays = rt::retain_resident_arrays(nullptr);
  queue_ptr view;
  rt::any_array_reference(functor, size, arrays,
                          [&](std::size_t, std::size_t i) {
                            queue_ptr staging = arrays[i]->staging_queue();
                            view = staging ? staging : arrays[i]->home_queue();
                            return true;
                          });
  for (storage *s : arrays)
    s->release();
  return view;
}

void storage::set_array_object(const void *object, std::size_t size) noexcept {
  rt::storage_object &s = rt::impl_of(*this);
  s.array_object_size.store(size, std::memory_order_relaxed);
  s.array_object.store(object, std::memory_order_release);
}

void storage::forget_array_object(const void *object) noexcept {
  rt::storage_object &s = rt::impl_of(*this);
  const void *expected = object;
  s.array_object.compare_exchange_strong(expected, nullptr,
                                         std::memory_order_acq_rel);
}

} // namespace detail
} // namespace hc
