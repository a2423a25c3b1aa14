//===- ExtendedIndexOffsets.cpp - Offsets out of index extensions ---------===//
//
// Part of hcc. See ExtendedIndexOffsets.h.
//
//===----------------------------------------------------------------------===//

#include "optimize/ExtendedIndexOffsets.h"

#include "device/DeviceModule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<bool> SplitIndexOffsets(
    "hcc-split-index-offsets", cl::init(true), cl::Hidden,
    cl::desc("In device code, rewrite sext(x + C) as sext(x) + C (and zext "
             "alike) where x is extended more than once"));

namespace {

/// The extensions of one value to one type, with or without a constant
/// added first.
struct ExtensionGroup {
  Value *Base = nullptr;
  unsigned Count = 0; // direct ones and offset ones
  // ext(Base + C) and its C, to be split.
  SmallVector<std::pair<CastInst *, ConstantInt *>, 4> WithOffset;
};

using GroupKey = std::tuple<Value *, unsigned /*opcode*/, Type *>;

/// \p Ext is sext(Base + C) with nsw, or zext(Base + C) with nuw: then
/// returns Base and sets \p Offset.
Value *offsetBase(CastInst *Ext, ConstantInt *&Offset) {
  auto *Add = dyn_cast<BinaryOperator>(Ext->getOperand(0));
  if (!Add || Add->getOpcode() != Instruction::Add)
    return nullptr;
  const bool Signed = isa<SExtInst>(Ext);
  if (Signed ? !Add->hasNoSignedWrap() : !Add->hasNoUnsignedWrap())
    return nullptr;
  Offset = dyn_cast<ConstantInt>(Add->getOperand(1));
  return Offset ? Add->getOperand(0) : nullptr;
}

bool splitOffsets(Function &F) {
  // MapVector-like order: groups in the order their first member appears,
  // so that the output does not depend on pointer values.
  DenseMap<GroupKey, unsigned> GroupIndex;
  SmallVector<ExtensionGroup, 16> Groups;
  auto groupOf = [&](Value *Base, CastInst *Ext) -> ExtensionGroup & {
    GroupKey Key{Base, Ext->getOpcode(), Ext->getType()};
    auto [It, Inserted] = GroupIndex.try_emplace(Key, Groups.size());
    if (Inserted)
      Groups.emplace_back().Base = Base;
    return Groups[It->second];
  };

  for (Instruction &I : instructions(F)) {
    auto *Ext = dyn_cast<CastInst>(&I);
    if (!Ext || !(isa<SExtInst>(Ext) || isa<ZExtInst>(Ext)))
      continue;
    ConstantInt *Offset = nullptr;
    if (Value *Base = offsetBase(Ext, Offset)) {
      ExtensionGroup &G = groupOf(Base, Ext);
      ++G.Count;
      G.WithOffset.push_back({Ext, Offset});
    } else {
      ++groupOf(Ext->getOperand(0), Ext).Count;
    }
  }

  bool Changed = false;
  for (ExtensionGroup &G : Groups) {
    if (G.Count < 2)
      continue;
    for (auto [Ext, Offset] : G.WithOffset) {
      Value *Base = G.Base;
      const bool Signed = isa<SExtInst>(Ext);
      IRBuilder<> B(Ext);
      Value *Wide = B.CreateCast(Ext->getOpcode(), Base, Ext->getType(),
                                 Base->getName() + ".wide");
      Constant *WideOffset =
          ConstantExpr::getCast(Ext->getOpcode(), Offset, Ext->getType());
      std::string Name = Ext->getName().str();
      Ext->setName("");
      Value *Sum = B.CreateAdd(Wide, WideOffset, Name,
                               /*HasNUW=*/!Signed, /*HasNSW=*/Signed);
      Ext->replaceAllUsesWith(Sum);
      auto *Add = cast<Instruction>(Ext->getOperand(0));
      Ext->eraseFromParent();
      if (Add->use_empty())
        Add->eraseFromParent();
      Changed = true;
    }
  }
  return Changed;
}

} // namespace

PreservedAnalyses hcc::ExtendedIndexOffsetsPass::run(Module &M,
                                                     ModuleAnalysisManager &) {
  if (!SplitIndexOffsets || !isDeviceModule(M))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (Function &F : M)
    if (!F.isDeclaration())
      Changed |= splitOffsets(F);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
