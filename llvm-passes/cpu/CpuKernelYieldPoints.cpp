//===- CpuKernelYieldPoints.cpp - Forward progress in CPU kernels --------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/CpuKernelYieldPoints.h"

#include "cpu/DirectCallers.h"
#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"
#include "hc/detail/abi_names.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

namespace {

/// The name the headers give the yield point (hc/detail/workitem.hpp).
constexpr StringRef YieldPointName = hc::abi::cpu_yield_point;

/// Whether \p I reads memory that another thread may be writing: what a
/// spinning loop must contain to ever see a change.
bool readsSharedMemory(const Instruction &I) {
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return Load->isAtomic() || Load->isVolatile();
  return isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I);
}

/// The defined functions of \p M that read shared memory themselves or
/// through the functions they call directly (std::atomic<T>::load is a
/// call until the inliner runs).
SmallPtrSet<const Function *, 16> sharedMemoryReaders(Module &M) {
  return withDirectCallers(M, [](const Function &F) {
    return any_of(instructions(F), readsSharedMemory);
  });
}

bool loopReadsSharedMemory(const Loop &L,
                           const SmallPtrSetImpl<const Function *> &Readers) {
  for (const BasicBlock *BB : L.blocks())
    for (const Instruction &I : *BB) {
      if (readsSharedMemory(I))
        return true;
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (Readers.contains(Callee))
            return true;
    }
  return false;
}

} // namespace

PreservedAnalyses CpuKernelYieldPointsPass::run(Module &M,
                                                ModuleAnalysisManager &) {
  Function *YieldPoint = M.getFunction(YieldPointName);
  if (!YieldPoint)
    return PreservedAnalyses::all();
  SmallVector<GlobalValue *, 8> Entries = cpuKernelEntries(M);
  if (Entries.empty())
    return PreservedAnalyses::all();

  // The entry points' own loops walk work-items and never spin; a
  // work-item that spins does so in a loop of the kernel's code.
  SmallPtrSet<const GlobalValue *, 8> EntrySet(Entries.begin(), Entries.end());
  DeviceReachability FromKernels(Entries);
  SmallPtrSet<const Function *, 16> Readers = sharedMemoryReaders(M);
  SmallVector<BasicBlock *, 16> Headers;
  for (const GlobalValue *GV : FromKernels.symbols()) {
    auto *F = const_cast<Function *>(dyn_cast<Function>(GV));
    if (!F || F->isDeclaration() || F == YieldPoint || EntrySet.contains(F) ||
        !Readers.contains(F))
      continue;
    DominatorTree DT(*F);
    LoopInfo LI(DT);
    for (Loop *L : LI.getLoopsInPreorder())
      if (loopReadsSharedMemory(*L, Readers))
        Headers.push_back(L->getHeader());
  }
  for (BasicBlock *Header : Headers) {
    IRBuilder<> B(Header, Header->getFirstInsertionPt());
    B.CreateCall(YieldPoint->getFunctionType(), YieldPoint);
  }
  return Headers.empty() ? PreservedAnalyses::all()
                         : PreservedAnalyses::none();
}

} // namespace hcc
