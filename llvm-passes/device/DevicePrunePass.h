//===- DevicePrunePass.h - hcc's device-module clean-up pass ----*- C++ -*-===//
//
// Part of hcc. Runs first in the optimisation pipeline of every pass of the
// compiler; on device modules it reports what kernels call but cannot have,
// then prunes the module down to the kernels. On host modules it does
// nothing.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_DEVICEPRUNEPASS_H
#define HCC_LLVM_PASSES_DEVICE_DEVICEPRUNEPASS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class DevicePrunePass : public llvm::PassInfoMixin<DevicePrunePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);

  /// The pass must run even on optnone functions (everything at -O0).
  static bool isRequired() { return true; }

  static llvm::StringRef name() { return "hcc-device-prune"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_DEVICEPRUNEPASS_H
