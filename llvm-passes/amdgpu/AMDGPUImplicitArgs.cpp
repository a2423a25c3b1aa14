//===- AMDGPUImplicitArgs.cpp - Implicit arguments hcc never uses ---------===//
//
// Part of hcc. See AMDGPUImplicitArgs.h.
//
//===----------------------------------------------------------------------===//

#include "amdgpu/AMDGPUImplicitArgs.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace hcc {

/// The hidden arguments no hcc code reads (see the header). Not among
/// them: the queue pointer, the dispatch pointer and the group/grid sizes,
/// which hcc's own headers and the backend's lowering use, and which the
/// HSA backend supplies.
static constexpr StringLiteral UnusedImplicitArgs[] = {
    "amdgpu-no-hostcall-ptr",       // hidden_hostcall_buffer
    "amdgpu-no-default-queue",      // hidden_default_queue
    "amdgpu-no-completion-action",  // hidden_completion_action
    "amdgpu-no-heap-ptr",           // hidden_heap_v1
    "amdgpu-no-multigrid-sync-arg", // hidden_multigrid_sync_arg
};

PreservedAnalyses AMDGPUImplicitArgsPass::run(Module &M,
                                              ModuleAnalysisManager &) {
  if (!Triple(M.getTargetTriple()).isAMDGCN())
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (StringRef Attr : UnusedImplicitArgs)
      if (!F.hasFnAttribute(Attr)) {
        F.addFnAttr(Attr);
        Changed = true;
      }
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hcc
