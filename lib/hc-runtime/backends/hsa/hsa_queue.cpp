// hsa_queue: an accelerator_view as an AQL queue (kernel dispatch and
// barrier packets, copies through ROCr's copy engines).
#include "backends/hsa/hsa_copy_engine.hpp"
#include "backends/hsa/hsa_device.hpp"

#include "core/kernel_entry.hpp"
#include "core/wait_util.hpp"
#include "hc/detail/am_runtime.hpp"
#include "hc/detail/exceptions.hpp"

#include <algorithm>
#include <cstring>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {

// The barrier bit keeps an in-order queue in order (a packet starts only
// after the ones before it completed). Acquire scope system: hc commands hand
// data to the host and to other devices without further synchronisation.
constexpr std::uint16_t packet_header(int type, int release_scope,
                                      bool barrier) {
  return static_cast<std::uint16_t>(
      (type << HSA_PACKET_HEADER_TYPE) |
      ((barrier ? 1 : 0) << HSA_PACKET_HEADER_BARRIER) |
      (HSA_FENCE_SCOPE_SYSTEM << HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE) |
      (release_scope << HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE));
}

void queue_error(hsa_status_t status, hsa_queue_t *, void *data) {
  auto *q = static_cast<hsa_queue *>(data);
  auto &dev = static_cast<hsa_device &>(q->get_device());
  q->fail_pending("hc runtime: the HSA queue reported " +
                  dev.api()->describe(status) +
                  " (a kernel faulted or the GPU was reset)");
}
} // namespace

hsa_queue::hsa_queue(hsa_device &dev, execute_order order,
                     queue_priority priority)
    // ROCr schedules queues by their own priority only through an AMD
    // extension this backend does not load; the priority is kept for
    // accelerator_view::get_queue_priority().
    : queue_impl(dev, order, priority), device_(dev), api_(dev.api()) {
  std::uint32_t size = std::min<std::uint32_t>(
      4096, dev.description().queue_max_size ? dev.description().queue_max_size
                                             : 4096);
  hsa_status_t s = api_->hsa_queue_create(
      dev.description().agent, size, HSA_QUEUE_TYPE_MULTIPLE, queue_error, this,
      UINT32_MAX, UINT32_MAX, &queue_);
  if (s != HSA_STATUS_SUCCESS)
    dev.fail("hsa_queue_create", s, "a queue for an accelerator_view");
}

hsa_queue::~hsa_queue() {
  try {
    wait_impl();
  } catch (...) {
  }
  if (queue_)
    api_->hsa_queue_destroy(queue_);
}

std::shared_ptr<hsa_state>
hsa_queue::new_state(const profile::command_record &record) {
  hsa_signal_t signal{};
  hsa_status_t s = api_->hsa_signal_create(1, 0, nullptr, &signal);
  if (s != HSA_STATUS_SUCCESS)
    device_.fail("hsa_signal_create", s, "a completion signal");
  auto state = std::make_shared<hsa_state>(api_, signal);
  state->owner = this;
  state->device = &device_;
  state->set_ticks(current_tick(), 0);
  state->command = record;
  if (profile::level())
    state->profile_track = profile_track_;
  return state;
}

std::vector<hsa_signal_t>
hsa_queue::gpu_dependencies(const std::vector<async_ptr> &deps, bool aql,
                            hsa_state &state) {
  std::vector<hsa_signal_t> signals;
  auto add = [&](const async_ptr &dep) {
    if (!dep || dep->is_ready())
      return;
    auto *h = static_cast<hsa_state *>(dep.get());
    // Earlier AQL packets of this queue are ordered by the barrier bit.
    if (aql && order_ == execute_order::in_order && h->owner == this &&
        h->in_aql_order)
      return;
    signals.push_back(h->signal());
    state.keep_alive.push_back(dep);
  };
  for (const async_ptr &dep : deps)
    add(dep);
  if (order_ == execute_order::in_order && last_)
    add(last_);
  return signals;
}

bool hsa_queue::orders_after_impl(const async_state &dep) const {
  return dynamic_cast<const hsa_state *>(&dep) != nullptr;
}

std::uint64_t hsa_queue::reserve_slot() {
  std::uint64_t index = api_->hsa_queue_add_write_index_scacq_screl(queue_, 1);
  // A full ring: wait for the packet processor to retire a slot.
  while (index - api_->hsa_queue_load_read_index_scacquire(queue_) >=
         queue_->size)
    std::this_thread::yield();
  return index;
}

void hsa_queue::publish(std::uint64_t index, std::uint16_t header,
                        std::uint16_t setup) {
  auto *slot = static_cast<unsigned char *>(queue_->base_address) +
               (index % queue_->size) * 64;
  // The header goes last, in one release store with `setup`: the packet
  // processor may read the slot as soon as the type is not INVALID.
  std::uint32_t word = header | (static_cast<std::uint32_t>(setup) << 16);
  __atomic_store_n(reinterpret_cast<std::uint32_t *>(slot), word,
                   __ATOMIC_RELEASE);
  api_->hsa_signal_store_screlease(queue_->doorbell_signal,
                                   static_cast<hsa_signal_value_t>(index));
}

