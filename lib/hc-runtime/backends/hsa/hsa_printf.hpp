// printf in kernels on the HSA backend (docs/printf.md), as on CUDA
// (backends/cuda/cuda_printf.hpp): a code object whose kernels print has the
// device variable __hcc_printf_buffer; printf_attach() points it, once per
// loaded code object, at the agent's printf buffer: fine-grained system
// memory, which the GPU reaches at its host address, allocated with the
// first such code object (HCC_PRINTF_BUFFER_SIZE bytes, default 16 MiB).
// The records are printed before any HSA command is reported finished and
// by a drain thread every millisecond.
#ifndef HC_RUNTIME_HSA_HSA_PRINTF_HPP
#define HC_RUNTIME_HSA_HSA_PRINTF_HPP

#include "backends/hsa/hsa_api.hpp"

#include <atomic>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

class hsa_device;

// True once any code object with a printf buffer pointer was loaded.
extern std::atomic<bool> printf_in_use;

// If `executable` (just frozen on `dev`) prints, gives it the agent's
// printf buffer. Throws runtime_exception when the buffer cannot be
// allocated or set.
void printf_attach(hsa_device &dev, hsa_executable_t executable,
                   const char *source);

// Prints what kernels of every HSA agent wrote so far.
void printf_drain_all() noexcept;

// Called as every HSA command finishes. ROCr's completion signals are not
// tied to a device here, so all agents' buffers are drained (one in
// practice; a few relaxed loads otherwise).
inline void printf_after_command() noexcept {
  if (printf_in_use.load(std::memory_order_acquire))
    printf_drain_all();
}

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
