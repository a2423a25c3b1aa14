// cuda_queue: an accelerator_view as a CUDA stream (launches, copies,
// markers, cross-queue ordering).
#include "backends/cuda/cuda_copy_engine.hpp"
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_util.hpp"

#include "core/environment.hpp"
#include "core/grid_size.hpp"
#include "core/image_registry.hpp"
#include "core/kernel_entry.hpp"
#include "core/wait_util.hpp"
#include "hc/detail/am_runtime.hpp"
#include "hc/detail/exceptions.hpp"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

namespace {

// CUDA numbers stream priorities from `least` (the default, usually 0)
// down to `greatest` (negative). hc's normal and low priorities both map to
// the default, since CUDA has nothing below it; high maps to the greatest.
// False when the driver cannot create prioritised streams.
bool stream_priority(const driver_api &api, queue_priority priority,
                     int &value) {
  if (priority != queue_priority::high || !api.cuCtxGetStreamPriorityRange ||
      !api.cuStreamCreateWithPriority)
    return false;
  int least = 0, greatest = 0;
  if (api.cuCtxGetStreamPriorityRange(&least, &greatest) != CUDA_SUCCESS)
    return false;
  value = greatest;
  return true;
}

} // namespace

cuda_queue::cuda_queue(cuda_device &dev, execute_order order,
                       queue_priority priority)
    : queue_impl(dev, order, priority), device_(dev),
      worker_(std::make_shared<completion_worker>(dev)) {
  device_.make_current();
  const driver_api &api = device_.api();
  int value = 0;
  CUresult r = stream_priority(api, priority, value)
                   ? api.cuStreamCreateWithPriority(
                         &stream_, CU_STREAM_NON_BLOCKING, value)
                   : api.cuStreamCreate(&stream_, CU_STREAM_NON_BLOCKING);
  if (r != CUDA_SUCCESS)
    device_.fail("cuStreamCreate", r, "creating a queue");
  worker_->bind_stream(stream_);
}

cuda_queue::cuda_queue(cuda_device &dev, CUstream borrowed)
    : queue_impl(dev, execute_order::in_order, queue_priority::normal),
      device_(dev), stream_(borrowed), owns_stream_(false),
      worker_(std::make_shared<completion_worker>(dev)) {
  worker_->bind_stream(stream_);
}

cuda_queue::~cuda_queue() {
  // Commands still without an end event get one while the stream exists.
  worker_->record_pending();
  worker_->stop();
  if (!owns_stream_)
    return; // the program's stream: it destroys it
  // Returns at once; the driver releases the stream once its work is done.
  try {
    device_.make_current();
  } catch (...) {
  }
  device_.api().cuStreamDestroy(stream_);
}

bool cuda_queue::orders_after_impl(const async_state &dep) const {
  return dynamic_cast<const cuda_state *>(&dep) != nullptr;
}

void cuda_queue::order_after(
    const std::vector<async_ptr> &deps,
    std::vector<std::shared_ptr<cuda_state>> &cuda_deps) {
  const driver_api &api = device_.api();
  for (const async_ptr &d : deps) {
    auto *c = static_cast<cuda_state *>(d.get());
    // Same queue: the stream already orders it.
    bool same =
        !c->worker_.owner_before(worker_) && !worker_.owner_before(c->worker_);
    if (same || c->is_ready())
      continue;
    CUresult failure = CUDA_SUCCESS;
    const char *call = "cuEventRecord";
    CUevent end = c->end_event(&failure, &call);
    if (!end && c->is_ready())
      continue; // completed meanwhile
    if (!end)
      device_.fail(call, failure != CUDA_SUCCESS ? failure : CUDA_ERROR_UNKNOWN,
                   "recording the end of a dependency");
    CUresult r = api.cuStreamWaitEvent(stream_, end, 0);
    if (r != CUDA_SUCCESS)
      device_.fail("cuStreamWaitEvent", r, "ordering after a dependency");
    cuda_deps.push_back(std::static_pointer_cast<cuda_state>(d));
  }
}

