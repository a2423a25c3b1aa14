// The public operations of storage (runtime.hpp). The coherence machinery
// they share is in storage_coherence.cpp; the model in storage_object.hpp.
#include "core/storage_object.hpp"

#include "core/host_memory.hpp"
#include "core/resident_arrays.hpp"
#include "core/wait_util.hpp"

#include <cstring>
#include <string>

namespace hc {
namespace detail {

using rt::impl_of;
using rt::storage_object;

namespace {

using lock_t = std::unique_lock<std::mutex>;

void check_range(const storage_object &s, std::size_t offset, std::size_t n,
                 const char *what) {
  if (offset > s.bytes || n > s.bytes - offset)
    throw Kalmar::runtime_exception(
        std::string("hc runtime: ") + what + " of " + std::to_string(n) +
            " bytes at offset " + std::to_string(offset) +
            " is outside the data (" + std::to_string(s.bytes) + " bytes)",
        Kalmar::E_INVALIDARG_CODE);
}

// Waits, lock held, until none of `pending` is outstanding. See
// storage_object.hpp for why holding the lock is safe.
void wait_all(const std::vector<async_ptr> &pending) {
  rt::wait_quietly(pending);
}

// The location to write to when the data is replaced entirely or nothing is
// valid: where the data lives (home), the host copy for views.
std::size_t preferred_location(const storage_object &s) { return s.home_index; }

} // namespace

storage::storage() = default;
storage::~storage() = default;

storage *storage::create_for_host(void *host_ptr, std::size_t bytes) {
  if (!host_ptr && bytes != 0)
    throw Kalmar::runtime_exception(
        "hc runtime: array_view over a null host pointer",
        Kalmar::E_INVALIDARG_CODE);
  auto *s = new storage_object(bytes);
  s->locations[0].ptr = host_ptr;
  s->locations[0].valid = true;
  s->home_ptr = host_ptr;
  s->update_host_flags();
  return s;
}

storage *storage::create_on(const queue_ptr &home, std::size_t bytes,
                            const queue_ptr &staging) {
  if (!home)
    throw Kalmar::runtime_exception("hc runtime: array without a queue",
                                    Kalmar::E_INVALIDARG_CODE);
  device &dev = home->get_device();
  // C++ AMP staging arrays (home ≠ staging, staging on the CPU) keep their
  // data on the host; the home device gets a cached copy when it uses them.
  bool on_host = dev.info().is_host_memory ||
                 (staging && staging != home &&
                  staging->get_device().info().is_host_memory);
  std::unique_ptr<storage_object> s(new storage_object(bytes));
  s->home = home;
  if (staging && staging != home)
    s->staging = staging;
  std::size_t index = on_host ? 0 : s->location_index(dev);
  rt::location &loc = s->locations[index];
  s->ensure_allocated(loc);
  loc.valid = true;
  if (loc.dev)
    loc.last_queue = home;
  s->home_index = index;
  s->home_ptr = loc.ptr;
  s->update_host_flags();
  rt::register_resident_array(s.get(), &dev);
  return s.release();
}

storage *storage::create_on_existing(const queue_ptr &home, void *device_ptr,
                                     std::size_t bytes) {
  if (!home)
    throw Kalmar::runtime_exception("hc runtime: array without a queue",
                                    Kalmar::E_INVALIDARG_CODE);
  if (!device_ptr && bytes != 0)
    throw Kalmar::runtime_exception(
        "hc runtime: array over a null accelerator pointer",
        Kalmar::E_INVALIDARG_CODE);
  device &dev = home->get_device();
  std::unique_ptr<storage_object> s(new storage_object(bytes));
  s->home = home;
  std::size_t index = s->location_index(dev);
  rt::location &loc = s->locations[index];
  loc.ptr = device_ptr; // owned stays false: the memory is the caller's
  loc.valid = true;
  if (loc.dev)
    loc.last_queue = home;
  s->home_index = index;
  s->home_ptr = device_ptr;
  s->update_host_flags();
  rt::register_resident_array(s.get(), &dev);
  return s.release();
}

void storage::retain() noexcept {
  impl_of(*this).refs.fetch_add(1, std::memory_order_relaxed);
}

void storage::release() noexcept {
  if (impl_of(*this).refs.fetch_sub(1, std::memory_order_acq_rel) == 1) {
    rt::unregister_resident_array(&impl_of(*this));
    impl_of(*this).destroy();
  }
}

std::size_t storage::size() const noexcept {
  return static_cast<const storage_object &>(*this).bytes;
}

queue_ptr storage::home_queue() const {
  auto &s = const_cast<storage_object &>(
      static_cast<const storage_object &>(*this));
  lock_t lock(s.mutex);
  return s.home;
}

queue_ptr storage::staging_queue() const {
  auto &s = const_cast<storage_object &>(
      static_cast<const storage_object &>(*this));
  lock_t lock(s.mutex);
  return s.staging;
}

void *storage::home_pointer() const noexcept {
  return static_cast<const storage_object &>(*this).home_ptr;
}

void *storage::host_access(access_mode mode) {
  storage_object &s = impl_of(*this);
  lock_t lock(s.mutex);
  rt::location &host = s.locations[0];
  if (mode == access_mode::none) {
    s.ensure_allocated(host);
    return host.ptr;
  }
  const bool writing = writes(mode);
  s.forget_finished();
  // Pending device work must finish before the host looks at the data.
  wait_all(s.conflicts(0, writing, nullptr));
  s.make_valid(0, nullptr); // copies back when the host copy is stale
  wait_all(s.conflicts(0, writing, nullptr));
  if (writing)
    s.invalidate_others(0);
  s.forget_finished();
  s.update_host_flags();
  return host.ptr;
}

void storage::synchronize() { (void)host_access(access_mode::read); }

async_ptr storage::synchronize_async() {
  storage_object &s = impl_of(*this);
  lock_t lock(s.mutex);
  s.forget_finished();
  rt::location &host = s.locations[0];
  if (!host.valid) {
    s.make_valid(0, nullptr);
    if (host.fill.state)
      return host.fill.state;
  }
  // Valid already: done once a pending writer (or copy) finishes.
  if (s.last_writer.pending())
    return s.last_writer.state;
  if (host.fill.pending())
    return host.fill.state;
  return async_state::make_ready();
}

void storage::synchronize_to(const queue_ptr &q) {
  if (!q)
    return;
  storage_object &s = impl_of(*this);
  lock_t lock(s.mutex);
  s.forget_finished();
  std::size_t index = s.location_index(q->get_device());
  s.make_valid(index, q);
  wait_all(s.conflicts(index, false, nullptr));
}

void storage::refresh() {
  storage_object &s = impl_of(*this);
  lock_t lock(s.mutex);
  rt::location &host = s.locations[0];
  if (!host.ptr)
    return; // device-resident array with no host copy: nothing to refresh
  // Memory the runtime allocated (an array_view without a data source, an
  // array) changes only through the runtime: no one modified it behind the
  // views, and the device copies stay current.
  if (host.owned)
    return;
  wait_all(s.all_pending());
  host.valid = true;
  s.invalidate_others(0);
  s.forget_finished();
  s.update_host_flags();
}

void storage::discard() {
  storage_object &s = impl_of(*this);
  lock_t lock(s.mutex);
  // No waiting: commands still using the memory remain tracked, so a later
  // writer still waits for them.
  for (rt::location &loc : s.locations) {
    loc.valid = false;
    loc.fill.reset();
  }
  s.update_host_flags();
}

void storage::write_from_host(std::size_t offset, const void *src,
                              std::size_t bytes) {
  storage_object &s = impl_of(*this);
  check_range(s, offset, bytes, "write");
  lock_t lock(s.mutex);
  wait_all(s.all_pending());
  s.forget_finished();
  // A partial write merges into a valid copy (the host one if possible); a
  // full write, or one into discarded data, goes where the data lives.
  std::size_t target = preferred_location(s);
  if (bytes != s.bytes && s.any_valid()) {
    if (!s.locations[0].valid)
      for (std::size_t i = 1; i < s.locations.size(); ++i)
        if (s.locations[i].valid) {
          target = i;
          break;
        }
    if (s.locations[0].valid)
      target = 0;
  }
  rt::location &loc = s.locations[target];
  s.ensure_allocated(loc);
  s.write_location(loc, offset, src, bytes);
  loc.valid = true;
  s.invalidate_others(target);
  s.update_host_flags();
}

void storage::read_to_host(std::size_t offset, void *dst, std::size_t bytes) {
  storage_object &s = impl_of(*this);
  check_range(s, offset, bytes, "read");
  lock_t lock(s.mutex);
  s.forget_finished();
  std::size_t source = preferred_location(s);
  if (s.locations[0].valid) {
    source = 0;
  } else {
    for (std::size_t i = 1; i < s.locations.size(); ++i)
      if (s.locations[i].valid) {
        source = i;
        break;
      }
  }
  wait_all(s.conflicts(source, false, nullptr));
  rt::location &loc = s.locations[source];
  s.ensure_allocated(loc); // discarded data: any contents will do
  s.read_location(loc, offset, dst, bytes);
}

void storage::wait_idle() {
  storage_object &s = impl_of(*this);
  lock_t lock(s.mutex);
  wait_all(s.all_pending());
  s.forget_finished();
  s.update_host_flags();
}

void storage::last_host_view_dropped() noexcept {
  storage_object &s = impl_of(*this);
  {
    lock_t lock(s.mutex);
    // Only views of user memory write back: an array keeps its data, and
    // data the runtime allocated for a view dies with its last reference.
    // Otherwise wait for kernels still writing (on the CPU they write the
    // user's memory in place) and copy device results back.
    const rt::location &host = s.locations[0];
    if (s.home || host.owned)
      return;
  }
  try {
    synchronize();
  } catch (...) {
    // A destructor cannot report it; C++ AMP's destructors swallow too.
    // The failure already reached whoever waited on the kernel.
  }
}

storage::binding storage::bind_for_launch(const queue_ptr &q,
                                          access_mode mode) {
  if (!q)
    throw Kalmar::runtime_exception("hc runtime: kernel launch without a queue",
                                    Kalmar::E_INVALIDARG_CODE);
  storage_object &s = impl_of(*this);
  lock_t lock(s.mutex);
  s.forget_finished();
  const bool writing = writes(mode);
  // From now on the host must ask before touching the data: the kernel may
  // write it (both bits) or read it (no host writes).
  s.clear_host_flags(writing ? 3u : 2u);
  std::size_t index = s.location_index(q->get_device());
  // Also for write-only use: a kernel may write only part of the data, so
  // the rest must be current. Discarded data is never copied.
  s.make_valid(index, q);
  binding result;
  result.pointer = s.locations[index].ptr;
  result.deps = s.conflicts(index, writing, q.get());
  if (writing)
    s.invalidate_others(index);
  if (s.locations[index].dev)
    s.locations[index].last_queue = q;
  return result;
}

void storage::record_use(const queue_ptr &q, access_mode mode,
                         const async_ptr &op) {
  if (!q || !op)
    return;
  storage_object &s = impl_of(*this);
  lock_t lock(s.mutex);
  s.forget_finished();
  std::size_t index = s.location_index(q->get_device());
  if (writes(mode)) {
    // The kernel waited for every earlier user, so it alone now stands for
    // them: later readers wait for it, later writers too.
    s.last_writer = rt::track(op, q);
    s.readers.clear();
    s.locations[index].valid = true;
    s.invalidate_others(index);
  } else {
    s.readers.push_back(rt::track(op, q));
  }
  s.update_host_flags();
}

async_ptr storage::copy(storage &src_storage, std::size_t src_offset,
                        storage &dst_storage, std::size_t dst_offset,
                        std::size_t bytes) {
  storage_object &src = impl_of(src_storage);
  storage_object &dst = impl_of(dst_storage);
  check_range(src, src_offset, bytes, "copy source");
  check_range(dst, dst_offset, bytes, "copy destination");
  if (bytes == 0)
    return async_state::make_ready();
  if (&src == &dst) {
    // Within one storage: through the host copy (rare; ranges may overlap).
    char *p = static_cast<char *>(src.host_access(access_mode::read_write));
    std::memmove(p + dst_offset, p + src_offset, bytes);
    return async_state::make_ready();
  }
  std::unique_lock<std::mutex> l1(src.mutex, std::defer_lock);
  std::unique_lock<std::mutex> l2(dst.mutex, std::defer_lock);
  std::lock(l1, l2);
  src.forget_finished();
  dst.forget_finished();

  // Source: a valid location, a device one if any (device data stays on
  // the device); nothing valid (discarded) → where the data lives.
  std::size_t si = src.home_index;
  for (std::size_t i = src.locations.size(); i-- > 0;)
    if (src.locations[i].valid) {
      si = i;
      break;
    }
  rt::location &from = src.locations[si];
  src.ensure_allocated(from);
  device *from_dev = from.dev;

  // Destination: a full overwrite may go to the source's device if the
  // destination lives there, else to where the destination lives; a partial
  // one must merge into a valid copy.
  bool full = dst_offset == 0 && bytes == dst.bytes;
  std::size_t di = dst.home_index;
  if (!full && dst.any_valid()) {
    if (!dst.locations[di].valid)
      for (std::size_t i = 0; i < dst.locations.size(); ++i)
        if (dst.locations[i].valid) {
          di = i;
          break;
        }
  }
  if (full && from_dev && dst.locations[di].dev != from_dev) {
    for (std::size_t i = 1; i < dst.locations.size(); ++i)
      if (dst.locations[i].dev == from_dev) {
        di = i;
        break;
      }
  }
  rt::location &to = dst.locations[di];
  dst.ensure_allocated(to);
  device *to_dev = to.dev;

  std::vector<async_ptr> deps = src.conflicts(si, false, nullptr);
  for (async_ptr &d : dst.conflicts(di, true, nullptr))
    deps.push_back(std::move(d));
  const char *sp = static_cast<const char *>(from.ptr) + src_offset;
  char *dp = static_cast<char *>(to.ptr) + dst_offset;

  queue_ptr via;
  async_ptr op;
  if (from_dev && to_dev && from_dev != to_dev &&
      (via = dst.copy_queue(to)) &&
      (op = via->copy_from_peer(dp, *from_dev, sp, bytes, deps))) {
    // Between two devices of one backend: a peer copy on the destination's
    // queue.
    src.readers.push_back(rt::track(op, via));
  } else if (from_dev && to_dev && from_dev != to_dev) {
    // Between two devices that cannot copy directly: staged through a host
    // buffer, synchronously.
    via = nullptr;
    void *staging = rt::allocate_host(bytes);
    try {
      wait_all(deps);
      src.read_location(from, src_offset, staging, bytes);
      dst.write_location(to, dst_offset, staging, bytes);
    } catch (...) {
      rt::free_host(staging);
      throw;
    }
    rt::free_host(staging);
    op = async_state::make_ready();
  } else {
    copy_direction direction;
    if (from_dev && to_dev) {
      direction = copy_direction::device_to_device;
      via = dst.copy_queue(to);
    } else if (to_dev) {
      direction = copy_direction::host_to_device;
      via = dst.copy_queue(to);
    } else if (from_dev) {
      direction = copy_direction::device_to_host;
      via = src.copy_queue(from);
    } else {
      // Host to host: asynchronous on a CPU queue, preferably the one of an
      // array that lives there, so it is ordered with that array's kernels.
      direction = copy_direction::host_to_host;
      if (dst.home && dst.home->get_device().info().is_host_memory)
        via = dst.home;
      else if (src.home && src.home->get_device().info().is_host_memory)
        via = src.home;
      else
        via = cpu_device().default_queue();
    }
    op = via->copy(dp, sp, bytes, direction, deps);
    src.readers.push_back(rt::track(op, via));
  }
  // The destination now holds the data only at `to`.
  if (via) {
    dst.last_writer = rt::track(op, via);
    dst.readers.clear();
  }
  to.valid = true;
  dst.invalidate_others(di);
  src.update_host_flags();
  dst.update_host_flags();
  return op;
}

} // namespace detail
} // namespace hc
