//===- PositionSplitting.cpp - Loops cut where position tests change ------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/PositionSplitting.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;
using namespace llvm::PatternMatch;

static cl::opt<bool> EnablePositionSplitting(
    "hcc-cpu-position-splitting", cl::init(true), cl::Hidden,
    cl::desc("Cut the CPU loops over work-items where the kernel's tests of "
             "its position change"));

namespace hcc {

namespace {

/// Tests answered per piece, at most: each adds a few cut points, and
/// unswitching copies the loop for their answers.
constexpr unsigned MaxTests = 4;

/// A header phi that counts up by one without wrapping: its values are
/// exact integers, signed (no signed wrap) or unsigned. 64-bit arithmetic
/// is exact on them when they are signed or have at most 32 bits.
struct Position {
  PHINode *Phi = nullptr;
  Value *Next = nullptr; // the value for the next iteration
  bool Signed = false;
};

/// A value the loop computes from its position without losing anything:
/// the position, truncated where it fits, plus at most one value the loop
/// does not change (Offset): exactly the position plus the offset, as
/// integers of the position's signedness. Chain lists the steps from the
/// position's side.
struct PositionValue {
  SmallVector<Instruction *, 2> Chain;
  Value *Offset = nullptr;
};

/// A branch decided by a position value: an integer comparison with a
/// value the loop does not change (Limit, the position value on the left
/// under Pred), or a switch.
struct PositionTest {
  Instruction *Decider = nullptr; // ICmpInst or SwitchInst
  PositionValue Tested;
  Value *Limit = nullptr;
  CmpInst::Predicate Pred = CmpInst::BAD_ICMP_PREDICATE;
};

std::optional<Position> matchPosition(const Loop &L, PHINode &Phi) {
  Position P;
  P.Phi = &Phi;
  if (!Phi.getType()->isIntegerTy())
    return std::nullopt;
  P.Next = Phi.getIncomingValueForBlock(L.getLoopLatch());
  auto *Add = dyn_cast<BinaryOperator>(P.Next);
  if (!Add || !match(Add, m_Add(m_Specific(&Phi), m_One())))
    return std::nullopt;
  if (Add->hasNoSignedWrap())
    P.Signed = true;
  else if (!Add->hasNoUnsignedWrap() ||
           Phi.getType()->getIntegerBitWidth() > 32)
    return std::nullopt;
  return P;
}

/// \p V as a position value of \p P, if it is one.
std::optional<PositionValue> matchPositionValue(const Loop &L,
                                                const Position &P, Value *V) {
  PositionValue PV;
  while (V != P.Phi) {
    auto *I = dyn_cast<Instruction>(V);
    if (!I || PV.Chain.size() == 2 || !L.contains(I))
      return std::nullopt;
    if (auto *Trunc = dyn_cast<TruncInst>(I)) {
      if (!(P.Signed ? Trunc->hasNoSignedWrap() : Trunc->hasNoUnsignedWrap()))
        return std::nullopt;
      V = Trunc->getOperand(0);
    } else if (I->getOpcode() == Instruction::Add && !PV.Offset) {
      if (!(P.Signed ? I->hasNoSignedWrap() : I->hasNoUnsignedWrap()))
        return std::nullopt;
      const unsigned Invariant = L.isLoopInvariant(I->getOperand(1)) ? 1 : 0;
      if (!L.isLoopInvariant(I->getOperand(Invariant)))
        return std::nullopt;
      PV.Offset = I->getOperand(Invariant);
      V = I->getOperand(1 - Invariant);
    } else {
      return std::nullopt;
    }
    PV.Chain.insert(PV.Chain.begin(), I);
  }
  return PV;
}

/// The test \p Decider makes of \p P, if it is one.
std::optional<PositionTest> matchTest(const Loop &L, const Position &P,
                                      Instruction *Decider) {
  PositionTest T;
  T.Decider = Decider;
  Value *Tested;
  if (auto *Switch = dyn_cast<SwitchInst>(Decider)) {
    Tested = Switch->getCondition();
  } else {
    auto *Cmp = cast<ICmpInst>(Decider);
    T.Pred = Cmp->getPredicate();
    Tested = Cmp->getOperand(0);
    T.Limit = Cmp->getOperand(1);
    if (L.isLoopInvariant(Tested)) {
      std::swap(Tested, T.Limit);
      T.Pred = ICmpInst::getSwappedPredicate(T.Pred);
    }
    if (!L.isLoopInvariant(T.Limit))
      return std::nullopt;
  }
  std::optional<PositionValue> PV = matchPositionValue(L, P, Tested);
  if (!PV)
    return std::nullopt;
  T.Tested = *PV;
  return T;
}

/// The header phis whose position values decide the branches of \p L
/// (through !, &&, || and selects of truth values), each with the
/// comparisons and switches that read them.
MapVector<PHINode *, SmallSetVector<Instruction *, 4>>
branchTests(const Loop &L) {
  MapVector<PHINode *, SmallSetVector<Instruction *, 4>> Tests;
  // The header phi a value is computed from through truncations and
  // additions, if any.
  auto positionOf = [&](Value *V) -> PHINode * {
    for (unsigned Steps = 0; Steps < 3; ++Steps) {
      if (auto *Phi = dyn_cast<PHINode>(V))
        return Phi->getParent() == L.getHeader() ? Phi : nullptr;
      auto *I = dyn_cast<Instruction>(V);
      if (!I || !L.contains(I))
        return nullptr;
      if (isa<TruncInst>(I))
        V = I->getOperand(0);
      else if (I->getOpcode() == Instruction::Add)
        V = L.isLoopInvariant(I->getOperand(1)) ? I->getOperand(0)
                                                : I->getOperand(1);
      else
        return nullptr;
    }
    return nullptr;
  };
  SmallVector<Value *, 8> Work;
  for (BasicBlock *BB : L.blocks()) {
    Instruction *Term = BB->getTerminator();
    if (BB == L.getLoopLatch())
      continue; // the loop's own count
    if (auto *Br = dyn_cast<BranchInst>(Term); Br && Br->isConditional())
      Work.push_back(Br->getCondition());
    else if (auto *Switch = dyn_cast<SwitchInst>(Term))
      if (PHINode *Phi = positionOf(Switch->getCondition()))
        Tests[Phi].insert(Switch);
  }
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second || !V->getType()->isIntegerTy(1))
      continue;
    Value *A, *B, *C;
    if (match(V, m_Select(m_Value(A), m_Value(B), m_Value(C))))
      Work.append({A, B, C});
    else if (match(V, m_c_BinOp(m_Value(A), m_Value(B))))
      Work.append({A, B});
    else if (auto *Cmp = dyn_cast<ICmpInst>(V); Cmp && L.contains(Cmp))
      for (Value *Op : Cmp->operands())
        if (PHINode *Phi = positionOf(Op))
          Tests[Phi].insert(Cmp);
  }
  return Tests;
}

