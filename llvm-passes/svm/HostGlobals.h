//===- HostGlobals.h - Kernels use the host's global variables --*- C++ -*-===//
//
// Part of hcc. Shared virtual memory for global variables (docs/svm.md):
// a kernel that uses a global variable of the program uses the host's
// variable, as the original hcc did on HSA, not a device copy.
//
// Device modules (HostGlobalSlotsPass): every global variable the module
// only declares (a plain C++ global, not device memory) is reached through
// a slot of `__hcc_host_global_slots`, an array of pointers the runtime
// fills with the variables' host addresses when it loads the image; the
// variables' names, NUL-separated, are in `__hcc_host_global_names`.
//
// Host modules (HostGlobalTablePass, with -hcc-host-globals-table=<symbol>):
// a table {count, entries} of {name, address} for every global variable the
// CPU entry points of the kernels reach, under <symbol> (hidden), which the
// image registration stub hands to the runtime with the device images.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_SVM_HOSTGLOBALS_H
#define HCC_LLVM_PASSES_SVM_HOSTGLOBALS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class HostGlobalSlotsPass : public llvm::PassInfoMixin<HostGlobalSlotsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-host-global-slots"; }
};

class HostGlobalTablePass : public llvm::PassInfoMixin<HostGlobalTablePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-host-global-table"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_SVM_HOSTGLOBALS_H
