//===- TileStaticLayout.cpp - One group-memory variable per kernel --------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "optimize/TileStaticLayout.h"

#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

#include <algorithm>

using namespace llvm;

static cl::opt<bool> MergeTileStatic(
    "hcc-merge-tile-static",
    cl::desc("Merge the tile_static variables that the same kernels reach "
             "into one variable (NVPTX), so that the driver's linker gives "
             "each kernel only its own group memory"),
    cl::init(true));

namespace hcc {

namespace {

/// A tile_static variable of this module: internal, in group memory,
/// without an initial value (so it may move into a struct), not kept alive
/// by llvm.used (whose entries must stay variables).
bool isMergeable(const GlobalVariable &Var,
                 const SmallPtrSetImpl<GlobalValue *> &Used) {
  return Var.getAddressSpace() == GroupAddressSpace && Var.hasLocalLinkage() &&
         !Var.isDeclaration() && isa<UndefValue>(Var.getInitializer()) &&
         !Var.isThreadLocal() &&
         !Used.count(const_cast<GlobalVariable *>(&Var));
}

/// Puts \p Vars into one packed struct variable, each at an offset that
/// keeps its alignment, and points every use of each at its field.
void mergeInto(Module &M, ArrayRef<GlobalVariable *> Vars) {
  LLVMContext &Ctx = M.getContext();
  const DataLayout &DL = M.getDataLayout();
  // The most aligned first: the least padding between them.
  SmallVector<GlobalVariable *, 8> Order(Vars.begin(), Vars.end());
  std::stable_sort(
      Order.begin(), Order.end(), [&](GlobalVariable *A, GlobalVariable *B) {
        return A->getPointerAlignment(DL) > B->getPointerAlignment(DL);
      });
  Type *Byte = Type::getInt8Ty(Ctx);
  SmallVector<Type *, 16> Fields;
  SmallVector<unsigned, 8> FieldOf;
  SmallVector<uint64_t, 8> OffsetOf;
  uint64_t Offset = 0;
  Align Largest(1);
  for (GlobalVariable *Var : Order) {
    const Align A = Var->getPointerAlignment(DL);
    Largest = std::max(Largest, A);
    const uint64_t At = alignTo(Offset, A);
    if (At > Offset)
      Fields.push_back(ArrayType::get(Byte, At - Offset));
    FieldOf.push_back(Fields.size());
    OffsetOf.push_back(At);
    Fields.push_back(Var->getValueType());
    Offset = At + DL.getTypeAllocSize(Var->getValueType());
  }
  StructType *Layout = StructType::get(Ctx, Fields, /*isPacked=*/true);
  auto *Merged = new GlobalVariable(
      M, Layout, /*isConstant=*/false, GlobalValue::InternalLinkage,
      UndefValue::get(Layout), "__hcc_tile_static", /*InsertBefore=*/nullptr,
      GlobalValue::NotThreadLocal, GroupAddressSpace);
  Merged->setAlignment(Largest);

  Type *I32 = Type::getInt32Ty(Ctx);
  for (unsigned I = 0; I < Order.size(); ++I) {
    GlobalVariable *Var = Order[I];
    Constant *Indices[] = {ConstantInt::get(I32, 0),
                           ConstantInt::get(I32, FieldOf[I])};
    Constant *Field =
        ConstantExpr::getInBoundsGetElementPtr(Layout, Merged, Indices);
    SmallVector<DIGlobalVariableExpression *, 1> DebugInfo;
    Var->getDebugInfo(DebugInfo);
    for (DIGlobalVariableExpression *GVE : DebugInfo) {
      DIExpression *Expr = GVE->getExpression();
      if (OffsetOf[I])
        Expr = DIExpression::prepend(Expr, DIExpression::ApplyOffset,
                                     static_cast<int64_t>(OffsetOf[I]));
      Merged->addDebugInfo(
          DIGlobalVariableExpression::get(Ctx, GVE->getVariable(), Expr));
    }
    Var->replaceAllUsesWith(Field);
    Var->eraseFromParent();
  }
}

} // namespace

PreservedAnalyses TileStaticLayoutPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  if (!MergeTileStatic || !M.getTargetTriple().isNVPTX())
    return PreservedAnalyses::all();
  SmallVector<GlobalValue *, 8> UsedList;
  collectUsedGlobalVariables(M, UsedList, /*CompilerUsed=*/false);
  collectUsedGlobalVariables(M, UsedList, /*CompilerUsed=*/true);
  SmallPtrSet<GlobalValue *, 8> Used(UsedList.begin(), UsedList.end());

  // Per variable, the kernels (by number) that reach it, in kernel order.
  MapVector<GlobalVariable *, SmallVector<unsigned, 4>> KernelsOf;
  SmallVector<Function *, 8> Kernels = findKernels(M);
  for (unsigned K = 0; K < Kernels.size(); ++K) {
    GlobalValue *Root = Kernels[K];
    DeviceReachability Reach(ArrayRef<GlobalValue *>(&Root, 1));
    for (const GlobalValue *GV : Reach.symbols()) {
      auto *Var = const_cast<GlobalVariable *>(dyn_cast<GlobalVariable>(GV));
      if (Var && isMergeable(*Var, Used))
        KernelsOf[Var].push_back(K);
    }
  }

  // Variables that the same kernels reach, in the order the kernels first
  // reach them.
  MapVector<SmallVector<unsigned, 4>, SmallVector<GlobalVariable *, 4>> Classes;
  for (auto &[Var, Users] : KernelsOf)
    Classes[Users].push_back(Var);
  bool Changed = false;
  for (auto &[Users, Vars] : Classes)
    if (Vars.size() > 1) {
      mergeInto(M, Vars);
      Changed = true;
    }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hcc
