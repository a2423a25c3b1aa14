// Creation and deferred destruction of storage_object.
//
// The last reference to a storage may go away while commands still use its
// memory (an array destroyed right after an asynchronous copy from it, or
// the argument block of a finished kernel released by a backend thread).
// Blocking there could deadlock a backend thread, so the memory is freed
// once those commands have finished, from their completion callbacks.
#include "core/storage_object.hpp"

#include "core/host_memory.hpp"
#include "core/kernel_entry.hpp"

#include <memory>

namespace hc {
namespace detail {
namespace rt {

storage_object::storage_object(std::size_t size) : bytes(size) {
  locations.emplace_back(); // the host copy, allocated on demand
  note_storage_made(bytes);
}

storage_object::~storage_object() {
  note_storage_freed(bytes);
  for (void *image : images)
    home->get_device().deallocate(image);
  for (location &loc : locations) {
    if (!loc.owned || !loc.ptr)
      continue;
    if (loc.dev)
      loc.dev->deallocate(loc.ptr);
    else
      free_host(loc.ptr);
  }
}

void storage_object::destroy() noexcept {
  std::vector<async_ptr> pending;
  {
    std::lock_guard<std::mutex> lock(mutex);
    pending = all_pending();
  }
  if (pending.empty()) {
    delete this;
    return;
  }
  // One count per pending command plus one for this function, so the object
  // cannot be deleted before every callback is registered.
  auto remaining = std::make_shared<std::atomic<std::size_t>>(pending.size() + 1);
  storage_object *self = this;
  auto finish_one = [self, remaining] {
    if (remaining->fetch_sub(1, std::memory_order_acq_rel) == 1)
      delete self;
  };
  try {
    for (async_ptr &op : pending)
      op->then(finish_one);
  } catch (...) {
    // Out of memory while registering: leaking beats freeing memory that a
    // command may still use.
    return;
  }
  finish_one();
}

} // namespace rt
} // namespace detail
} // namespace hc
