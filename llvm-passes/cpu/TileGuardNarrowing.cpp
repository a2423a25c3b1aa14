//===- TileGuardNarrowing.cpp - Loops over the work-items a guard admits --===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/TileGuardNarrowing.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"

#include <optional>

using namespace llvm;
using namespace llvm::PatternMatch;

namespace hcc {

namespace {

/// A loop `for (p = 0; p < Bound; ++p)` in rotated form: the header's only
/// phi is the position, the latch counts and is the only way out, and no
/// value of the loop is used after it.
struct CountedLoop {
  BasicBlock *Preheader = nullptr;
  BasicBlock *Header = nullptr;
  BasicBlock *Latch = nullptr;
  BasicBlock *Exit = nullptr;
  PHINode *Position = nullptr;
  ICmpInst *Test = nullptr; // p + 1 < Bound
};

/// One comparison of a guard: the positions where `Position + Offset
/// <Pred> Limit` holds (no Offset: the position itself).
struct Admission {
  CmpInst::Predicate Pred = CmpInst::BAD_ICMP_PREDICATE;
  Value *Limit = nullptr;
  Value *Offset = nullptr;
};

/// A guard lets the positions that pass all its comparisons into the
/// loop's work.
struct Guard {
  BranchInst *Branch = nullptr;
  BasicBlock *Work = nullptr; // the successor that does the work
  SmallVector<Admission, 2> Admissions;
};

bool usedOutside(const Loop &L) {
  for (BasicBlock *BB : L.blocks())
    for (Instruction &I : *BB)
      for (const User *U : I.users())
        if (!L.contains(cast<Instruction>(U)->getParent()))
          return true;
  return false;
}

std::optional<CountedLoop> matchCountedLoop(Loop &L) {
  CountedLoop C;
  C.Preheader = L.getLoopPreheader();
  C.Header = L.getHeader();
  C.Latch = L.getLoopLatch();
  C.Exit = L.getExitBlock();
  if (!C.Preheader || !C.Latch || !C.Exit || L.getExitingBlock() != C.Latch ||
      C.Latch == C.Header || !C.Exit->phis().empty() ||
      !C.Latch->phis().empty() || usedOutside(L))
    return std::nullopt;
  auto Phis = C.Header->phis();
  if (std::distance(Phis.begin(), Phis.end()) != 1)
    return std::nullopt;
  C.Position = &*Phis.begin();
  // Positions up to 2^31 - 1 (the increment cannot wrap as a signed
  // number), so that they compare the same signed and unsigned.
  if (C.Position->getType()->getIntegerBitWidth() > 32 ||
      !match(C.Position->getIncomingValueForBlock(C.Preheader), m_Zero()))
    return std::nullopt;
  auto *Next =
      dyn_cast<Instruction>(C.Position->getIncomingValueForBlock(C.Latch));
  Value *Bound;
  if (!Next || Next->getParent() != C.Latch ||
      !match(Next, m_NUWAdd(m_Specific(C.Position), m_One())) ||
      !Next->hasNoSignedWrap() ||
      !match(C.Latch->getTerminator(),
             m_Br(m_SpecificICmp(ICmpInst::ICMP_ULT, m_Specific(Next),
                                 m_Value(Bound)),
                  m_SpecificBB(C.Header), m_SpecificBB(C.Exit))) ||
      !L.isLoopInvariant(Bound))
    return std::nullopt;
  C.Test = cast<ICmpInst>(
      cast<BranchInst>(C.Latch->getTerminator())->getCondition());
  // The latch only counts: a position turned away does nothing there.
  for (Instruction &I : *C.Latch)
    if (&I != Next && &I != C.Test && !I.isTerminator())
      return std::nullopt;
  return C;
}

/// Whether \p V is the position plus a value the loop does not change (set
/// in \p Offset; none for the position itself) and, for a predicate of the
/// signedness \p Pred has, the addition does not wrap.
bool positionPlusOffset(const Loop &L, const CountedLoop &C, Value *V,
                        CmpInst::Predicate Pred, Value *&Offset) {
  Offset = nullptr;
  if (V == C.Position)
    return true;
  auto *Add = dyn_cast<BinaryOperator>(V);
  if (!Add || Add->getOpcode() != Instruction::Add)
    return false;
  if (ICmpInst::isSigned(Pred) && !Add->hasNoSignedWrap())
    return false;
  if (ICmpInst::isUnsigned(Pred) && !Add->hasNoUnsignedWrap())
    return false;
  for (unsigned Op = 0; Op < 2; ++Op)
    if (Add->getOperand(Op) == C.Position &&
        L.isLoopInvariant(Add->getOperand(1 - Op))) {
      Offset = Add->getOperand(1 - Op);
      return true;
    }
  return false;
}

/// Adds to \p G what \p Cond admits when it is \p Admits: a comparison of
/// the position with a value the loop does not change, or several that
/// must all admit (`a && b` true, `a || b` false).
bool collectAdmissions(const Loop &L, const CountedLoop &C, Value *Cond,
                       bool Admits, Guard &G) {
  Value *A, *B;
  if (Admits ? match(Cond, m_LogicalAnd(m_Value(A), m_Value(B)))
             : match(Cond, m_LogicalOr(m_Value(A), m_Value(B))))
    return collectAdmissions(L, C, A, Admits, G) &&
           collectAdmissions(L, C, B, Admits, G);
  auto *Cmp = dyn_cast<ICmpInst>(Cond);
  if (!Cmp)
    return false;
  Admission Adm;
  Adm.Pred = Admits ? Cmp->getPredicate() : Cmp->getInversePredicate();
  Value *Lhs = Cmp->getOperand(0), *Rhs = Cmp->getOperand(1);
  if (L.isLoopInvariant(Lhs)) {
    std::swap(Lhs, Rhs);
    Adm.Pred = ICmpInst::getSwappedPredicate(Adm.Pred);
  }
  Adm.Limit = Rhs;
  if (Adm.Pred == ICmpInst::ICMP_NE || !L.isLoopInvariant(Adm.Limit) ||
      !positionPlusOffset(L, C, Lhs, Adm.Pred, Adm.Offset))
    return false;
  G.Admissions.push_back(Adm);
  return true;
}

std::optional<Guard> matchGuard(const Loop &L, const CountedLoop &C) {
  Guard G;
  G.Branch = dyn_cast<BranchInst>(C.Header->getTerminator());
  if (!G.Branch || !G.Branch->isConditional())
    return std::nullopt;
  BasicBlock *IfTrue = G.Branch->getSuccessor(0);
  BasicBlock *IfFalse = G.Branch->getSuccessor(1);
  bool WorkIfTrue;
  if (IfFalse == C.Latch && IfTrue != C.Latch)
    WorkIfTrue = true;
  else if (IfTrue == C.Latch && IfFalse != C.Latch)
    WorkIfTrue = false;
  else
    return std::nullopt;
  G.Work = WorkIfTrue ? IfTrue : IfFalse;
  if (!collectAdmissions(L, C, G.Branch->getCondition(), WorkIfTrue, G))
    return std::nullopt;
  // Positions turned away run the header only: it must do nothing.
  for (Instruction &I : *C.Header)
    if (I.mayHaveSideEffects())
      return std::nullopt;
  return G;
}

/// The positions \p A admits as a 64-bit interval [Lo, Hi), exact for
/// 32-bit positions, limits and offsets; \p End is the loop's bound.
std::pair<Value *, Value *> admittedInterval(IRBuilder<> &B, const Admission &A,
                                             Value *End) {
  Type *I64 = B.getInt64Ty();
  const bool Signed = ICmpInst::isSigned(A.Pred);
  auto widen = [&](Value *V) {
    return Signed ? B.CreateSExt(V, I64) : B.CreateZExt(V, I64);
  };
  // The comparison as `Position <Pred> Threshold`.
  Value *Threshold;
  if (A.Pred == ICmpInst::ICMP_EQ)
    Threshold =
        B.CreateZExt(A.Offset ? B.CreateSub(A.Limit, A.Offset) : A.Limit, I64);
  else
    Threshold = A.Offset ? B.CreateSub(widen(A.Limit), widen(A.Offset), "",
                                       /*HasNUW=*/false, /*HasNSW=*/true)
                         : widen(A.Limit);
  Value *AfterThreshold =
      B.CreateAdd(Threshold, B.getInt64(1), "", false, /*HasNSW=*/true);
  switch (Signed ? ICmpInst::getUnsignedPredicate(A.Pred) : A.Pred) {
  case ICmpInst::ICMP_ULT:
    return {B.getInt64(0), Threshold};
  case ICmpInst::ICMP_ULE:
    return {B.getInt64(0), AfterThreshold};
  case ICmpInst::ICMP_UGT:
    return {AfterThreshold, End};
  case ICmpInst::ICMP_UGE:
    return {Threshold, End};
  case ICmpInst::ICMP_EQ:
    return {Threshold, AfterThreshold};
  default:
    llvm_unreachable("not an admitting predicate");
  }
}

/// Narrows \p C to the positions \p G admits, computed in the preheader.
void narrow(const CountedLoop &C, const Guard &G) {
  IRBuilder<> B(C.Preheader->getTerminator());
  // The loop runs its first position even when its bound is 0: it tests
  // the bound after the first iteration.
  Value *End = B.CreateBinaryIntrinsic(
      Intrinsic::umax, B.CreateZExt(C.Test->getOperand(1), B.getInt64Ty()),
      B.getInt64(1));
  Value *Lo = B.getInt64(0), *Hi = End;
  for (const Admission &A : G.Admissions) {
    auto [First, Last] = admittedInterval(B, A, End);
    Lo = B.CreateBinaryIntrinsic(Intrinsic::smax, Lo, First);
    Hi = B.CreateBinaryIntrinsic(Intrinsic::smin, Hi, Last);
  }
  Type *PosTy = C.Position->getType();
  C.Position->setIncomingValueForBlock(C.Preheader, B.CreateTrunc(Lo, PosTy));
  C.Test->setOperand(1, B.CreateTrunc(Hi, PosTy));
  // No admitted position: the loop does not run.
  Instruction *Enter = C.Preheader->getTerminator();
  B.CreateCondBr(B.CreateICmpSLT(Lo, Hi), C.Header, C.Exit);
  Enter->eraseFromParent();
  // Every position the loop visits now passes the guard.
  BranchInst::Create(G.Work, G.Branch->getIterator());
  G.Branch->eraseFromParent();
}

} // namespace

unsigned narrowGuardedLoops(LoopInfo &LI) {
  SmallVector<std::pair<CountedLoop, Guard>, 8> Narrowable;
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!L->isInnermost())
      continue;
    std::optional<CountedLoop> C = matchCountedLoop(*L);
    if (!C)
      continue;
    if (std::optional<Guard> G = matchGuard(*L, *C))
      Narrowable.push_back({*C, *G});
  }
  for (auto &[C, G] : Narrowable)
    narrow(C, G);
  return Narrowable.size();
}

} // namespace hcc