template <class Work>
async_ptr cuda_queue::submit(const std::vector<async_ptr> &deps,
                             profile::kind kind,
                             std::shared_ptr<void> keep_alive, const char *what,
                             const char *name, std::size_t bytes, Work &&work) {
  // A marker is its end event and nothing else; kernels and copies are
  // timed when profiling and otherwise get their end event lazily.
  const bool marker = kind == profile::kind::marker;
  const driver_api &api = device_.api();
  std::lock_guard<std::mutex> lock(submit_mutex_);
  device_.make_current();
  auto state = std::make_shared<cuda_state>(device_, stream_);
  order_after(deps, state->deps_);
  state->worker_ = worker_;
  state->set_marker(marker);
  state->submitted_ = current_tick();
  if (!marker && profiling()) {
    state->start_ = device_.acquire_event(false);
    CUresult r = api.cuEventRecord(state->start_, stream_);
    if (r != CUDA_SUCCESS)
      device_.fail("cuEventRecord", r, what);
  }
  work();
  if (marker || state->start_) {
    CUevent end = device_.acquire_event(true);
    CUresult r = api.cuEventRecord(end, stream_);
    if (r != CUDA_SUCCESS) {
      device_.release_event(end, true);
      device_.fail("cuEventRecord", r, what);
    }
    state->end_owner_ = device_.own_end_event(end);
    state->end_.store(end, std::memory_order_release);
  }
  completion_worker::entry e;
  e.state = state;
  e.keep_alive = std::move(keep_alive);
  e.kind = kind;
  e.what = what;
  e.name = name;
  e.bytes = bytes;
  worker_->push(std::move(e));
  return state;
}

template <class Work>
async_ptr cuda_queue::submit_finished(const std::vector<async_ptr> &deps,
                                      const char *what, std::size_t bytes,
                                      Work &&work) {
  async_ptr state = submit(deps, profile::kind::copy, nullptr, what, nullptr,
                           bytes, std::forward<Work>(work));
  // Profiling recorded an end event around the copy: the worker uses it.
  if (!profiling())
    worker_->drain_known(static_cast<cuda_state *>(state.get()),
                         CUDA_SUCCESS);
  return state;
}

async_ptr cuda_queue::launch_impl(const kernel_launch &kernel,
                                  const std::vector<async_ptr> &deps) {
  if (!kernel.device_name || !*kernel.device_name)
    throw Kalmar::runtime_exception(
        "hc runtime: kernel without a device name cannot run on " +
            device_.label(),
        Kalmar::E_FAIL_CODE);
  loaded_kernel *entry =
      &device_.kernel(kernel_entry_point(kernel, __hcc_image_ptx));
  launch_dims dims = plan_launch(kernel.geometry, entry->limits);
  if (dims.grid_x == 0) // no work-items: only the ordering remains
    return ordering_only(deps);
  // A grid of one block per whole tile: the entry without the tile loop,
  // unless it holds fewer threads per block than a tile has.
  const unsigned grid[3] = {dims.grid_x, dims.grid_y, dims.grid_z};
  if (whole_tiles_launch(kernel.geometry, grid)) {
    loaded_kernel &whole =
        device_.kernel(kernel_entry_point(kernel, __hcc_image_ptx, true));
    if (whole.limits.max_threads >= count_tiles(kernel.geometry).items_per_tile)
      entry = &whole;
  }
  loaded_kernel &k = *entry;
  if (k.param_size && k.param_size != kernel.args_size)
    throw Kalmar::runtime_exception(
        "hc runtime: kernel " + k.name + " takes a " +
            std::to_string(k.param_size) +
            "-byte argument block but the host passed " +
            std::to_string(kernel.args_size) +
            " bytes: the host and device passes disagree on the layout of "
            "the kernel's functor",
        Kalmar::E_FAIL_CODE);
  std::size_t shared = kernel.geometry.dynamic_group_bytes;
  if (shared > info_max_shared())
    throw Kalmar::runtime_exception(
        "hc runtime: " + std::to_string(shared) +
            " bytes of dynamic group segment requested; " + device_.label() +
            " allows " + std::to_string(info_max_shared()),
        Kalmar::E_INVALIDARG_CODE);
  if (shared)
    device_.reserve_dynamic_shared(k, shared);
  const driver_api &api = device_.api();
  return submit(deps, profile::kind::kernel, nullptr, "kernel",
                k.name.c_str(), 0, [&] {
                  void *params[] = {const_cast<void *>(kernel.args)};
                  CUresult r = api.cuLaunchKernel(
                      k.function, dims.grid_x, dims.grid_y, dims.grid_z,
                      dims.block[0], dims.block[1], dims.block[2],
                      static_cast<unsigned>(shared), stream_, params, nullptr);
                  if (r != CUDA_SUCCESS)
                    device_.fail("cuLaunchKernel", r,
                                 "launching kernel " + k.name + " (grid " +
                                     std::to_string(dims.grid_x) + "x" +
                                     std::to_string(dims.grid_y) + "x" +
                                     std::to_string(dims.grid_z) + ", block " +
                                     std::to_string(dims.block[0]) + "x" +
                                     std::to_string(dims.block[1]) + "x" +
                                     std::to_string(dims.block[2]) + ", " +
                                     std::to_string(shared) +
                                     " bytes of dynamic group memory, " +
                                     std::to_string(kernel.args_size) +
                                     "-byte argument block)");
                });
}

