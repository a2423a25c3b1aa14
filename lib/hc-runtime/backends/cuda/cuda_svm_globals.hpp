// Host global variables in kernels (docs/svm.md, llvm-passes/svm/HostGlobals.h):
// a PTX module that uses global variables of the program reaches them
// through `__hcc_host_global_slots`; filling the slots with the variables'
// host addresses (from the translation unit's table in its image
// descriptor) and making that memory visible to the GPU is done once when
// the module is first used.
#ifndef HC_RUNTIME_BACKENDS_CUDA_CUDA_SVM_GLOBALS_HPP
#define HC_RUNTIME_BACKENDS_CUDA_CUDA_SVM_GLOBALS_HPP

#include "backends/cuda/cuda_driver.hpp"

#include "hc/detail/image_registry.h"

namespace hc {
namespace detail {
namespace rt {
namespace cuda {

class cuda_device;

// Throws Kalmar::runtime_exception when a variable has no host address or
// its memory cannot be made visible.
void host_globals_attach(cuda_device &dev, CUmodule module,
                         const __hcc_image_desc &desc);

} // namespace cuda
} // namespace rt
} // namespace detail
} // namespace hc

#endif