void hsa_queue::submit_barriers(const std::vector<hsa_signal_t> &signals,
                                hsa_signal_t completion, int release_scope) {
  std::size_t at = 0;
  do {
    std::uint64_t index = reserve_slot();
    auto *p = reinterpret_cast<hsa_barrier_and_packet_t *>(
        static_cast<unsigned char *>(queue_->base_address) +
        (index % queue_->size) * 64);
    std::memset(reinterpret_cast<unsigned char *>(p) + 4, 0, 60);
    for (int i = 0; i < 5 && at < signals.size(); ++i)
      p->dep_signal[i] = signals[at++];
    bool last = at >= signals.size();
    p->completion_signal = last ? completion : hsa_signal_t{0};
    publish(index,
            packet_header(HSA_PACKET_TYPE_BARRIER_AND, release_scope,
                          order_ == execute_order::in_order),
            0);
  } while (at < signals.size());
}

void hsa_queue::track(const std::shared_ptr<hsa_state> &state) {
  while (!pending_.empty() && pending_.front()->is_ready())
    pending_.pop_front();
  pending_.push_back(state);
  last_ = state;
}

async_ptr hsa_queue::launch_impl(const kernel_launch &k,
                                 const std::vector<async_ptr> &deps) {
  const agent_description &d = device_.description();
  agent_limits limits;
  limits.max_workgroup_size = d.max_workgroup_size;
  limits.wavefront_size = d.wavefront_size;
  limits.compute_units = d.compute_units;
  dispatch_shape shape = plan_dispatch(k.geometry, limits);
  if (shape.dims == 0)
    return ordering_only(deps);
  const hsa_kernel &kernel =
      device_.kernel(kernel_entry_point(k, __hcc_image_hsaco), k.args_size);
  std::size_t group = kernel.group_fixed + k.geometry.dynamic_group_bytes;
  if (group > d.group_segment_bytes)
    throw Kalmar::invalid_compute_domain(
        "hc runtime: the kernel needs " + std::to_string(group) +
        " bytes of group memory per tile (tile_static and dynamic); the "
        "agent has " +
        std::to_string(d.group_segment_bytes));

  std::lock_guard<std::mutex> lock(mutex_);
  auto state = new_state({profile::kind::kernel, k.device_name, 0});
  state->in_aql_order = true;
  void *kernargs = device_.allocate_kernargs(
      std::max<std::size_t>(kernel.kernargs.size, 16));
  hsa_device *dev = &device_;
  state->cleanups.push_back([dev, kernargs] { dev->free_kernargs(kernargs); });
  write_kernargs(kernel.kernargs, kernargs, k.args, shape,
                 reinterpret_cast<std::uint64_t>(queue_));

  std::vector<hsa_signal_t> waits = gpu_dependencies(deps, true, *state);
  if (!waits.empty())
    submit_barriers(waits, hsa_signal_t{0}, HSA_FENCE_SCOPE_NONE);

  std::uint64_t index = reserve_slot();
  auto *p = reinterpret_cast<hsa_kernel_dispatch_packet_t *>(
      static_cast<unsigned char *>(queue_->base_address) +
      (index % queue_->size) * 64);
  p->workgroup_size_x = shape.workgroup[0];
  p->workgroup_size_y = shape.workgroup[1];
  p->workgroup_size_z = shape.workgroup[2];
  p->reserved0 = 0;
  p->grid_size_x = shape.grid[0];
  p->grid_size_y = shape.grid[1];
  p->grid_size_z = shape.grid[2];
  p->private_segment_size = kernel.private_fixed;
  p->group_segment_size = static_cast<std::uint32_t>(group);
  p->kernel_object = kernel.object;
  p->kernarg_address = kernargs;
  p->reserved2 = 0;
  p->completion_signal = state->signal();
  publish(index,
          packet_header(HSA_PACKET_TYPE_KERNEL_DISPATCH, HSA_FENCE_SCOPE_SYSTEM,
                        order_ == execute_order::in_order),
          static_cast<std::uint16_t>(
              shape.dims << HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS));
  track(state);
  watch(state);
  return state;
}