/// The positions around which \p T may change its answer, as 64-bit
/// integers: where the position value reaches a threshold, a switch's
/// case, or (when the test reads it with the other signedness) where its
/// sign bit changes. Wrapping arithmetic: a cut point outside the 64-bit
/// positions stands for none, and one cut too many only makes one more
/// piece.
void cutPoints(IRBuilder<> &B, const Position &P, const PositionTest &T,
               SmallVectorImpl<Value *> &Cuts) {
  Type *I64 = B.getInt64Ty();
  auto exact = [&](Value *V, bool Signed) {
    return V->getType() == I64 ? V
           : Signed            ? B.CreateSExt(V, I64)
                               : B.CreateZExt(V, I64);
  };
  Value *Offset =
      T.Tested.Offset ? exact(T.Tested.Offset, P.Signed) : B.getInt64(0);
  // Where the position value, read with the given signedness, is \p V.
  auto addAround = [&](Value *V) {
    Value *W = B.CreateSub(V, Offset);
    Cuts.push_back(W);
    Cuts.push_back(B.CreateAdd(W, B.getInt64(1)));
  };
  if (auto *Switch = dyn_cast<SwitchInst>(T.Decider)) {
    for (auto &Case : Switch->cases())
      addAround(exact(Case.getCaseValue(), P.Signed));
    return;
  }
  if (ICmpInst::isEquality(T.Pred)) {
    addAround(exact(T.Limit, P.Signed));
    return;
  }
  const bool TestSigned = ICmpInst::isSigned(T.Pred);
  addAround(exact(T.Limit, TestSigned));
  if (TestSigned == P.Signed)
    return;
  // Read the other way round, the position values past the sign change
  // (0 for signed ones, 2^(bits-1) for unsigned ones) are 2^bits away
  // from what the test sees.
  const unsigned Bits = T.Limit->getType()->getIntegerBitWidth();
  if (Bits >= 64)
    return; // no such position values: signed 64-bit positions only
  const int64_t Span = int64_t(1) << Bits;
  addAround(B.getInt64(P.Signed ? 0 : Span / 2));
  addAround(B.CreateAdd(exact(T.Limit, TestSigned),
                        B.getInt64(P.Signed ? -Span : Span)));
}

