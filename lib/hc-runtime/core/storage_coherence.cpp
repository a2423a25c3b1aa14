// Locations, validity and dependency tracking of storage_object (see the
// model in storage_object.hpp). Every function here runs with the storage's
// mutex held.
#include "core/storage_object.hpp"

#include "core/host_memory.hpp"

#include <cstring>

namespace hc {
namespace detail {
namespace rt {

tracked_op track(const async_ptr &state, const queue_ptr &q) {
  tracked_op op;
  op.state = state;
  op.q = q.get();
  op.qw = q;
  return op;
}

namespace {

// A command already ordered before anything enqueued later on the same
// in-order queue need not be passed as a dependency.
bool ordered_by_queue(const tracked_op &op, const queue *q) {
  return q && op.q == q && q->order() == execute_order::in_order &&
         !op.qw.expired();
}

void add_if_conflicting(std::vector<async_ptr> &out, const tracked_op &op,
                        const queue *q) {
  if (op.pending() && !ordered_by_queue(op, q))
    out.push_back(op.state);
}

} // namespace

std::size_t storage_object::location_index(device &d) {
  if (d.info().is_host_memory)
    return 0;
  for (std::size_t i = 1; i < locations.size(); ++i)
    if (locations[i].dev == &d)
      return i;
  locations.emplace_back();
  locations.back().dev = &d;
  return locations.size() - 1;
}

void storage_object::ensure_allocated(location &loc) {
  if (loc.ptr)
    return;
  loc.ptr = loc.dev ? loc.dev->allocate(bytes) : allocate_host(bytes);
  loc.owned = true;
}

queue_ptr storage_object::copy_queue(location &loc) {
  if (queue_ptr q = loc.last_queue.lock())
    return q;
  if (home && &home->get_device() == loc.dev)
    return home;
  return loc.dev->default_queue();
}

bool storage_object::any_valid() const {
  for (const location &loc : locations)
    if (loc.valid)
      return true;
  return false;
}

void storage_object::make_valid(std::size_t index, const queue_ptr &q) {
  location &target = locations[index];
  if (target.valid)
    return;
  ensure_allocated(target);
  if (!any_valid() || bytes == 0) {
    // Discarded (or empty): any memory is as good as any other.
    target.valid = true;
    return;
  }
  location &host = locations[0];
  queue_ptr via;
  async_ptr op;
  if (target.dev) {
    // Device target: from the host copy, or, when the data is valid only on
    // another device, by a peer copy where the backend can (else staged
    // through the host).
    via = (q && &q->get_device() == target.dev) ? q : copy_queue(target);
    if (!host.valid) {
      for (location &from : locations) {
        if (!from.valid || !from.dev || from.dev == target.dev)
          continue;
        std::vector<async_ptr> deps;
        add_if_conflicting(deps, last_writer, via.get());
        add_if_conflicting(deps, from.fill, via.get());
        op = via->copy_from_peer(target.ptr, *from.dev, from.ptr, bytes, deps);
        break;
      }
      if (!op)
        make_valid(0, nullptr);
    }
    if (!op) {
      std::vector<async_ptr> deps;
      add_if_conflicting(deps, last_writer, via.get());
      add_if_conflicting(deps, host.fill, via.get());
      op = via->copy(target.ptr, host.ptr, bytes,
                     copy_direction::host_to_device, deps);
    }
  } else {
    std::size_t source = 1;
    while (!locations[source].valid)
      ++source; // exists: any_valid() and the host copy is not valid
    location &from = locations[source];
    via = copy_queue(from);
    std::vector<async_ptr> deps;
    add_if_conflicting(deps, last_writer, via.get());
    add_if_conflicting(deps, from.fill, via.get());
    op = via->copy(host.ptr, from.ptr, bytes, copy_direction::device_to_host,
                   deps);
    from.last_queue = via;
  }
  target.valid = true;
  target.fill = track(op, via);
  if (target.dev)
    target.last_queue = via;
  // The copy reads its source: a later writer must wait for it.
  readers.push_back(target.fill);
}

void storage_object::invalidate_others(std::size_t index) {
  for (std::size_t i = 0; i < locations.size(); ++i) {
    if (i == index)
      continue;
    locations[i].valid = false;
    locations[i].fill.reset();
  }
}

void storage_object::forget_finished() {
  if (!last_writer.pending())
    last_writer.reset();
  std::vector<tracked_op> still;
  for (tracked_op &op : readers)
    if (op.pending())
      still.push_back(std::move(op));
  readers.swap(still);
  for (location &loc : locations)
    if (!loc.fill.pending())
      loc.fill.reset();
}

std::vector<async_ptr> storage_object::conflicts(std::size_t index,
                                                 bool writing,
                                                 const queue *q) const {
  std::vector<async_ptr> out;
  add_if_conflicting(out, last_writer, q);
  add_if_conflicting(out, locations[index].fill, q);
  if (writing)
    for (const tracked_op &op : readers)
      add_if_conflicting(out, op, q);
  return out;
}

std::vector<async_ptr> storage_object::all_pending() const {
  std::vector<async_ptr> out;
  add_if_conflicting(out, last_writer, nullptr);
  for (const tracked_op &op : readers)
    add_if_conflicting(out, op, nullptr);
  for (const location &loc : locations)
    add_if_conflicting(out, loc.fill, nullptr);
  return out;
}

void storage_object::update_host_flags() {
  const location &host = locations[0];
  unsigned flags = 0;
  if (host.valid && host.ptr && !last_writer.pending() &&
      !host.fill.pending()) {
    flags |= static_cast<unsigned>(access_mode::read);
    // Writing without a call is only safe when no device copy would become
    // stale and nothing still reads the data.
    bool sole = true;
    for (std::size_t i = 1; i < locations.size(); ++i)
      sole = sole && !locations[i].valid;
    bool readers_pending = false;
    for (const tracked_op &op : readers)
      readers_pending = readers_pending || op.pending();
    if (sole && !readers_pending)
      flags |= static_cast<unsigned>(access_mode::write);
  }
  // Publish the address before the flags that allow using it.
  host_ptr_.store(host.ptr, std::memory_order_release);
  host_flags_.store(flags, std::memory_order_release);
}

void storage_object::write_location(location &loc, std::size_t offset,
                                    const void *src, std::size_t n) {
  if (n == 0)
    return;
  char *dst = static_cast<char *>(loc.ptr) + offset;
  if (!loc.dev) {
    std::memcpy(dst, src, n);
    return;
  }
  queue_ptr via = copy_queue(loc);
  via->copy(dst, src, n, copy_direction::host_to_device, {})->wait();
}

void storage_object::read_location(location &loc, std::size_t offset,
                                   void *dst, std::size_t n) {
  if (n == 0)
    return;
  const char *src = static_cast<const char *>(loc.ptr) + offset;
  if (!loc.dev) {
    std::memcpy(dst, src, n);
    return;
  }
  queue_ptr via = copy_queue(loc);
  via->copy(dst, src, n, copy_direction::device_to_host, {})->wait();
}

} // namespace rt
} // namespace detail
} // namespace hc
