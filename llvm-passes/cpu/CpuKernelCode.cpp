//===- CpuKernelCode.cpp - Kernel code knows it runs in a kernel ----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/CpuKernelCode.h"

#include "cpu/DirectCallers.h"
#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"
#include "hc/detail/abi_names.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace hcc {

namespace {

/// The functions that reach a call of \p Marker through direct calls,
/// among those \p Entries reach: the ones a kernel needs its own copy of.
/// The entries themselves are left out (they are kernel code only).
SetVector<Function *> functionsToCopy(Module &M, ArrayRef<Function *> Entries,
                                      Function *Marker) {
  SmallPtrSet<const Function *, 16> Asking =
      withDirectCallers(M, [Marker](const Function &F) {
        return any_of(instructions(F), [Marker](const Instruction &I) {
          const auto *Call = dyn_cast<CallBase>(&I);
          return Call && Call->getCalledFunction() == Marker;
        });
      });
  SmallVector<GlobalValue *, 8> Roots(Entries.begin(), Entries.end());
  DeviceReachability FromKernels(Roots);
  SetVector<Function *> ToCopy;
  for (const GlobalValue *GV : FromKernels.symbols()) {
    auto *F = const_cast<Function *>(dyn_cast<Function>(GV));
    if (F && Asking.contains(F) && !is_contained(Entries, F))
      ToCopy.insert(F);
  }
  return ToCopy;
}

/// In \p F (an entry or a kernel copy): calls of copied functions go to
/// the copies, and the marker's answer is `true` with the branches it
/// decides folded, so that what only host code needs is gone before the
/// optimiser sees the loops.
void specialise(Function &F, Function *Marker,
                const DenseMap<Function *, Function *> &Copies) {
  SmallVector<CallBase *, 8> MarkerCalls;
  for (Instruction &I : instructions(F)) {
    auto *Call = dyn_cast<CallBase>(&I);
    if (!Call)
      continue;
    Function *Callee = Call->getCalledFunction();
    if (Callee == Marker)
      MarkerCalls.push_back(Call);
    else if (Function *Copy = Copies.lookup(Callee))
      Call->setCalledFunction(Copy);
  }
  if (MarkerCalls.empty())
    return;
  SmallPtrSet<BasicBlock *, 8> Decided;
  for (CallBase *Call : MarkerCalls) {
    for (User *U : Call->users())
      if (auto *Br = dyn_cast<BranchInst>(U))
        Decided.insert(Br->getParent());
    Call->replaceAllUsesWith(ConstantInt::getTrue(Call->getType()));
    // An invoke of the marker (it cannot throw) is a call.
    if (auto *Invoke = dyn_cast<InvokeInst>(Call))
      changeToCall(Invoke);
    else
      Call->eraseFromParent();
  }
  for (BasicBlock *BB : Decided)
    ConstantFoldTerminator(BB);
  removeUnreachableBlocks(F);
}

} // namespace

PreservedAnalyses CpuKernelCodePass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(hc::abi::cpu_kernel_code_marker);
  if (!Marker)
    return PreservedAnalyses::all();
  SmallVector<Function *, 8> Entries;
  for (GlobalValue *GV : cpuKernelEntries(M))
    if (auto *F = dyn_cast<Function>(GV))
      Entries.push_back(F);
  if (Entries.empty())
    return PreservedAnalyses::all();

  SetVector<Function *> ToCopy = functionsToCopy(M, Entries, Marker);
  DenseMap<Function *, Function *> Copies;
  for (Function *F : ToCopy) {
    ValueToValueMapTy VMap;
    Function *Copy = CloneFunction(F, VMap);
    Copy->setName(F->getName() + ".hcc_cpu_kernel");
    Copy->setLinkage(GlobalValue::InternalLinkage);
    Copy->setVisibility(GlobalValue::DefaultVisibility);
    Copy->setComdat(nullptr);
    Copies[F] = Copy;
  }
  for (Function *F : Entries)
    specialise(*F, Marker, Copies);
  for (auto &Entry : Copies)
    specialise(*Entry.second, Marker, Copies);
  return PreservedAnalyses::none();
}

} // namespace hcc
