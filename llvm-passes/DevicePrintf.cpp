//===- DevicePrintf.cpp - Device printf to hcc's printf buffer ------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "DevicePrintf.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hcc {

static constexpr const char *BufferName = "__hcc_printf_buffer";

/// A module that does not print drops the buffer pointer. Clang lists
/// __device__ variables in llvm.compiler.used (for host registration), which
/// would keep it through pruning, and the runtime gives a printf buffer to
/// every module that has it.
static bool dropBuffer(Module &M) {
  bool Changed = false;
  if (Function *HccVprintf = M.getFunction("__hcc_vprintf");
      HccVprintf && HccVprintf->use_empty()) {
    HccVprintf->eraseFromParent();
    Changed = true;
  }
  GlobalVariable *Buffer = M.getNamedGlobal(BufferName);
  if (!Buffer)
    return Changed;
  removeFromUsedLists(M, [Buffer](Constant *Entry) {
    return Entry->stripPointerCasts() == Buffer;
  });
  // The used list's entry leaves an address-space cast behind.
  Buffer->removeDeadConstantUsers();
  if (Buffer->use_empty())
    Buffer->eraseFromParent();
  return true;
}

PreservedAnalyses DevicePrintfPass::run(Module &M, ModuleAnalysisManager &) {
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  Function *CudaVprintf = M.getFunction("vprintf");
  if (!CudaVprintf || CudaVprintf->use_empty())
    return dropBuffer(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
  // <hc.hpp> defines __hcc_vprintf in every device compilation; a device
  // module without it (no hc headers) keeps CUDA's vprintf.
  Function *HccVprintf = M.getFunction("__hcc_vprintf");
  if (!HccVprintf || HccVprintf->isDeclaration() ||
      HccVprintf->getFunctionType() != CudaVprintf->getFunctionType())
    return PreservedAnalyses::all();
  CudaVprintf->replaceAllUsesWith(HccVprintf);
  return PreservedAnalyses::none();
}

PreservedAnalyses DevicePrintfUnusedPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  if (!Triple(M.getTargetTriple()).isNVPTX() || !M.getNamedGlobal(BufferName))
    return PreservedAnalyses::all();
  // After pruning, __hcc_vprintf is left only if a kernel prints.
  if (Function *HccVprintf = M.getFunction("__hcc_vprintf"))
    if (!HccVprintf->use_empty())
      return PreservedAnalyses::all();
  return dropBuffer(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hcc
