//===- AMDGPUCommands.h - The device pass for AMDGPU targets ----*- C++ -*-===//
//
// How hcc compiles a translation unit for an AMDGPU target (gfx90a, ...):
// clang in HIP mode, device side only, emitting AMDGPU assembly; clang's
// assembler makes a relocatable object of it, and ld.lld links that into the
// code object (HSACO, an ELF shared object) ROCr loads. See
// docs/backends.md ("AMDGPU code objects").
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_AMDGPUCOMMANDS_H
#define HCC_DRIVER_AMDGPUCOMMANDS_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace hcc {

/// The code object version hcc emits. Clang 22 defaults to v6, which only
/// recent ROCr (6.x) loads; v5 is loaded by ROCm 5.x and later and has the
/// same implicit arguments. Named, so that a compiler default cannot change
/// what the runtime is given.
inline constexpr unsigned AMDGPUCodeObjectVersion = 5;

/// The language/mode arguments that open an AMDGPU device pass for
/// \p TargetId (a canonical target id such as "gfx90a:xnack+").
std::vector<std::string> amdgpuDevicePassMode(llvm::StringRef TargetId);

} // namespace hcc

#endif // HCC_DRIVER_AMDGPUCOMMANDS_H