/// A loop to cut: its position, the tests answered per piece, and its
/// number of iterations less one, computed in its preheader.
struct Candidate {
  Loop *L = nullptr;
  Position P;
  SmallVector<PositionTest, MaxTests> Tests;
  Value *BackedgeCount = nullptr;
};

/// Runs \p L piece by piece over its positions, each piece between two
/// cut points of \p Tests, and answers the tests once per piece.
void split(Loop &L, const Position &P, ArrayRef<PositionTest> Tests,
           Value *BackedgeCount) {
  BasicBlock *Preheader = L.getLoopPreheader();
  BasicBlock *Header = L.getHeader();
  BasicBlock *Latch = L.getLoopLatch();
  BasicBlock *Exit = L.getExitBlock();
  LLVMContext &Ctx = Header->getContext();
  Function *F = Header->getParent();
  Type *I64 = Type::getInt64Ty(Ctx);
  Type *PosTy = P.Phi->getType();

  IRBuilder<> B(Preheader->getTerminator());
  auto exact = [&](Value *V) {
    return V->getType() == I64 ? V
           : P.Signed          ? B.CreateSExt(V, I64)
                               : B.CreateZExt(V, I64);
  };
  Value *Lo = exact(P.Phi->getIncomingValueForBlock(Preheader));
  Value *Count = B.CreateAdd(B.CreateZExt(BackedgeCount, I64), B.getInt64(1),
                             "", /*HasNUW=*/true);
  Value *Hi = B.CreateAdd(Lo, Count, "hcc.positions.end", false, true);
  SmallVector<Value *, 16> Cuts;
  for (const PositionTest &T : Tests)
    cutPoints(B, P, T, Cuts);

  BasicBlock *PieceHead = BasicBlock::Create(Ctx, "hcc.piece", F, Header);
  BasicBlock *PieceEnd = BasicBlock::Create(Ctx, "hcc.piece.end", F, Exit);
  Preheader->getTerminator()->replaceSuccessorWith(Header, PieceHead);

  // The piece: from its first position to the next cut point after it.
  // The header's other phis carry on from one piece to the next.
  B.SetInsertPoint(PieceHead);
  PHINode *First = B.CreatePHI(I64, 2, "hcc.piece.first");
  SmallVector<std::pair<PHINode *, PHINode *>, 4> Carried;
  for (PHINode &Phi : Header->phis())
    if (&Phi != P.Phi)
      Carried.push_back({&Phi, B.CreatePHI(Phi.getType(), 2, Phi.getName())});
  Value *Last = Hi;
  for (Value *Cut : Cuts)
    Last = B.CreateBinaryIntrinsic(
        Intrinsic::smin, Last,
        B.CreateSelect(B.CreateICmpSGT(Cut, First), Cut, Hi));
  First->addIncoming(Lo, Preheader);
  First->addIncoming(Last, PieceEnd);
  Value *FirstPosition = B.CreateTrunc(First, PosTy);
  for (auto [Phi, Outer] : Carried) {
    Outer->addIncoming(Phi->getIncomingValueForBlock(Preheader), Preheader);
    Outer->addIncoming(Phi->getIncomingValueForBlock(Latch), PieceEnd);
  }
  for (PHINode &Phi : Header->phis()) {
    Phi.setIncomingBlock(Phi.getBasicBlockIndex(Preheader), PieceHead);
    Phi.setIncomingValue(Phi.getBasicBlockIndex(PieceHead), FirstPosition);
  }
  for (auto [Phi, Outer] : Carried)
    Phi->setIncomingValue(Phi->getBasicBlockIndex(PieceHead), Outer);
  // Each test answered at the piece's first position: its position value
  // computed there, compared, or switched on (the same case through the
  // piece).
  for (const PositionTest &T : Tests) {
    Value *Tested = FirstPosition;
    Value *Below = P.Phi; // the step's operand on the position's side
    for (Instruction *Step : T.Tested.Chain) {
      Instruction *Copy = Step->clone();
      Copy->replaceUsesOfWith(Below, Tested);
      Tested = B.Insert(Copy, Step->getName());
      Below = Step;
    }
    if (auto *Switch = dyn_cast<SwitchInst>(T.Decider)) {
      Switch->setCondition(Tested);
      continue;
    }
    Instruction *Answer = T.Decider->clone();
    Answer->replaceUsesOfWith(T.Tested.Chain.empty()
                                  ? static_cast<Value *>(P.Phi)
                                  : T.Tested.Chain.back(),
                              Tested);
    B.Insert(Answer, T.Decider->getName());
    T.Decider->replaceAllUsesWith(Answer);
  }
  B.CreateBr(Header);

  // The latch leaves at the piece's end; the last piece ends the loop.
  Instruction *OldLatchBranch = Latch->getTerminator();
  B.SetInsertPoint(OldLatchBranch);
  BranchInst *LatchBranch = B.CreateCondBr(
      B.CreateICmpNE(P.Next, B.CreateTrunc(Last, PosTy)), Header, PieceEnd);
  // The loop's hints (vectorisation, unrolling) stay with it.
  LatchBranch->setMetadata(LLVMContext::MD_loop,
                           OldLatchBranch->getMetadata(LLVMContext::MD_loop));
  OldLatchBranch->eraseFromParent();
  B.SetInsertPoint(PieceEnd);
  B.CreateCondBr(B.CreateICmpSLT(Last, Hi), PieceHead, Exit);
  for (PHINode &Phi : Exit->phis())
    Phi.setIncomingBlock(Phi.getBasicBlockIndex(Latch), PieceEnd);
  for (const PositionTest &T : Tests)
    if (isa<ICmpInst>(T.Decider))
      T.Decider->eraseFromParent();
}

