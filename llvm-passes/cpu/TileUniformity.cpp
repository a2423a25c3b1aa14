//===- TileUniformity.cpp - What every work-item of a tile shares ---------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/TileUniformity.h"

#include "cpu/TileRegions.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace hcc {

TileUniformity::TileUniformity(Function &F, TileRegions &Regions) {
  PostDominatorTree PDT(F);
  propagate(F, PDT);
  findUniformExits(Regions);
}

bool TileUniformity::startsDivergent(const Instruction &I) const {
  if (isa<AllocaInst>(I) || isa<AtomicRMWInst>(I) ||
      isa<AtomicCmpXchgInst>(I) || I.isEHPad())
    return true;
  if (const auto *Load = dyn_cast<LoadInst>(&I))
    return !readsUnchangingMemory(*Load);
  if (const auto *Call = dyn_cast<CallBase>(&I))
    return !isa<IntrinsicInst>(Call) || Call->mayReadOrWriteMemory() ||
           Call->mayHaveSideEffects();
  return false;
}

/// A branch on a divergent value at the end of its block: the phis of the
/// blocks it reaches before its immediate post-dominator, and of that
/// block, merge values of work-items that took different ways.
void TileUniformity::markControlDivergence(Instruction *Branch,
                                           PostDominatorTree &PDT,
                                           SmallVectorImpl<Value *> &Work) {
  BasicBlock *From = Branch->getParent();
  DomTreeNode *Node = PDT.getNode(From);
  BasicBlock *Join =
      Node && Node->getIDom() ? Node->getIDom()->getBlock() : nullptr;
  auto markPhis = [&](BasicBlock *BB) {
    for (PHINode &Phi : BB->phis())
      if (Divergent.insert(&Phi).second)
        Work.push_back(&Phi);
  };
  SmallPtrSet<BasicBlock *, 16> Seen;
  SmallVector<BasicBlock *, 16> Reached(successors(From));
  while (!Reached.empty()) {
    BasicBlock *BB = Reached.pop_back_val();
    if (BB == Join || !Seen.insert(BB).second)
      continue;
    markPhis(BB);
    append_range(Reached, successors(BB));
  }
  if (Join)
    markPhis(Join);
}

void TileUniformity::propagate(Function &F, PostDominatorTree &PDT) {
  SmallVector<Value *, 32> Work;
  auto mark = [&](Value *V) {
    if (Divergent.insert(V).second)
      Work.push_back(V);
  };
  for (unsigned Arg = 2; Arg < F.arg_size(); ++Arg)
    mark(F.getArg(Arg)); // the work-item's position
  SmallPtrSet<Instruction *, 16> DivergentBranches;
  for (Instruction &I : instructions(F)) {
    if (startsDivergent(I))
      mark(&I);
    // Whether an invoke unwinds is each work-item's own.
    if (isa<InvokeInst>(I) && DivergentBranches.insert(&I).second)
      markControlDivergence(&I, PDT, Work);
  }
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    for (User *U : V->users()) {
      auto *I = dyn_cast<Instruction>(U);
      if (!I)
        continue;
      if (I->isTerminator() && DivergentBranches.insert(I).second)
        markControlDivergence(I, PDT, Work);
      if (!I->getType()->isVoidTy())
        mark(I);
    }
  }
  for (Instruction *Branch : DivergentBranches)
    DivergentControl.insert(Branch->getParent());
}

void TileUniformity::findUniformExits(TileRegions &Regions) {
  const unsigned N = Regions.numRegions();
  UniformExits.resize(N);
  // Exits are numbered by the region they lead to; 0 is a return.
  for (unsigned R = 0; R < N; ++R) {
    const SetVector<BasicBlock *> &Blocks = Regions.blocks(R);
    DenseMap<const BasicBlock *, BitVector> Exits;
    for (BasicBlock *BB : Blocks)
      Exits[BB] = BitVector(N);
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (BasicBlock *BB : reverse(Blocks)) {
        BitVector Reach = Exits[BB];
        if (isa<ReturnInst>(BB->getTerminator()))
          Reach.set(0);
        for (BasicBlock *Succ : successors(BB)) {
          if (unsigned Next = Regions.regionAfter(Succ))
            Reach.set(Next);
          else if (Blocks.contains(Succ))
            Reach |= Exits[Succ];
        }
        if (Reach != Exits[BB]) {
          Exits[BB] = Reach;
          Changed = true;
        }
      }
    }
    UniformExits[R] = none_of(Blocks, [&](BasicBlock *BB) {
      return DivergentControl.contains(BB) && Exits[BB].count() > 1;
    });
  }
}

} // namespace hcc
