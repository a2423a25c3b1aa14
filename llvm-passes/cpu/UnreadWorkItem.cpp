//===- UnreadWorkItem.cpp - Drop a work-item's unread position ------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/UnreadWorkItem.h"

#include "hc/detail/abi_names.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/TargetLibraryInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

/// Whether \p Ptr is the address of \p G in the calling thread.
static bool addressOf(const Value *Ptr, const GlobalVariable *G) {
  Ptr = Ptr->stripPointerCasts();
  if (Ptr == G)
    return true;
  const auto *II = dyn_cast<IntrinsicInst>(Ptr);
  return II && II->getIntrinsicID() == Intrinsic::threadlocal_address &&
         II->getArgOperand(0) == G;
}

/// Whether \p V, read from the variable \p G, only goes back into it (a
/// save and restore around a scope or a barrier), through phis. It may also
/// be kept in the function's own frame: a work-item's context remembers
/// the work-item before it (workitem_context::outer), which only the
/// header's barrier and yield point read, to put it back into \p G.
static bool onlyRestored(Value *V, const GlobalVariable *G,
                         SmallPtrSetImpl<Value *> &Seen) {
  if (!Seen.insert(V).second)
    return true;
  for (User *U : V->users()) {
    if (auto *Store = dyn_cast<StoreInst>(U)) {
      if (Store->getValueOperand() != V)
        return false;
      const Value *To = Store->getPointerOperand();
      if (!addressOf(To, G) && !isa<AllocaInst>(getUnderlyingObject(To)))
        return false;
    } else if (auto *Phi = dyn_cast<PHINode>(U)) {
      if (!onlyRestored(Phi, G, Seen))
        return false;
    } else {
      return false;
    }
  }
  return true;
}

bool dropUnreadCurrentWorkItem(Function &F, FunctionAnalysisManager &FAM) {
  GlobalVariable *Current =
      F.getParent()->getNamedGlobal(hc::abi::cpu_current_workitem);
  if (!Current)
    return false;
  const TargetLibraryInfo &Libraries = FAM.getResult<TargetLibraryAnalysis>(F);
  SmallVector<StoreInst *, 8> Stores;
  SmallPtrSet<Value *, 8> Restored;
  for (Instruction &I : instructions(F)) {
    if (auto *Load = dyn_cast<LoadInst>(&I)) {
      if (addressOf(Load->getPointerOperand(), Current) &&
          !onlyRestored(Load, Current, Restored))
        return false;
    } else if (auto *Store = dyn_cast<StoreInst>(&I)) {
      if (addressOf(Store->getPointerOperand(), Current))
        Stores.push_back(Store);
    } else if (auto *Call = dyn_cast<CallBase>(&I)) {
      if (isa<IntrinsicInst>(Call))
        continue;
      Function *Callee = Call->getCalledFunction();
      LibFunc Library;
      if (!Callee || !Callee->isDeclaration() ||
          !(Callee->getName().starts_with(hc::abi::symbol_prefix) ||
            Libraries.getLibFunc(*Callee, Library)))
        return false;
    }
  }
  for (StoreInst *Store : Stores)
    Store->eraseFromParent();
  return !Stores.empty();
}

} // namespace hcc
