// The internal interface between the runtime core and its backends.
//
// A backend (cpu, cuda, hsa) owns the devices of one kind of hardware. It is
// added to the runtime with one file implementing `backend` plus one line in
// backend_list.cpp; nothing else in the core knows which backends exist.
// The core only talks to devices and queues through the fronts of
// runtime.hpp (device, queue, async_state); a backend's devices and queues
// implement core/device_impl.hpp.
#ifndef HC_RUNTIME_CORE_BACKEND_HPP
#define HC_RUNTIME_CORE_BACKEND_HPP

#include "core/device_impl.hpp"
#include "hc/detail/runtime.hpp"

#include <memory>
#include <vector>

namespace hc {
namespace detail {
namespace rt {

class backend {
public:
  virtual ~backend() = default;
  // Lower-case name, also the value HCC_DEFAULT_ACCELERATOR uses to select
  // this backend ("cpu", "cuda", "hsa").
  virtual const char *name() const = 0;
  // Finds the devices. Called once, on first use of the device registry, with
  // no runtime lock held. A backend whose driver is missing returns an empty
  // list (it may print a note when HCC_VERBOSE is set); it must not throw
  // for a machine that simply lacks the hardware. The devices stay alive for
  // the whole program: each is handed to keep_for_program().
  virtual std::vector<device *> discover() = 0;
};

// Owns `d` until the program ends and returns it. Devices are never
// destroyed: their threads (completion, printf drain) and finished commands
// may use them while static destructors run, and a backend may discover
// again (the unit tests do), so the owner is per program, not per backend.
device *keep_for_program(std::unique_ptr<device_impl> d);

using backend_factory = std::unique_ptr<backend> (*)();

// The compiled-in backends, in the order their devices are listed (GPU
// backends first, the CPU last). Defined in backend_list.cpp.
const std::vector<backend_factory> &backend_factories();

} // namespace rt
} // namespace detail
} // namespace hc

#endif
