// Completion of HSA commands: hsa_state (one command's signal) and the
// ROCr callback that finishes a command when its signal drops.
#include "backends/hsa/hsa_device.hpp"
#include "core/device_heap_setup.hpp"
#include "core/gpu_printf.hpp"

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

namespace {

// ROCr's callback when a completion signal drops below 1: finishes the
// command on ROCr's signal thread. Returns false: one call per signal.
bool on_signal(hsa_signal_value_t, void *arg) {
  auto *holder = static_cast<std::shared_ptr<hsa_state> *>(arg);
  (*holder)->finish();
  delete holder;
  return false;
}

} // namespace

void wait_signal(const runtime_api &api, hsa_signal_t signal) {
  while (api.hsa_signal_wait_scacquire(signal, HSA_SIGNAL_CONDITION_LT, 1,
                                       UINT64_MAX,
                                       HSA_WAIT_STATE_BLOCKED) >= 1) {
  }
}

hsa_state::~hsa_state() {
  if (signal_.handle)
    api_->hsa_signal_destroy(signal_);
}

void hsa_state::finish(std::exception_ptr error) noexcept {
  if (finished_.exchange(true, std::memory_order_acq_rel))
    return;
  for (auto &cleanup : cleanups)
    cleanup();
  cleanups.clear();
  keep_alive.clear();
  if (device) {
    // Kernels' printf output is on stdout before wait() returns.
    printf_after_command(*device);
    // A kernel's heap error (out of memory, misuse in check mode) fails it.
    if (!error && command.what == profile::kind::kernel)
      error = device_heap_after_command(*device, command.name);
  }
  set_ticks(begin_tick(), current_tick());
  if (!error && !profile_track.empty())
    profile::record_command(command, profile_track, owner, begin_tick(),
                            end_tick());
  if (error) {
    if (owner)
      owner->note_failure(error);
    set_error(error);
  }
  else
    set_ready();
}

void hsa_state::backend_wait() {
  // Block in ROCr (interrupt-driven wait) rather than on the runtime's
  // condition variable: no hand-off through ROCr's signal thread. In slices
  // (the timeout is a hint, in ROCr's timestamp ticks), so that a command
  // failed by the queue's error callback, whose signal never drops, is
  // noticed.
  constexpr std::uint64_t slice = std::uint64_t{1} << 24;
  while (!is_ready()) {
    if (api_->hsa_signal_wait_scacquire(signal_, HSA_SIGNAL_CONDITION_LT, 1,
                                        slice, HSA_WAIT_STATE_BLOCKED) < 1) {
      finish();
      return;
    }
  }
}

void hsa_queue::watch(const std::shared_ptr<hsa_state> &state) {
  auto *holder = new std::shared_ptr<hsa_state>(state);
  hsa_status_t s = api_->hsa_amd_signal_async_handler(
      state->signal(), HSA_SIGNAL_CONDITION_LT, 1, on_signal, holder);
  if (s != HSA_STATUS_SUCCESS) {
    // Without the callback, wait() still finishes it (backend_wait).
    delete holder;
  }
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc
