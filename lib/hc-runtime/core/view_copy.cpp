// accelerator_view::copy() and copy_async(): a copy between any two
// pointers, ordered after the commands already on a view. hc_am code hands
// raw pointers around (am_alloc'ed device memory, pinned or plain host
// memory, an array's device memory), so the copy first finds out where each
// side lives, then runs on the queue of the device that holds the data.
#include "core/host_memory.hpp"

#include "hc/detail/am_runtime.hpp"
#include "hc/detail/runtime.hpp"

#include <cstring>

namespace hc {
namespace detail {
namespace {

// The device whose (host-inaccessible) memory holds `ptr`; null for memory
// the host reads directly. The hc_am tracker knows am_alloc'ed and added
// ranges; other device memory (an array's) is recognised by its backend.
device *memory_owner(const void *ptr) {
  am_record record;
  if (am_find(ptr, &record))
    return record.in_device_memory ? record.dev : nullptr;
  for (device *d : all_devices())
    if (!d->info().is_host_memory && d->owns_device_memory(ptr))
      return d;
  return nullptr;
}

// Host to host, or device to device across devices without a peer path:
// done here, after the commands before it.
async_ptr copy_in_caller(const async_ptr &prior, void *dst, const void *src,
                         std::size_t bytes, device *from, device *to) {
  prior->wait();
  if (!from && !to) {
    std::memcpy(dst, src, bytes);
    return async_state::make_ready();
  }
  void *staging = rt::allocate_host(bytes);
  try {
    from->default_queue()
        ->copy(staging, src, bytes, copy_direction::device_to_host, {})
        ->wait();
    to->default_queue()
        ->copy(dst, staging, bytes, copy_direction::host_to_device, {})
        ->wait();
  } catch (...) {
    rt::free_host(staging);
    throw;
  }
  rt::free_host(staging);
  return async_state::make_ready();
}

} // namespace

async_ptr view_copy(const queue_ptr &q, void *dst, const void *src,
                    std::size_t bytes) {
  if (bytes == 0)
    return async_state::make_ready();
  if (!dst || !src)
    throw Kalmar::runtime_exception(
        "accelerator_view::copy: null source or destination pointer",
        Kalmar::E_INVALIDARG_CODE);
  device *from = memory_owner(src), *to = memory_owner(dst);
  async_ptr prior = q->last_command();
  std::vector<async_ptr> deps{prior};
  // The view's own queue when its device holds the data, else that
  // device's default queue (ordered after the view's commands).
  auto queue_of = [&q](device &d) {
    return &d == &q->get_device() ? q : d.default_queue();
  };
  queue_ptr runs_on;
  async_ptr done;
  if (from && to && from != to) {
    runs_on = queue_of(*to);
    done = runs_on->copy_from_peer(dst, *from, src, bytes, deps);
    if (!done)
      return copy_in_caller(prior, dst, src, bytes, from, to);
  } else if (from || to) {
    device &holder = to ? *to : *from;
    copy_direction direction = !from ? copy_direction::host_to_device
                               : !to ? copy_direction::device_to_host
                                     : copy_direction::device_to_device;
    runs_on = queue_of(holder);
    done = runs_on->copy(dst, src, bytes, direction, deps);
  } else {
    return copy_in_caller(prior, dst, src, bytes, nullptr, nullptr);
  }
  // Later commands of the view start after the copy, also when it ran on
  // another device's queue.
  if (runs_on != q)
    q->marker({done}, memory_scope::system);
  return done;
}

} // namespace detail
} // namespace hc
