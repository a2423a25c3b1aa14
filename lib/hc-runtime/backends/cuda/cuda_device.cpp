#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_util.hpp"

#include "core/environment.hpp"
#include "core/image_registry.hpp"
#include "core/loaded_module.hpp"
#include "core/profiler.hpp"
#include "core/wait_util.hpp"
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

// The context this thread made current last (cuCtxSetCurrent is cheap but
// not free; most threads only ever use one).
thread_local CUcontext t_current_context = nullptr;

} // namespace

bool profiling() { return profile::level() > 0; }

std::string sized(const char *what, std::size_t bytes) {
  return std::string(what) + " (" + std::to_string(bytes) + " bytes)";
}

// ---------------------------------------------------------------------------
// cuda_device
// ---------------------------------------------------------------------------

cuda_device::cuda_device(std::shared_ptr<const driver_api> api, int ordinal,
                         CUdevice handle, device_info info, int sm)
    : device_impl(std::move(info)), api_(std::move(api)), ordinal_(ordinal),
      handle_(handle), sm_(sm) {
  label_ = device_label(*this);
}

void cuda_device::fail(const char *call, CUresult result,
                       const std::string &context) const {
  throw_error(*api_, call, result,
              context.empty() ? label_ : label_ + ": " + context);
}

CUcontext cuda_device::context() {
  std::lock_guard<std::mutex> lock(context_mutex_);
  if (!context_) {
    CUcontext created = nullptr;
    CUresult r = api_->cuDevicePrimaryCtxRetain(&created, handle_);
    if (r != CUDA_SUCCESS)
      fail("cuDevicePrimaryCtxRetain", r, "creating the device's context");
    context_ = created;
  }
  return context_;
}

void cuda_device::make_current() {
  CUcontext context = this->context();
  if (t_current_context == context)
    return;
  CUresult r = api_->cuCtxSetCurrent(context);
  if (r != CUDA_SUCCESS)
    fail("cuCtxSetCurrent", r, "");
  t_current_context = context;
}

std::shared_ptr<queue> cuda_device::create_queue_impl(execute_order order,
                                                      queue_priority priority) {
  return std::make_shared<cuda_queue>(*this, order, priority);
}

void *cuda_device::allocate_impl(std::size_t bytes) {
  std::string what = "allocating " + std::to_string(bytes) + " bytes";
  try {
    make_current();
  } catch (const Kalmar::runtime_exception &e) {
    throw Kalmar::out_of_memory(std::string(e.what()) + " (while " + what +
                                ")");
  }
  CUdeviceptr ptr = 0;
  // cuMemAlloc refuses 0 bytes; callers expect a distinct pointer anyway.
  CUresult r = api_->cuMemAlloc(&ptr, bytes ? bytes : 1);
  if (r != CUDA_SUCCESS)
    throw Kalmar::out_of_memory(
        error_message(*api_, "cuMemAlloc_v2", r, label_ + ": " + what));
  return reinterpret_cast<void *>(static_cast<std::uintptr_t>(ptr));
}

void cuda_device::deallocate_impl(void *ptr) noexcept {
  if (!ptr)
    return;
  try {
    make_current();
  } catch (...) {
    // The driver is gone (program exit) or broken: nothing to free.
    return;
  }
  CUresult r = api_->cuMemFree(device_ptr(ptr));
  if (r != CUDA_SUCCESS && r != CUDA_ERROR_DEINITIALIZED)
    note(error_message(*api_, "cuMemFree_v2", r, label_));
}

std::shared_ptr<CUevent_st> cuda_device::own_end_event(CUevent event) {
  return std::shared_ptr<CUevent_st>(
      event, [this](CUevent e) { release_event(e, true); });
}

CUevent cuda_device::acquire_event(bool end) {
  CUevent e = nullptr;
  CUresult r = try_acquire_event(end, e);
  if (r != CUDA_SUCCESS)
    fail("cuEventCreate", r, "");
  return e;
}

CUresult cuda_device::try_acquire_event(bool end, CUevent &event) {
  {
    std::lock_guard<std::mutex> lock(event_mutex_);
    std::vector<CUevent> &pool = end ? plain_events_ : timed_events_;
    if (!pool.empty()) {
      event = pool.back();
      pool.pop_back();
      return CUDA_SUCCESS;
    }
  }
  make_current();
  // End events: waited on by the completion thread, which should sleep
  // rather than spin (blocking sync). Timing is enabled only when
  // profiling (HCC_PROFILE): events without it are cheaper to record.
  unsigned flags = end ? CU_EVENT_BLOCKING_SYNC : CU_EVENT_DEFAULT;
  if (end && !profiling())
    flags |= CU_EVENT_DISABLE_TIMING;
  return api_->cuEventCreate(&event, flags);
}

void cuda_device::release_event(CUevent event, bool end) noexcept {
  if (!event)
    return;
  try {
    std::lock_guard<std::mutex> lock(event_mutex_);
    (end ? plain_events_ : timed_events_).push_back(event);
  } catch (...) {
    api_->cuEventDestroy(event);
  }
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
