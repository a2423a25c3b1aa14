// The one place that lists the compiled-in backends.
//
// To add a backend: implement hc::detail::rt::backend in
// backends/<name>/<name>_backend.cpp with a factory function, declare the
// factory below and add it to the list (GPU backends before the CPU, so
// their devices come first in all_devices()).
#include "core/backend.hpp"

namespace hc {
namespace detail {
namespace rt {

std::unique_ptr<backend> make_cpu_backend();
std::unique_ptr<backend> make_cuda_backend(); // backends/cuda/cuda_backend.cpp
std::unique_ptr<backend> make_hsa_backend();  // backends/hsa/hsa_backend.cpp

const std::vector<backend_factory> &backend_factories() {
  static const std::vector<backend_factory> factories = {
      // GPU backends go here, e.g. make_cuda_backend, make_hsa_backend.
      make_cuda_backend,
      make_hsa_backend,
      make_cpu_backend,
  };
  return factories;
}

} // namespace rt
} // namespace detail
} // namespace hc
