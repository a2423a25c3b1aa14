// Host global variables in kernels on the HSA backend (docs/svm.md), as on
// CUDA (backends/cuda/cuda_svm_globals.hpp): a code object whose kernels use
// globals of the host program has __hcc_host_global_slots (one pointer per
// global) and __hcc_host_global_names (their names, each NUL-terminated, an
// empty name last). host_globals_attach() fills each slot with the host
// address from the image descriptor's table, after making that memory
// visible to the agent (svm::make_range_visible: hsa_amd_memory_lock, at the
// host address).
#ifndef HC_RUNTIME_HSA_HSA_SVM_GLOBALS_HPP
#define HC_RUNTIME_HSA_HSA_SVM_GLOBALS_HPP

#include "backends/hsa/hsa_api.hpp"
#include "hc/detail/image_registry.h"

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

class hsa_device;

// Called once per code object, right after it was frozen on `dev`. Throws
// Kalmar::runtime_exception naming the variable when a global cannot be
// given to the kernels (no address for it, memory ROCr cannot map at its
// host address, HCC_SVM=0).
void host_globals_attach(hsa_device &dev, hsa_executable_t executable,
                         const __hcc_image_desc &desc);

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
