//===- DevicePrintf.cpp - Device printf to hcc's printf buffer ------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "printf/DevicePrintf.h"

#include "hc/detail/abi_names.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hcc {

static constexpr const char *BufferName = hc::abi::printf_buffer;

/// A module that does not print drops the buffer pointer. Clang lists
/// __device__ variables in llvm.compiler.used (for host registration), which
/// would keep it through pruning, and the runtime gives a printf buffer to
/// every module that has it.
static bool dropBuffer(Module &M) {
  bool Changed = false;
  if (Function *HccVprintf = M.getFunction(hc::abi::vprintf_function);
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

/// The argument types CUDA's vprintf block can hold: what C's default
/// promotions leave of printf's arguments (int, long, double, pointers).
static bool isPrintfArgument(Type *T) {
  return T->isIntegerTy(32) || T->isIntegerTy(64) || T->isDoubleTy() ||
         T->isPointerTy();
}

/// AMDGPU: Clang's HIP mode has no vprintf; with -fno-builtin (the AMDGPU
/// pass has it) printf(fmt, ...) stays a variadic call of printf. Each call
/// becomes __hcc_vprintf(fmt, args) with the arguments stored the way
/// Clang's CUDA lowering lays them out (a struct of the promoted arguments
/// at their natural alignment, which the AMDGPU data layout gives), in a
/// private-memory block passed as a flat pointer, so the same device code
/// and the same host reader serve both targets. A call with an argument the
/// block cannot hold (a vector, a struct by value) is left alone: the
/// undefined-function check then names printf.
static bool lowerAMDGPUPrintf(Module &M) {
  Function *Printf = M.getFunction("printf");
  Function *HccVprintf = M.getFunction(hc::abi::vprintf_function);
  if (!Printf || Printf->use_empty() || !Printf->isVarArg() || !HccVprintf ||
      HccVprintf->isDeclaration() || HccVprintf->arg_size() != 2)
    return false;
  const DataLayout &DL = M.getDataLayout();
  LLVMContext &Ctx = M.getContext();
  PointerType *Flat = PointerType::get(Ctx, 0);
  SmallVector<CallInst *, 8> Calls;
  for (User *U : Printf->users())
    if (auto *CI = dyn_cast<CallInst>(U); CI && CI->getCalledOperand() == Printf)
      Calls.push_back(CI);
  bool Changed = false;
  for (CallInst *CI : Calls) {
    if (CI->arg_size() < 1 || !CI->getArgOperand(0)->getType()->isPointerTy())
      continue;
    SmallVector<Type *, 8> Fields;
    bool Supported = true;
    for (unsigned I = 1; I < CI->arg_size(); ++I) {
      Type *T = CI->getArgOperand(I)->getType();
      Supported &= isPrintfArgument(T);
      Fields.push_back(T);
    }
    if (!Supported)
      continue;
    IRBuilder<> B(CI);
    Value *Args = ConstantPointerNull::get(Flat);
    if (!Fields.empty()) {
      StructType *Block = StructType::get(Ctx, Fields);
      // In the entry block, so that a loop around printf reuses one block.
      IRBuilder<> Entry(&*CI->getFunction()->getEntryBlock().begin());
      AllocaInst *Slot =
          Entry.CreateAlloca(Block, DL.getAllocaAddrSpace(), nullptr,
                             hc::abi::printf_args_value);
      Slot->setAlignment(DL.getABITypeAlign(Block));
      for (unsigned I = 0; I < Fields.size(); ++I)
        B.CreateStore(CI->getArgOperand(I + 1),
                      B.CreateStructGEP(Block, Slot, I));
      Args = B.CreateAddrSpaceCast(Slot, Flat);
    }
    Value *Format = CI->getArgOperand(0);
    if (Format->getType() != Flat)
      Format = B.CreateAddrSpaceCast(Format, Flat);
    CallInst *New = B.CreateCall(HccVprintf, {Format, Args});
    New->setDebugLoc(CI->getDebugLoc());
    Value *Result = New;
    if (CI->getType() != New->getType())
      Result = CI->getType()->isVoidTy()
                   ? nullptr
                   : B.CreateSExtOrTrunc(New, CI->getType());
    if (Result == New)
      New->takeName(CI);
    if (Result)
      CI->replaceAllUsesWith(Result);
    CI->eraseFromParent();
    Changed = true;
  }
  return Changed;
}

static bool isPrintfTarget(const Module &M) {
  Triple T(M.getTargetTriple());
  return T.isNVPTX() || T.isAMDGCN();
}

PreservedAnalyses DevicePrintfPass::run(Module &M, ModuleAnalysisManager &) {
  if (Triple(M.getTargetTriple()).isAMDGCN())
    return lowerAMDGPUPrintf(M) ? PreservedAnalyses::none()
                                : PreservedAnalyses::all();
  if (!Triple(M.getTargetTriple()).isNVPTX())
    return PreservedAnalyses::all();
  Function *CudaVprintf = M.getFunction("vprintf");
  if (!CudaVprintf || CudaVprintf->use_empty())
    return dropBuffer(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
  // <hc.hpp> defines __hcc_vprintf in every device compilation; a device
  // module without it (no hc headers) keeps CUDA's vprintf.
  Function *HccVprintf = M.getFunction(hc::abi::vprintf_function);
  if (!HccVprintf || HccVprintf->isDeclaration() ||
      HccVprintf->getFunctionType() != CudaVprintf->getFunctionType())
    return PreservedAnalyses::all();
  CudaVprintf->replaceAllUsesWith(HccVprintf);
  return PreservedAnalyses::none();
}

PreservedAnalyses DevicePrintfUnusedPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  if (!isPrintfTarget(M) || !M.getNamedGlobal(BufferName))
    return PreservedAnalyses::all();
  // After pruning, __hcc_vprintf is left only if a kernel prints.
  if (Function *HccVprintf = M.getFunction(hc::abi::vprintf_function))
    if (!HccVprintf->use_empty())
      return PreservedAnalyses::all();
  return dropBuffer(M) ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hcc
