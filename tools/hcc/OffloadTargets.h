//===- OffloadTargets.h - Which device images to build ----------*- C++ -*-===//
//
// Turns --offload-arch / HCC_OFFLOAD_ARCH spellings into the list of device
// targets for which the driver runs a device pass.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_OFFLOADTARGETS_H
#define HCC_DRIVER_OFFLOADTARGETS_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace hcc {

/// The device target used when neither the flag nor the environment names
/// one: the GPU the project is tested on (H100/H200).
inline constexpr const char *DefaultOffloadArch = "sm_90";

/// Where the target list came from, so that errors can name it.
struct OffloadArchRequest {
  std::vector<std::string> Values; ///< Each may be a comma/space list.
  std::string Origin;              ///< "--offload-arch", "HCC_OFFLOAD_ARCH".
};

/// Resolves the requested targets. Returns the targets in the order given
/// with duplicates removed; an empty list means "no device pass" (the value
/// `none`). On error returns std::nullopt and sets \p Error to a message
/// without the "hcc: error: " prefix.
std::optional<std::vector<std::string>>
resolveOffloadTargets(const OffloadArchRequest &Request, std::string &Error);

/// True for targets of the NVPTX backend (sm_*): their image is PTX text.
bool isNVPTXTarget(llvm::StringRef Arch);

/// True for AMDGPU targets (gfx*, with or without target-id features such
/// as "gfx90a:xnack+"): their image is an HSA code object (HSACO).
bool isAMDGPUTarget(llvm::StringRef Arch);

/// The processor of an AMDGPU target id ("gfx90a" for "gfx90a:xnack+").
llvm::StringRef amdgpuProcessor(llvm::StringRef TargetId);

/// The AMDGPU targets named by the original hcc's HCC_AMDGPU_TARGET (a comma
/// or space list of gfx targets), added beside those of --offload-arch.
/// Returns std::nullopt and sets \p Error for anything but AMDGPU targets.
std::optional<std::vector<std::string>>
resolveAMDGPUTargetVariable(llvm::StringRef Value, std::string &Error);

/// The PTX ISA version to generate for \p Arch, as a --cuda-feature value
/// ("+ptx78"). Clang would otherwise take it from the CUDA toolkit it finds
/// on the build machine, and without one it picks PTX 4.2, on which the
/// backend aborts for sm_90. hcc must not depend on a toolkit, so the
/// driver always says which version it wants.
std::string ptxFeatureFor(llvm::StringRef Arch);

} // namespace hcc

#endif // HCC_DRIVER_OFFLOADTARGETS_H
