// hc::abort(): ends the program from a kernel, as hcc's did.
//
// In device code it traps, which stops the kernel and leaves the
// accelerator's queue in error (the host sees the failure when it waits);
// kernels the CPU backend runs, and host code, call std::abort().
#ifndef HC_DETAIL_ABORT_HPP
#define HC_DETAIL_ABORT_HPP

#include "config.hpp"

#include <cstdlib>

namespace hc {

// A template so that `using namespace hc; abort();` still means ::abort
// (a non-template wins over a template), as it did with hcc, where
// hc::abort was device-only and host calls resolved to the C library's.
template <class = void> [[noreturn]] HC_INLINE HC_HOST_DEVICE void abort() {
#if HC_DEVICE_PASS
  __builtin_trap();
#else
  std::abort();
#endif
}

} // namespace hc

#endif // HC_DETAIL_ABORT_HPP