/// \p L as a loop to cut, if it qualifies; its iteration count is then
/// expanded by \p Expander in its preheader.
std::optional<Candidate> matchLoop(Loop &L, ScalarEvolution &SE,
                                   SCEVExpander &Expander) {
  BasicBlock *Latch = L.getLoopLatch();
  if (!L.isInnermost() || !L.getLoopPreheader() || !Latch ||
      L.getExitingBlock() != Latch || !L.getExitBlock())
    return std::nullopt;
  auto *LatchBranch = dyn_cast<BranchInst>(Latch->getTerminator());
  if (!LatchBranch || !LatchBranch->isConditional())
    return std::nullopt;
  const SCEV *Backedges = SE.getBackedgeTakenCount(&L);
  if (isa<SCEVCouldNotCompute>(Backedges) ||
      Backedges->getType()->getIntegerBitWidth() > 64 ||
      !Expander.isSafeToExpand(Backedges))
    return std::nullopt;
  for (auto &[Phi, Deciders] : branchTests(L)) {
    Candidate C;
    C.L = &L;
    std::optional<Position> P = matchPosition(L, *Phi);
    if (!P)
      continue;
    C.P = *P;
    for (Instruction *Decider : Deciders)
      if (std::optional<PositionTest> T = matchTest(L, C.P, Decider))
        C.Tests.push_back(*T);
    if (C.Tests.empty() || C.Tests.size() > MaxTests)
      continue;
    C.BackedgeCount = Expander.expandCodeFor(
        Backedges, Backedges->getType(), L.getLoopPreheader()->getTerminator());
    return C;
  }
  return std::nullopt;
}

} // namespace

unsigned splitLoopsAtPositionTests(Function &F, FunctionAnalysisManager &FAM) {
  if (!EnablePositionSplitting)
    return 0;
  // Loops in simplified form: a preheader to compute the pieces in.
  FunctionPassManager Prepare;
  Prepare.addPass(LoopSimplifyPass());
  Prepare.run(F, FAM);
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  ScalarEvolution &SE = FAM.getResult<ScalarEvolutionAnalysis>(F);
  // Every loop is matched, and its count expanded, before any is cut: the
  // analyses describe the function as it was.
  SmallVector<Candidate, 8> Candidates;
  {
    SCEVExpander Expander(SE, "hcc.split");
    for (Loop *L : LI.getLoopsInPreorder())
      if (std::optional<Candidate> C = matchLoop(*L, SE, Expander))
        Candidates.push_back(std::move(*C));
  }
  for (Candidate &C : Candidates)
    split(*C.L, C.P, C.Tests, C.BackedgeCount);
  if (!Candidates.empty())
    FAM.invalidate(F, PreservedAnalyses::none());
  return Candidates.size();
}

} // namespace hcc