std::size_t cuda_queue::info_max_shared() const {
  return device_.info().max_tile_static_bytes;
}

async_ptr cuda_queue::copy_impl(void *dst, const void *src, std::size_t bytes,
                                copy_direction direction,
                                const std::vector<async_ptr> &deps) {
  const driver_api &api = device_.api();
  const char *what = describe(direction);
  switch (direction) {
  case copy_direction::host_to_host: {
    // Plain host memory: after the dependencies and this queue's commands.
    wait_quietly(deps);
    if (async_ptr last = worker_->last())
      wait_quietly(last);
    std::memcpy(dst, src, bytes);
    return async_state::make_ready();
  }
  case copy_direction::host_to_device: {
    // Host memory the user did not pin: staged or pinned in place by the
    // copy engine (cuda_copy_engine.hpp), or handed to the driver.
    std::shared_ptr<void> pinned;
    if (!am_is_pinned_host(src, bytes)) {
      copy_strategy how = unpinned_strategy(device_, true, src, bytes);
      if (how == copy_strategy::pin_in_place &&
          !(pinned = pin_pages(device_, src, bytes)))
        how = copy_strategy::staging;
      if (how == copy_strategy::staging && staging_available(device_)) {
        // The CPU reads `src` now: after whatever writes it.
        wait_quietly(deps);
        return submit(
            deps, profile::kind::copy, nullptr, what, nullptr, bytes, [&] {
              staged_to_device(device_, stream_, device_ptr(dst), src, bytes);
            });
      }
    }
    return submit(
        deps, profile::kind::copy, std::move(pinned), what, nullptr, bytes,
        [&] {
          CUresult r =
              api.cuMemcpyHtoDAsync(device_ptr(dst), src, bytes, stream_);
          if (r != CUDA_SUCCESS)
            device_.fail("cuMemcpyHtoDAsync_v2", r, sized(what, bytes));
        });
  }
  case copy_direction::device_to_host: {
    auto dma = [&] {
      CUresult r = api.cuMemcpyDtoHAsync(dst, device_ptr(src), bytes, stream_);
      if (r != CUDA_SUCCESS)
        device_.fail("cuMemcpyDtoHAsync_v2", r, sized(what, bytes));
    };
    std::shared_ptr<void> pinned;
    if (!am_is_pinned_host(dst, bytes)) {
      copy_strategy how = unpinned_strategy(device_, false, dst, bytes);
      if (how == copy_strategy::pin_in_place &&
          !(pinned = pin_pages(device_, dst, bytes)))
        how = copy_strategy::staging;
      // Staged and direct copies into pageable memory are done when the
      // call returns.
      if (how == copy_strategy::staging && staging_available(device_))
        return submit_finished(deps, what, bytes, [&] {
          staged_from_device(device_, stream_, dst, device_ptr(src), bytes);
        });
      if (!pinned)
        return submit_finished(deps, what, bytes, dma);
    }
    return submit(deps, profile::kind::copy, std::move(pinned), what, nullptr,
                  bytes, dma);
  }
  case copy_direction::device_to_device:
    return submit(deps, profile::kind::copy, nullptr, what, nullptr, bytes,
                  [&] {
      CUresult r = api.cuMemcpyDtoDAsync(device_ptr(dst), device_ptr(src),
                                         bytes, stream_);
      if (r != CUDA_SUCCESS)
        device_.fail("cuMemcpyDtoDAsync_v2", r, sized(what, bytes));
    });
  }
  throw Kalmar::runtime_exception("hc runtime: unknown copy direction",
                                  Kalmar::E_INVALIDARG_CODE);
}

