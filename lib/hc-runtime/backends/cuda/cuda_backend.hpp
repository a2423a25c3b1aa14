// The CUDA backend (listed in core/backend_list.cpp). See
// docs/cuda-backend.md.
#ifndef HC_RUNTIME_CUDA_CUDA_BACKEND_HPP
#define HC_RUNTIME_CUDA_CUDA_BACKEND_HPP

#include "backends/cuda/cuda_driver.hpp"
#include "core/backend.hpp"

#include <memory>

namespace hc {
namespace detail {
namespace rt {

// Loads the driver with dlopen() when discover() runs.
std::unique_ptr<backend> make_cuda_backend();

namespace cuda {
// For tests: a backend over `lookup` (a fake driver) instead of dlopen().
std::unique_ptr<backend> make_backend_with(symbol_lookup lookup);
} // namespace cuda

} // namespace rt
} // namespace detail
} // namespace hc

#endif
