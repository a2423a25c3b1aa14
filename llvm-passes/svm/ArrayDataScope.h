//===- ArrayDataScope.h - Device scope for array data atomics -*- C++ -*-===//
//
// Part of hcc. Atomics in kernels are system scope by default (platform
// atomics, docs/platform-atomics.md): the pointer a kernel gets may be host
// memory that the CPU updates at the same time. The elements of an hc::array
// or hc::array_view are not: while a kernel runs, the host may not touch
// them (C++ AMP's and hc's coherence rules: the host sees them again after a
// synchronize or a wait). Their atomics only need to be atomic among the
// device's work-items -- device scope (PTX .gpu), what CUDA's atomicAdd is.
// (Measured on an H100, relaxed reductions at .gpu and .sys run at the same
// speed; the scope matters for the orders that need fences.)
//
// In device passes the headers route the data pointer of every array and
// array_view element access through the marker call
// `__hcc_array_data(p)` (hc/detail/array_data.hpp), which returns p. This
// pass (optimizer early, after inlining has put hc's atomic_* functions and
// <atomic>'s members into the kernels) follows the address of every
// system-scope atomic load, store, read-modify-write and compare-exchange
// back through GEPs, casts, phis and selects; if every path ends in a marker, the atomic gets the target's
// device scope ("device" on NVPTX, "agent" on AMDGPU). It then replaces each
// marker by its argument, so that nothing after it sees the call. The data
// of an hc::array, always in global memory, has a marker of its own,
// `__hcc_global_array_data`: its argument becomes a global pointer
// converted back to generic, so that the backend's address-space inference
// gives the element accesses their global forms also where the pointer was
// loaded from memory (an array captured by reference); that load is marked
// invariant (the array object does not change while a kernel runs), so it
// leaves loops and is not repeated after atomics and barriers.
//
// Atomics on raw pointers, SVM and pinned memory stay system scope.
// `-mllvm -hcc-array-device-scope=false` keeps every atomic system scope
// (the markers are still removed).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_SVM_ARRAYDATASCOPE_H
#define HCC_LLVM_PASSES_SVM_ARRAYDATASCOPE_H

#include "llvm/IR/PassManager.h"

namespace hcc {

/// Pipeline start: gives the marker's declaration what an intrinsic that
/// returns its argument would have (no memory, no synchronisation,
/// speculatable), which source attributes cannot say, so that loops hoist it
/// out of conditional code and optimise around it as before.
class ArrayDataMarkerPass : public llvm::PassInfoMixin<ArrayDataMarkerPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-array-data-marker"; }
};

/// Optimizer early: the scopes, and the markers' removal.
class ArrayDataScopePass : public llvm::PassInfoMixin<ArrayDataScopePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-array-data-scope"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_SVM_ARRAYDATASCOPE_H