async_ptr cuda_queue::copy_from_peer_impl(void *dst, device &from,
                                          const void *src, std::size_t bytes,
                                          const std::vector<async_ptr> &deps) {
  auto *peer = dynamic_cast<cuda_device *>(&impl(from));
  const driver_api &api = device_.api();
  if (!peer || !api.cuMemcpyPeerAsync || &peer->api() != &api)
    return nullptr;
  if (bytes == 0)
    return ordering_only(deps);
  // Without peer access the driver stages the copy through host memory
  // (38 GB/s between two NVLink-connected H200s, against 380 with it).
  // Where the GPUs cannot reach each other, staging is what remains.
  device_.enable_access_to_impl(from);
  peer->enable_access_to_impl(device_);
  CUcontext source = peer->context(), target = device_.context();
  const char *what = "peer copy";
  return submit(deps, profile::kind::copy, nullptr, what, nullptr, bytes,
                [&] {
    CUresult r = api.cuMemcpyPeerAsync(device_ptr(dst), target, device_ptr(src),
                                       source, bytes, stream_);
    if (r != CUDA_SUCCESS)
      device_.fail("cuMemcpyPeerAsync", r,
                   sized(what, bytes) + " from " + peer->label());
  });
}

async_ptr cuda_queue::marker_impl(const std::vector<async_ptr> &deps,
                                  memory_scope) {
  // Device memory is coherent at the end of every command; a marker only
  // orders (and its event tells when everything before it finished).
  return submit(deps, profile::kind::marker, nullptr, "marker", nullptr, 0,
                [] {});
}

async_ptr cuda_queue::marker_after_native_event_impl(void *event) {
  const driver_api &api = device_.api();
  return submit({}, profile::kind::marker, nullptr, "marker after a CUDA event",
                nullptr, 0, [&] {
                  CUresult r = api.cuStreamWaitEvent(
                      stream_, static_cast<CUevent>(event), 0);
                  if (r != CUDA_SUCCESS)
                    device_.fail("cuStreamWaitEvent", r,
                                 "ordering after the program's CUDA event");
                });
}

void cuda_queue::wait_impl() {
  if (async_ptr last = worker_->last()) {
    try {
      last->wait();
    } catch (...) {
      // Reported below, with the first error of the queue.
    }
  }
  // Everything enqueued has finished on the GPU: complete what the
  // completion thread has not got to yet (it may have been finished early
  // by a command of another queue), so errors are known below.
  worker_->drain();
  if (std::exception_ptr error = worker_->take_error())
    std::rethrow_exception(error);
}

std::size_t cuda_queue::pending_count_impl() const {
  return worker_->pending();
}

async_ptr cuda_queue::last_command_impl() const { return worker_->last(); }

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
