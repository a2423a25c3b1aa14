//===- TileShapeSpeculation.cpp - Code for the expected tile --------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/TileShapeSpeculation.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/Transforms/Utils/Cloning.h"

using namespace llvm;

namespace hcc {

namespace {

/// The tile_static variable (on the CPU, a thread-local global) that \p
/// Base, the base of an address, is in the calling thread; null if none.
const GlobalVariable *tileStaticVariable(const SCEV *Base) {
  const auto *Unknown = dyn_cast<SCEVUnknown>(Base);
  if (!Unknown)
    return nullptr;
  const Value *V = Unknown->getValue()->stripPointerCasts();
  if (const auto *II = dyn_cast<IntrinsicInst>(V))
    if (II->getIntrinsicID() == Intrinsic::threadlocal_address)
      V = II->getArgOperand(0);
  const auto *G = dyn_cast<GlobalVariable>(V);
  return G && G->isThreadLocal() ? G : nullptr;
}

/// A dimension of an array: the bytes between its elements, and how many.
struct ArrayDimension {
  uint64_t Stride;
  uint64_t Length;
};

SmallVector<ArrayDimension, 3> dimensionsOf(Type *T, const DataLayout &DL) {
  SmallVector<ArrayDimension, 3> Dims;
  while (auto *Array = dyn_cast<ArrayType>(T)) {
    T = Array->getElementType();
    Dims.push_back(
        {DL.getTypeAllocSize(T).getFixedValue(), Array->getNumElements()});
  }
  return Dims;
}

/// Each position argument (0-2) that \p Offset, a byte offset, steps by,
/// with the bytes per step, passed to \p Found. Through sums, constant
/// factors and casts: `s[ly][lx]` may be computed as the int `16 * ly + lx`
/// widened and scaled (a guess only needs the strides as written).
template <class Callback>
void forEachScaledPosition(const SCEV *Offset, uint64_t Factor,
                           const Function &WorkItem, Callback Found) {
  if (const auto *Sum = dyn_cast<SCEVAddExpr>(Offset)) {
    for (const SCEV *Term : Sum->operands())
      forEachScaledPosition(Term, Factor, WorkItem, Found);
  } else if (const auto *Mul = dyn_cast<SCEVMulExpr>(Offset)) {
    const auto *Constant = dyn_cast<SCEVConstant>(Mul->getOperand(0));
    if (Mul->getNumOperands() == 2 && Constant &&
        Constant->getAPInt().getActiveBits() <= 32 && Factor <= UINT32_MAX)
      forEachScaledPosition(Mul->getOperand(1),
                            Factor * Constant->getAPInt().getZExtValue(),
                            WorkItem, Found);
  } else if (const auto *Cast = dyn_cast<SCEVCastExpr>(Offset)) {
    forEachScaledPosition(Cast->getOperand(0), Factor, WorkItem, Found);
  } else if (const auto *Unknown = dyn_cast<SCEVUnknown>(Offset)) {
    for (unsigned D = 0; D < 3; ++D)
      if (Unknown->getValue() == WorkItem.getArg(2 + D))
        Found(D, Factor);
  }
}

} // namespace

std::optional<TileShape> expectedTileShape(Function &WorkItem,
                                           ScalarEvolution &SE) {
  const DataLayout &DL = WorkItem.getDataLayout();
  uint64_t Shortest[3] = {0, 0, 0};
  for (Instruction &I : instructions(WorkItem)) {
    Value *Ptr = getLoadStorePointerOperand(&I);
    if (!Ptr)
      continue;
    const SCEV *Address = SE.getSCEV(Ptr);
    const SCEV *Base = SE.getPointerBase(Address);
    const GlobalVariable *Array = tileStaticVariable(Base);
    if (!Array)
      continue;
    SmallVector<ArrayDimension, 3> Dims =
        dimensionsOf(Array->getValueType(), DL);
    const SCEV *Offset = SE.getMinusSCEV(Address, Base);
    if (Dims.empty() || isa<SCEVCouldNotCompute>(Offset))
      continue;
    forEachScaledPosition(Offset, 1, WorkItem, [&](unsigned D, uint64_t Step) {
      for (const ArrayDimension &Dim : Dims)
        if (Dim.Stride == Step && Dim.Length > 0 &&
            (!Shortest[D] || Dim.Length < Shortest[D]))
          Shortest[D] = Dim.Length;
    });
  }
  TileShape Shape;
  bool Indexed = false;
  for (unsigned D = 0; D < 3; ++D) {
    if (WorkItem.getArg(2 + D)->use_empty())
      Shape.Extent[D] = 1;
    else if (Shortest[D] && Shortest[D] <= UINT32_MAX) {
      Shape.Extent[D] = static_cast<unsigned>(Shortest[D]);
      Indexed = true;
    }
  }
  if (!Indexed)
    return std::nullopt;
  return Shape;
}

Function *specializeTileShape(Function &Tile, const TileShape &Shape) {
  LLVMContext &Ctx = Tile.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  ValueToValueMapTy VMap;
  for (unsigned D = 0; D < 3; ++D)
    if (Shape.Extent[D])
      VMap[Tile.getArg(2 + D)] = ConstantInt::get(I32, Shape.Extent[D]);
  Function *Fixed = CloneFunction(&Tile, VMap);
  Fixed->setName(Tile.getName() + ".shape");
  Fixed->setLinkage(GlobalValue::InternalLinkage);

  // A new entry block decides; the static allocas stay in the entry.
  BasicBlock *General = &Tile.getEntryBlock();
  SmallVector<AllocaInst *, 4> Static;
  for (Instruction &I : *General)
    if (auto *Alloca = dyn_cast<AllocaInst>(&I))
      if (Alloca->isStaticAlloca())
        Static.push_back(Alloca);
  BasicBlock *Entry = BasicBlock::Create(Ctx, "shape.check", &Tile, General);
  BasicBlock *Call = BasicBlock::Create(Ctx, "shape.expected", &Tile, General);
  IRBuilder<> B(Entry);
  if (DISubprogram *SP = Tile.getSubprogram())
    B.SetCurrentDebugLocation(DILocation::get(Ctx, SP->getScopeLine(), 0, SP));
  for (AllocaInst *Alloca : Static)
    Alloca->moveBefore(*Entry, Entry->end());
  Value *Expected = B.getTrue();
  SmallVector<Value *, 5> Args{Tile.getArg(0), Tile.getArg(1)};
  for (unsigned D = 0; D < 3; ++D) {
    Argument *Extent = Tile.getArg(2 + D);
    if (Shape.Extent[D])
      Expected = B.CreateAnd(
          Expected, B.CreateICmpEQ(Extent, B.getInt32(Shape.Extent[D])));
    else
      Args.push_back(Extent);
  }
  B.CreateCondBr(Expected, Call, General);
  B.SetInsertPoint(Call);
  B.CreateCall(Fixed, Args);
  B.CreateRetVoid();
  return Fixed;
}

} // namespace hcc
