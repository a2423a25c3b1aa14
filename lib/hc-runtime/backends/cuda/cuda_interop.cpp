// CUDA objects of hc's objects and hc objects over the program's CUDA
// objects (docs/multi-gpu.md, "CUDA handles"): the CUdevice and primary
// context of an accelerator, the stream of a view and a view over the
// program's stream, the end event of a command and a marker after the
// program's event (cuda_queue.cpp, with the other commands). What CUDA
// libraries (cuBLAS, NCCL) and CUDA-aware MPI need to work on hc data without
// copies.
#include "backends/cuda/cuda_device.hpp"
#include "backends/cuda/cuda_util.hpp"

#include "hc/detail/exceptions.hpp"

#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

void *cuda_device::native_handle_impl(native_object what) {
  switch (what) {
  case native_object::cuda_device:
    return &handle_;
  case native_object::cuda_context:
    return context();
  default:
    return nullptr; // HSA objects
  }
}

std::shared_ptr<queue> cuda_device::wrap_native_queue_impl(void *native) {
  auto stream = static_cast<CUstream>(native);
  if (api_->cuStreamGetCtx) {
    CUcontext owner = nullptr;
    CUresult r = api_->cuStreamGetCtx(stream, &owner);
    if (r != CUDA_SUCCESS)
      fail("cuStreamGetCtx", r, "making a view of a CUDA stream");
    if (owner != context())
      throw Kalmar::runtime_exception(
          "hc runtime: " + label_ +
              ": the CUDA stream belongs to another context than this "
              "device's primary context (a view can only be made over a "
              "stream of the accelerator's own device and context)",
          Kalmar::E_INVALIDARG_CODE);
  }
  return std::make_shared<cuda_queue>(*this, stream);
}

CUevent cuda_device::finished_event() {
  std::lock_guard<std::mutex> lock(event_mutex_);
  if (!finished_event_) {
    make_current();
    CUresult r = api_->cuEventCreate(&finished_event_, CU_EVENT_DISABLE_TIMING);
    if (r != CUDA_SUCCESS) {
      finished_event_ = nullptr;
      fail("cuEventCreate", r, "an event for a finished command");
    }
  }
  return finished_event_;
}

void *cuda_state::native_event() noexcept {
  try {
    if (CUevent end = end_event())
      return end;
    if (is_ready() && !error())
      return device_.finished_event();
  } catch (...) {
  }
  return nullptr;
}

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc
