//===- DeviceLibraryAllowList.cpp - Symbols supplied after codegen -------===//
//
// Part of hcc.
//
// Edit the tables below when a new device library is wired into the driver.
//
//===----------------------------------------------------------------------===//

#include "diagnostics/DeviceLibraryAllowList.h"

#include "hc/detail/abi_names.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalValue.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace hcc {

/// Name prefixes of symbols that device libraries define for every target.
static constexpr StringLiteral DeviceLibraryPrefixes[] = {
    "llvm.",   // Intrinsics and LLVM's own special globals.
    // hcc's device runtime (heap, printf buffer, ...).
    hc::abi::symbol_prefix,
    "__nvvm_", // __nvvm_reflect and friends, folded by NVVMReflect.
    // Not "__ocml_": the AMDGPU math (amdgpu_ocml_shim.h on libclc) is
    // linked before this pass, so a missing one is reported here.
    "__ockl_", // ROCm device libraries' kernel library
    "__oclc_", //   and their control constants, for AMDGPU.
};

/// Exact names with the same guarantee.
static constexpr StringLiteral DeviceLibraryNames[] = {
    "vprintf", // Device printf: a PTX system call; hcc lowers it for AMDGPU.
};

/// System calls that the CUDA driver's PTX JIT resolves by itself. They exist
/// for NVPTX only; on AMDGPU nothing provides them, so they stay errors there.
/// (The driver's malloc/free are not among them: kernels allocate from hcc's
/// own device heap, see heap/DeviceHeapCalls.h.)
static constexpr StringLiteral PTXSystemCalls[] = {
    "__assertfail", // CUDA's assert() back end.
};

static bool isIn(ArrayRef<StringLiteral> Names, StringRef Name) {
  for (StringRef Candidate : Names)
    if (Candidate == Name)
      return true;
  return false;
}

bool isSuppliedByDeviceLibrary(const GlobalValue &GV) {
  if (const auto *F = dyn_cast<Function>(&GV); F && F->isIntrinsic())
    return true;
  StringRef Name = GV.getName();
  for (StringRef Prefix : DeviceLibraryPrefixes)
    if (Name.starts_with(Prefix))
      return true;
  if (isIn(DeviceLibraryNames, Name))
    return true;
  return isa<Function>(GV) && GV.getParent()->getTargetTriple().isNVPTX() &&
         isIn(PTXSystemCalls, Name);
}

} // namespace hcc
