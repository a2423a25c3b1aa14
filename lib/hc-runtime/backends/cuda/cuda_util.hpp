// Small helpers shared by the CUDA backend's source files.
#ifndef HC_RUNTIME_CUDA_UTIL_HPP
#define HC_RUNTIME_CUDA_UTIL_HPP

#include "backends/cuda/cuda_driver.hpp"
#include "core/spin_wait.hpp"

#include <cstdint>
#include <string>
#include <thread>

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

// A device address as the driver API takes it.
inline CUdeviceptr device_ptr(const void *p) {
  return static_cast<CUdeviceptr>(reinterpret_cast<std::uintptr_t>(p));
}

// cpu_relax(): core/spin_wait.hpp.
using rt::cpu_relax;

// HCC_PROFILE set (and not 0): every kernel and copy also records a start
// event, so completion_future::get_begin_tick()/get_end_tick() span exactly
// the command's execution on the GPU. Off by default: the extra event costs
// about a microsecond per command; the begin tick is then the host time at
// submission.
bool profiling();

// "what (N bytes)", for error messages about copies.
std::string sized(const char *what, std::size_t bytes);

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
