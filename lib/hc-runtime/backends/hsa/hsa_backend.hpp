// The HSA backend: discovery of ROCr's GPU agents (see hsa_device.hpp).
#ifndef HC_RUNTIME_HSA_BACKEND_HPP
#define HC_RUNTIME_HSA_BACKEND_HPP

#include "backends/hsa/hsa_driver.hpp"
#include "core/backend.hpp"

#include <memory>
#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

// A backend whose ROCr entry points come from `lookup` (a test's fake
// runtime) and which looks for the KFD device node at `kfd_path`. An empty
// lookup loads libhsa-runtime64.so.1 (HCC_HSA_LIBRARY) with dlopen().
std::unique_ptr<backend> make_backend_with(symbol_lookup lookup,
                                           std::string kfd_path);

} // namespace hsa

// The backend of backend_list.cpp: ROCr from libhsa-runtime64.so.1
// (HCC_HSA_LIBRARY), the KFD node at /dev/kfd (HCC_HSA_KFD_PATH).
std::unique_ptr<backend> make_hsa_backend();

} // namespace rt
} // namespace detail
} // namespace hc

#endif
