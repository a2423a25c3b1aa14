//===- DevicePrunePass.cpp - hcc's device-module clean-up pass -----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/DevicePrunePass.h"

#include "device/DeviceAbiStubs.h"
#include "device/DeviceLinking.h"
#include "device/DeviceModule.h"
#include "device/DevicePruning.h"
#include "device/DeviceReachability.h"
#include "device/HostOnlyFunctions.h"
#include "device/SpecialGlobals.h"
#include "device/VTableTypeMetadata.h"
#include "diagnostics/GroupMemoryLimit.h"
#include "diagnostics/KernelRestrictions.h"
#include "diagnostics/UndefinedReferenceDiagnostics.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

namespace hcc {

/// Leaves only declarations: nothing the backend could choke on.
static void discardDeviceCode(Module &M) {
  for (Function &F : M)
    if (!F.isDeclaration())
      F.deleteBody();
  for (GlobalVariable &Var : M.globals())
    Var.setThreadLocal(false);
}

// For people debugging the device pass: `-mllvm -hcc-prune-device=false`
// leaves the module as Clang emitted it (diagnostics included), less the
// vtable type metadata that no later pass would remove.
static cl::opt<bool>
    PruneDevice("hcc-prune-device", cl::init(true), cl::Hidden,
                cl::desc("hcc: check and prune device modules to what the "
                         "kernels reach"));

PreservedAnalyses DevicePrunePass::run(Module &M, ModuleAnalysisManager &) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  if (!PruneDevice) {
    dropVTableTypeMetadata(M);
    return PreservedAnalyses::none();
  }

  // What the device may not have, and what it gets regardless, is settled
  // before anything is judged.
  dropHostOnlyBodies(M);
  defineDeviceAbiStubs(M);
  releaseVTablesFromUsedLists(M);

  DeviceLinkage Linkage = findDeviceLinkage(M);
  SmallVector<Function *, 8> Kernels = findDiagnosedKernels(M);
  SmallVector<GlobalValue *, 16> Roots(Kernels.begin(), Kernels.end());

  // Errors first, on the module as Clang emitted it, so that every call
  // still carries its own source location. All of them are reported; Clang
  // fails the compilation afterwards.
  DeviceReachability FromKernels(Roots);
  ExplainedReferences Explained;
  unsigned Errors = diagnoseKernelRestrictions(M, FromKernels, Explained);
  Errors += diagnoseUndefinedReferences(FromKernels, Explained, Linkage);
  Errors += diagnoseGroupMemoryLimit(M, Kernels);
  if (Errors) {
    dropVTableTypeMetadata(M);
    // Clang fails the compilation after code generation; until then the
    // offending code must not reach the backend, which may crash on it
    // (thread-local variables) instead of failing cleanly.
    discardDeviceCode(M);
    return PreservedAnalyses::none();
  }

  // Kernels come first among the roots: symbols they reach keep the kernel
  // as their root. Liveness follows virtual calls through the type metadata
  // as the diagnostics did: without it every slot of a reached vtable would
  // be live, host-only overrides no kernel can call included, and their
  // calls into the host library would stay in the PTX as undefined
  // references that the CUDA JIT and ld.lld reject.
  // [[hc]] functions that kernels of other translation units may call
  // keep their names (DeviceLinking.h).
  // The 32-bit-offset twins of the kernel entries (not judged: their code
  // is their first entry's) are kept too.
  for (Function *Kernel : findKernels(M))
    if (isOffsets32Entry(*Kernel))
      Roots.push_back(Kernel);
  SmallVector<GlobalValue *, 4> Exports = completeExports(Linkage);
  Roots.append(Exports.begin(), Exports.end());
  SmallVector<GlobalValue *, 8> ExtraRoots = collectExtraRoots(M);
  Roots.append(ExtraRoots.begin(), ExtraRoots.end());
  DeviceReachability Live(Roots);
  // Virtual calls have been followed; nothing after this reads the type
  // metadata the Clang plugin asked for.
  dropVTableTypeMetadata(M);

  pruneDeviceModule(M, Live, Roots);
  callLocalCopiesOfExports(Exports);
  // Running first in the pipeline, nothing is cached yet that keeping
  // analyses could save.
  return PreservedAnalyses::none();
}

} // namespace hcc
