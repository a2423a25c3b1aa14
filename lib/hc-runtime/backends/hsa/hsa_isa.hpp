// Which embedded AMDGPU image runs on an agent.
//
// ROCr names an agent's ISA like "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-"
// (the processor plus the current setting of each target-id feature it
// has). hcc names an image by the target id it was compiled for: "gfx90a"
// runs with any xnack/sramecc setting, "gfx90a:xnack+" only with xnack on.
#ifndef HC_RUNTIME_HSA_ISA_HPP
#define HC_RUNTIME_HSA_ISA_HPP

#include <string>

namespace hc {
namespace detail {
namespace rt {
namespace hsa {

// "gfx90a:sramecc+:xnack-" for "amdgcn-amd-amdhsa--gfx90a:sramecc+:xnack-";
// the input unchanged if it has no "amdgcn-amd-amdhsa--" prefix.
std::string agent_target_id(const std::string &isa_name);

// -1 if an image for `image_target` cannot run on an agent of ISA
// `isa_name`; otherwise how many features the image pins (the backend
// prefers the most specific image that fits).
int isa_match(const std::string &image_target, const std::string &isa_name);

} // namespace hsa
} // namespace rt
} // namespace detail
} // namespace hc

#endif
