// The enumerations of the hc API. hcc declared them in namespace
// Kalmar::enums and made them visible in hc with a using-directive; code
// that names either spelling (hc::access_type_read,
// Kalmar::enums::hcMemcpyHostToDevice) compiles, so they live there here
// too, with hcc's values.
#ifndef HC_DETAIL_ENUMS_HPP
#define HC_DETAIL_ENUMS_HPP

namespace Kalmar {
namespace enums {

// How the host may access an array on an accelerator that shares memory
// with it (accelerator::set_default_cpu_access_type, array constructors).
enum access_type {
  access_type_none = 0,
  access_type_read = (1 << 0),
  access_type_write = (1 << 1),
  access_type_read_write = access_type_read | access_type_write,
  access_type_auto = static_cast<int>(1u << 31)
};

enum queuing_mode { queuing_mode_immediate, queuing_mode_automatic };

enum execute_order { execute_in_order, execute_any_order };

// accelerator::create_view(order, mode, priority). The values index tables
// in hcc's runtime: keep them.
enum queue_priority { priority_high = 0, priority_normal = 1, priority_low = 2 };

// What a marker makes visible once it is reached.
enum memory_scope {
  no_scope = 0,          // nothing beyond the queue
  accelerator_scope = 1, // the accelerator
  system_scope = 2       // the host and every accelerator
};

// The wider of two scopes.
static inline memory_scope greater_scope(memory_scope a, memory_scope b) {
  return a > b ? a : b;
}

// The kinds of commands of a queue; the copy directions of
// accelerator_view::copy_ext and accelerator::memcpy_symbol.
enum hcCommandKind {
  hcCommandInvalid = -1,
  hcMemcpyHostToHost = 0,
  hcMemcpyHostToDevice = 1,
  hcMemcpyDeviceToHost = 2,
  hcMemcpyDeviceToDevice = 3,
  hcCommandKernel = 4,
  hcCommandMarker = 5
};

static inline bool isCopyCommand(hcCommandKind k) {
  return k >= hcMemcpyHostToHost && k <= hcMemcpyDeviceToDevice;
}

static inline bool isComputeQueueCommand(hcCommandKind k) {
  return k == hcCommandKernel || k == hcCommandMarker;
}

// completion_future::wait / accelerator_view::wait: sleep or spin.
enum hcWaitMode { hcWaitModeBlocked = 0, hcWaitModeActive = 1 };

// accelerator::get_profile(): HSA's agent profiles. Full: kernels can use
// any host memory as it is; base: only memory made visible to them.
enum hcAgentProfile {
  hcAgentProfileNone = 0,
  hcAgentProfileBase = 1,
  hcAgentProfileFull = 2
};

} // namespace enums
} // namespace Kalmar

namespace hc {
using namespace Kalmar::enums;

// The kinds of asynchronous operation, as hcc's activity profiler numbered
// them (kernel dispatches, copies, barrier markers).
enum HSAOpId {
  HSA_OP_ID_DISPATCH = 0,
  HSA_OP_ID_COPY = 1,
  HSA_OP_ID_BARRIER = 2,
  HSA_OP_ID_NUMBER = 3
};
} // namespace hc

#endif // HC_DETAIL_ENUMS_HPP
