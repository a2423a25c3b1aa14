// queue: the front of runtime.hpp over a backend's queue_impl, with the
// ordering rule every backend shares.
#include "core/device_impl.hpp"
#include "core/wait_util.hpp"

namespace hc {
namespace detail {

namespace {

bool pending_and_ordered(const rt::queue_impl &q, const async_ptr &d) {
  return d && !d->is_ready() && q.orders_after_impl(*d);
}

// The dependencies `q` orders after itself: `deps` when that is all of
// them (no copy on the launch path), else `filtered`. Finished ones are
// dropped; a command `q` cannot order after (another backend's) is waited
// for here, on the calling thread, before the backend takes a lock of its
// own: so its completion never waits for `q`, and the backend never blocks
// while holding its submission lock. Its error stays with its own command.
const std::vector<async_ptr> &
pending_dependencies(const rt::queue_impl &q,
                     const std::vector<async_ptr> &deps,
                     std::vector<async_ptr> &filtered) {
  bool all = true;
  for (const async_ptr &d : deps)
    all = all && pending_and_ordered(q, d);
  if (all)
    return deps;
  filtered.reserve(deps.size());
  for (const async_ptr &d : deps) {
    if (pending_and_ordered(q, d))
      filtered.push_back(d);
    else
      rt::wait_quietly(d);
  }
  return filtered;
}

} // namespace

device &queue::get_device() const noexcept { return rt::impl(*this).owner_; }

execute_order queue::order() const noexcept { return rt::impl(*this).order_; }

queue_priority queue::priority() const noexcept {
  return rt::impl(*this).priority_;
}

async_ptr queue::launch(const kernel_launch &kernel,
                        const std::vector<async_ptr> &deps) {
  rt::queue_impl &q = rt::impl(*this);
  std::vector<async_ptr> filtered;
  async_ptr state =
      q.launch_impl(kernel, pending_dependencies(q, deps, filtered));
  // The argument block (and what the functor holds) lives until the kernel
  // finished, whatever the backend did with the bytes.
  if (state && kernel.args_owner && !q.keeps_arguments_impl())
    state->keep_until_done(kernel.args_owner);
  return state;
}

async_ptr queue::copy(void *dst, const void *src, std::size_t bytes,
                      copy_direction direction,
                      const std::vector<async_ptr> &deps) {
  rt::queue_impl &q = rt::impl(*this);
  std::vector<async_ptr> filtered;
  const std::vector<async_ptr> &pending =
      pending_dependencies(q, deps, filtered);
  if (bytes == 0)
    return q.ordering_only(pending);
  return q.copy_impl(dst, src, bytes, direction, pending);
}

async_ptr queue::marker(const std::vector<async_ptr> &deps,
                        memory_scope scope) {
  rt::queue_impl &q = rt::impl(*this);
  std::vector<async_ptr> filtered;
  return q.marker_impl(pending_dependencies(q, deps, filtered), scope);
}

async_ptr queue::copy_from_peer(void *dst, device &from, const void *src,
                                std::size_t bytes,
                                const std::vector<async_ptr> &deps) {
  rt::queue_impl &q = rt::impl(*this);
  std::vector<async_ptr> filtered;
  return q.copy_from_peer_impl(dst, from, src, bytes,
                               pending_dependencies(q, deps, filtered));
}

void queue::wait() { rt::impl(*this).wait_impl(); }

void queue::flush() { rt::impl(*this).flush_impl(); }

std::size_t queue::pending_count() const {
  return rt::impl(*this).pending_count_impl();
}

async_ptr queue::last_command() const {
  async_ptr last = rt::impl(*this).last_command_impl();
  return last ? last : async_state::make_ready();
}

void *queue::native_handle() { return rt::impl(*this).native_handle_impl(); }

async_ptr queue::marker_after_native_event(void *event) {
  if (!event)
    throw Kalmar::runtime_exception(
        "hc runtime: a marker after a native event needs one (null given)",
        Kalmar::E_INVALIDARG_CODE);
  return rt::impl(*this).marker_after_native_event_impl(event);
}

namespace rt {

queue_impl::~queue_impl() = default;

async_ptr queue_impl::marker_after_native_event_impl(void *) {
  owner_.unsupported("has no native events to wait for; only CUDA events "
                     "can be (docs/multi-gpu.md)");
}

async_ptr queue_impl::ordering_only(const std::vector<async_ptr> &deps) {
  bool idle = pending_count_impl() == 0;
  for (const async_ptr &d : deps)
    idle = idle && (!d || d->is_ready());
  return idle ? async_state::make_ready()
              : marker_impl(deps, memory_scope::none);
}

} // namespace rt

} // namespace detail
} // namespace hc
