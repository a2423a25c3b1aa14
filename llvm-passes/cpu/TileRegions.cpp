//===- TileRegions.cpp - A work-item function cut at its barriers ---------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/TileRegions.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

namespace hcc {

TileRegions::TileRegions(Function &F, Function *Barrier) {
  splitAtBarriers(F, Barrier);
  collectBlocks();
  computeLiveness(F);
}

void TileRegions::splitAtBarriers(Function &F, Function *Barrier) {
  SmallVector<InvokeInst *, 4> Invokes;
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<InvokeInst>(&I))
      if (II->getCalledFunction() == Barrier)
        Invokes.push_back(II);
  for (InvokeInst *II : Invokes)
    changeToCall(II);
  removeUnreachableBlocks(F);

  SmallVector<CallInst *, 8> Calls;
  for (Instruction &I : instructions(F))
    if (auto *CI = dyn_cast<CallInst>(&I))
      if (CI->getCalledFunction() == Barrier)
        Calls.push_back(CI);
  Starts.push_back(&F.getEntryBlock());
  for (CallInst *CI : Calls) {
    BasicBlock *BarrierBB = CI->getParent()->splitBasicBlock(CI, "hcc.barrier");
    BasicBlock *After =
        BarrierBB->splitBasicBlock(CI->getNextNode(), "hcc.after.barrier");
    RegionAfterBarrier[BarrierBB] = Starts.size();
    Starts.push_back(After);
  }
  for (unsigned R = 1; R < Starts.size(); ++R)
    hoistAboveBarrier(Starts[R]);
}

/// Moves the pure computations that follow a barrier, in the straight line
/// of blocks that starts at \p After, above it where their operands are
/// all computed before it. The optimiser sinks arithmetic past calls freely
/// (to the block of its use): a matrix product's sum of products staged in
/// tile_static memory ends with the products after the barrier that ends
/// the step, and its operands, one load per product, would have to be kept
/// per work-item across the barrier instead of the one sum.
void TileRegions::hoistAboveBarrier(BasicBlock *After) {
  BasicBlock *Barrier = After->getSinglePredecessor();
  BasicBlock *Before = Barrier ? Barrier->getSinglePredecessor() : nullptr;
  if (!Before)
    return;
  SmallPtrSet<const BasicBlock *, 8> Line;
  SmallPtrSet<const Instruction *, 32> Hoisted;
  auto availableBefore = [&](const Value *V) {
    const auto *I = dyn_cast<Instruction>(V);
    return !I || Hoisted.contains(I) || !Line.contains(I->getParent());
  };
  for (BasicBlock *BB = After; BB && Line.insert(BB).second;) {
    for (Instruction &I : make_early_inc_range(*BB)) {
      if (isa<PHINode>(I) || I.isTerminator() || I.mayReadOrWriteMemory() ||
          I.mayHaveSideEffects() || !isSafeToSpeculativelyExecute(&I) ||
          !all_of(I.operands(), availableBefore))
        continue;
      I.moveBefore(Before->getTerminator()->getIterator());
      Hoisted.insert(&I);
    }
    BasicBlock *Next = BB->getUniqueSuccessor();
    BB = Next && Next->getUniquePredecessor() == BB &&
                 !RegionAfterBarrier.count(Next)
             ? Next
             : nullptr;
  }
}

void TileRegions::collectBlocks() {
  Blocks.resize(Starts.size());
  for (unsigned R = 0; R < Starts.size(); ++R) {
    SetVector<BasicBlock *> &Region = Blocks[R];
    Region.insert(Starts[R]);
    for (unsigned I = 0; I < Region.size(); ++I)
      for (BasicBlock *Succ : successors(Region[I]))
        if (!RegionAfterBarrier.count(Succ))
          Region.insert(Succ);
  }
}

void TileRegions::computeLiveness(Function &F) {
  DenseMap<const BasicBlock *, unsigned> RegionOfStart;
  for (unsigned R = 1; R < Starts.size(); ++R)
    RegionOfStart[Starts[R]] = R;
  LiveIns.resize(Starts.size());

  for (Instruction &V : instructions(F)) {
    if (V.getType()->isVoidTy() || isa<AllocaInst>(V))
      continue;
    BasicBlock *DefBB = V.getParent();
    SmallPtrSet<BasicBlock *, 16> Visited;
    SmallVector<BasicBlock *, 16> Work;
    for (Use &U : V.uses()) {
      auto *User = cast<Instruction>(U.getUser());
      BasicBlock *UseBB = User->getParent();
      if (auto *Phi = dyn_cast<PHINode>(User))
        UseBB = Phi->getIncomingBlock(U);
      if (UseBB != DefBB)
        Work.push_back(UseBB);
    }
    // Walk up from the uses to the definition: every block on the way has
    // the value live on entry.
    while (!Work.empty()) {
      BasicBlock *BB = Work.pop_back_val();
      if (BB == DefBB || !Visited.insert(BB).second)
        continue;
      if (unsigned R = RegionOfStart.lookup(BB))
        LiveIns[R].insert(&V);
      for (BasicBlock *Pred : predecessors(BB))
        Work.push_back(Pred);
    }
  }
  for (unsigned R = 1; R < Starts.size(); ++R)
    for (Instruction *V : LiveIns[R])
      if (!recomputable(V))
        Kept.insert(V);
}

bool readsUnchangingMemory(const LoadInst &Load) {
  if (!Load.isSimple())
    return false;
  if (Load.hasMetadata(LLVMContext::MD_invariant_load))
    return true;
  const auto *Arg =
      dyn_cast<Argument>(getUnderlyingObject(Load.getPointerOperand(), 0));
  return Arg && Arg->hasNoAliasAttr() && Arg->onlyReadsMemory();
}

bool TileRegions::recomputable(const Value *V) {
  const auto *I = dyn_cast<Instruction>(V);
  if (!I || isa<AllocaInst>(I))
    return true; // arguments, constants; allocas are per work-item storage
  auto Known = Recomputable.find(I);
  if (Known != Recomputable.end())
    return Known->second;
  Recomputable[I] = false;
  bool Pure;
  if (const auto *Load = dyn_cast<LoadInst>(I))
    Pure = readsUnchangingMemory(*Load);
  else if (isa<PHINode>(I) || I->isTerminator() || I->isEHPad())
    Pure = false;
  else if (isa<CallBase>(I))
    Pure = isa<IntrinsicInst>(I) && !I->mayReadOrWriteMemory() &&
           !I->mayHaveSideEffects();
  else
    Pure = !I->mayReadOrWriteMemory() && !I->mayHaveSideEffects();
  bool Result = Pure && all_of(I->operands(), [this](const Value *Op) {
                  return recomputable(Op);
                });
  Recomputable[I] = Result;
  return Result;
}

} // namespace hcc
