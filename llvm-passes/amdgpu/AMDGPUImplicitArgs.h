//===- AMDGPUImplicitArgs.h - Implicit arguments hcc never uses -*- C++ -*-===//
//
// Part of hcc. An AMDGPU kernel asks in its metadata for the implicit
// (hidden) kernel arguments its code may read. The backend proves "does not
// read" per argument only when it sees every callee; a kernel making an
// indirect call (a function pointer, a virtual call) therefore asks for all
// of them, among them the hostcall buffer, the device-enqueue default queue
// and completion action, ROCm's device-malloc heap and the multi-grid sync
// argument, which the HSA backend does not supply, so such kernels could not
// run (docs/backends.md).
//
// Nothing hcc compiles reads those: they serve ROCm's device libraries
// (ockl's hostcall printf and malloc, OpenCL 2.0 device enqueue,
// cooperative multi-grid launches), which hcc does not link — device math
// is libclc, printf and the heap are hcc's own (any __ockl_ function left in
// a code object is an undefined symbol, a link error). This pass states
// that on every function of an AMDGPU device module with the backend's own
// "amdgpu-no-*" attributes, which the backend takes as known facts, so
// these kernels request exactly what the HSA backend supplies.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_AMDGPU_AMDGPUIMPLICITARGS_H
#define HCC_LLVM_PASSES_AMDGPU_AMDGPUIMPLICITARGS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class AMDGPUImplicitArgsPass
    : public llvm::PassInfoMixin<AMDGPUImplicitArgsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-amdgpu-implicit-args"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_AMDGPU_AMDGPUIMPLICITARGS_H
