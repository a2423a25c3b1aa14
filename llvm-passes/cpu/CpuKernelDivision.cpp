//===- CpuKernelDivision.cpp - No division traps in CPU kernels ----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/CpuKernelDivision.h"

#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"
#include "hc/detail/abi_names.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

namespace {

/// Whether \p Divisor can make \p Op trap: zero, or -1 for a signed one.
/// Constants are judged element by element; anything else may.
bool mayTrap(const BinaryOperator &Op, const Value *Divisor) {
  bool Signed = Op.getOpcode() == Instruction::SDiv ||
                Op.getOpcode() == Instruction::SRem;
  auto Unsafe = [&](const Constant *C) {
    const auto *Int = dyn_cast_or_null<ConstantInt>(C);
    return !Int || Int->isZero() || (Signed && Int->isMinusOne());
  };
  const auto *C = dyn_cast<Constant>(Divisor);
  if (!C)
    return true;
  if (auto *VecTy = dyn_cast<FixedVectorType>(C->getType())) {
    for (unsigned I = 0; I < VecTy->getNumElements(); ++I)
      if (Unsafe(C->getAggregateElement(I)))
        return true;
    return false;
  }
  return Unsafe(C);
}

/// Replaces \p Op by a division that cannot trap and the values of the
/// file comment where it would have.
void guard(BinaryOperator &Op) {
  IRBuilder<> B(&Op);
  Value *Dividend = Op.getOperand(0), *Divisor = Op.getOperand(1);
  Type *Ty = Op.getType();
  bool Signed = Op.getOpcode() == Instruction::SDiv ||
                Op.getOpcode() == Instruction::SRem;
  bool Quotient = Op.getOpcode() == Instruction::SDiv ||
                  Op.getOpcode() == Instruction::UDiv;
  Value *Zero = Constant::getNullValue(Ty);
  Value *MinusOne = Constant::getAllOnesValue(Ty);
  Value *ByZero = B.CreateICmpEQ(Divisor, Zero, hc::abi::div_by_zero_value);
  Value *ByMinusOne =
      Signed
          ? B.CreateICmpEQ(Divisor, MinusOne, hc::abi::div_by_minus_one_value)
          : nullptr;
  Value *Unsafe = ByMinusOne ? B.CreateOr(ByZero, ByMinusOne) : ByZero;
  Value *SafeDivisor =
      B.CreateSelect(Unsafe, ConstantInt::get(Ty, 1), Divisor);
  auto *Safe = cast<BinaryOperator>(
      B.CreateBinOp(Op.getOpcode(), Dividend, SafeDivisor, Op.getName()));
  if (Op.isExact())
    Safe->setIsExact(true);
  // x / 1 is x and x % 1 is 0, so only the special divisors need values:
  // by -1, the wrapping negation (quotient) or 0 (remainder); by 0, all bits
  // set (quotient) or the dividend (remainder).
  Value *Result = Safe;
  if (ByMinusOne)
    Result = B.CreateSelect(ByMinusOne, Quotient ? B.CreateNeg(Dividend) : Zero,
                            Result);
  Result = B.CreateSelect(ByZero, Quotient ? MinusOne : Dividend, Result);
  Op.replaceAllUsesWith(Result);
  Op.eraseFromParent();
}

} // namespace

PreservedAnalyses CpuKernelDivisionPass::run(Module &M,
                                             ModuleAnalysisManager &) {
  SmallVector<GlobalValue *, 8> Entries = cpuKernelEntries(M);
  if (Entries.empty())
    return PreservedAnalyses::all();

  DeviceReachability FromKernels(Entries);
  SmallVector<BinaryOperator *, 16> Divisions;
  for (const GlobalValue *GV : FromKernels.symbols()) {
    const auto *F = dyn_cast<Function>(GV);
    if (!F || F->isDeclaration())
      continue;
    for (const Instruction &I : instructions(*F))
      if (const auto *Op = dyn_cast<BinaryOperator>(&I))
        if (Op->isIntDivRem() && mayTrap(*Op, Op->getOperand(1)))
          Divisions.push_back(const_cast<BinaryOperator *>(Op));
  }
  for (BinaryOperator *Op : Divisions)
    guard(*Op);
  return Divisions.empty() ? PreservedAnalyses::all()
                           : PreservedAnalyses::none();
}

} // namespace hcc