async_ptr hsa_queue::copy_impl(void *dst, const void *src, std::size_t bytes,
                               copy_direction direction,
                               const std::vector<async_ptr> &deps) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto state = new_state({profile::kind::copy, describe(direction), bytes});
  std::vector<hsa_signal_t> waits = gpu_dependencies(deps, false, *state);
  const agent_description &d = device_.description();

  if (direction == copy_direction::host_to_host || bytes == 0) {
    for (hsa_signal_t w : waits)
      wait_signal(*api_, w);
    if (bytes)
      std::memmove(dst, src, bytes);
    api_->hsa_signal_store_screlease(state->signal(), 0);
    state->finish();
    track(state);
    return state;
  }

  // ROCr's copy engines read and write host memory only when ROCr allocated
  // it (am_alloc's pinned memory: used as it is) or it is locked for the
  // agent. Other host memory is staged through pinned buffers or locked in
  // place for the copy's duration (hsa_copy_engine.hpp).
  void *dst_ptr = dst;
  const void *src_ptr = src;
  hsa_agent_t dst_agent = d.agent, src_agent = d.agent;
  const bool to_device = direction == copy_direction::host_to_device;
  void *host = nullptr;
  if (to_device) {
    host = const_cast<void *>(src);
    src_agent = d.host_agent;
  } else if (direction == copy_direction::device_to_host) {
    host = dst;
    dst_agent = d.host_agent;
  }
  if (host && !am_is_pinned_host(host, bytes)) {
    copy_strategy how = unpinned_strategy(device_, to_device, host, bytes);
    void *mapped = nullptr;
    std::shared_ptr<void> pinned;
    if (how == copy_strategy::pin_in_place &&
        !(pinned = pin_pages(device_, host, bytes, mapped)))
      how = copy_strategy::staging;
    if (how == copy_strategy::staging && staging_available(device_))
      return staged_copy(state, waits, dst, src, bytes, to_device);
    // No staging buffers: lock the pages; memory that cannot be locked is
    // handed to the copy engine as it is.
    if (!pinned)
      pinned = pin_pages(device_, host, bytes, mapped);
    if (pinned) {
      state->cleanups.push_back([pinned] {});
      if (to_device)
        src_ptr = mapped;
      else
        dst_ptr = mapped;
    }
  }
  hsa_status_t s = api_->hsa_amd_memory_async_copy(
      dst_ptr, dst_agent, src_ptr, src_agent, bytes,
      static_cast<std::uint32_t>(waits.size()),
      waits.empty() ? nullptr : waits.data(), state->signal());
  if (s != HSA_STATUS_SUCCESS) {
    state->finish(); // runs the unlock
    device_.fail("hsa_amd_memory_async_copy", s,
                 std::to_string(bytes) + " bytes");
  }
  track(state);
  watch(state);
  return state;
}

async_ptr hsa_queue::staged_copy(const std::shared_ptr<hsa_state> &state,
                                 const std::vector<hsa_signal_t> &waits,
                                 void *dst, const void *src, std::size_t bytes,
                                 bool to_device) {
  // The CPU reads (or writes) the user's memory: after the commands the copy
  // follows.
  for (hsa_signal_t w : waits)
    wait_signal(*api_, w);
  try {
    if (to_device)
      staged_to_device(device_, state, waits, dst, src, bytes);
    else
      staged_from_device(device_, waits, dst, src, bytes);
  } catch (...) {
    state->finish();
    throw;
  }
  if (to_device) {
    // The last chunk completes the command's signal.
    track(state);
    watch(state);
    return state;
  }
  // The data is in the user's memory.
  api_->hsa_signal_store_screlease(state->signal(), 0);
  state->finish();
  track(state);
  return state;
}

async_ptr hsa_queue::marker_impl(const std::vector<async_ptr> &deps,
                                 memory_scope scope) {
  std::lock_guard<std::mutex> lock(mutex_);
  auto state = new_state({profile::kind::marker, nullptr, 0});
  state->set_marker(true);
  state->in_aql_order = true;
  std::vector<hsa_signal_t> waits = gpu_dependencies(deps, true, *state);
  int release = scope == memory_scope::system        ? HSA_FENCE_SCOPE_SYSTEM
                : scope == memory_scope::accelerator ? HSA_FENCE_SCOPE_AGENT
                                                     : HSA_FENCE_SCOPE_NONE;
  submit_barriers(waits, state->signal(), release);
  track(state);
  watch(state);
  return state;
}

void hsa_queue::wait_impl() {
  // Every pending command, not just the last: in an execute_any_order view
  // they may finish out of order.
  std::vector<std::shared_ptr<hsa_state>> pending;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending.assign(pending_.begin(), pending_.end());
  }
  for (const auto &state : pending)
    wait_quietly(state);
  std::exception_ptr error;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    error = std::move(unreported_);
    unreported_ = nullptr;
  }
  if (error)
    std::rethrow_exception(error);
}

void hsa_queue::note_failure(std::exception_ptr error) const noexcept {
  std::lock_guard<std::mutex> lock(mutex_);
  if (!unreported_)
    unreported_ = std::move(error);
}

std::size_t hsa_queue::pending_count_impl() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return static_cast<std::size_t>(std::count_if(
      pending_.begin(), pending_.end(),
      [](const std::shared_ptr<hsa_state> &s) { return !s->is_ready(); }));
}

async_ptr hsa_queue::last_command_impl() const {
  std::lock_guard<std::mutex> lock(mutex_);
  if (last_ && !last_->is_ready())
    return last_;
  return nullptr;
}

void hsa_queue::fail_pending(const std::string &message) noexcept {
  std::vector<std::shared_ptr<hsa_state>> pending;
  {
    std::lock_guard<std::mutex> lock(mutex_);
    pending.assign(pending_.begin(), pending_.end());
  }
  auto error = std::make_exception_ptr(
      Kalmar::runtime_exception(message, Kalmar::E_FAIL_CODE));
  for (auto &s : pending)
    s->finish(error);
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
