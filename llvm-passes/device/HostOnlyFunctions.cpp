//===- HostOnlyFunctions.cpp - Bodies of [[cpu]] functions ---------------===//
//
// Part of hcc.
//
// Clang lowers __attribute__((annotate("..."))) on a function definition to
// an entry { ptr @fn, ptr @.str, ptr @file, i32 line, ptr args } of the
// llvm.global.annotations array.
//
//===----------------------------------------------------------------------===//

#include "device/HostOnlyFunctions.h"

#include "hc/detail/abi_names.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

static bool isHostOnlyAnnotation(const Constant *Text) {
  const auto *Var = dyn_cast<GlobalVariable>(Text->stripPointerCasts());
  if (!Var || !Var->hasInitializer())
    return false;
  const auto *Data = dyn_cast<ConstantDataSequential>(Var->getInitializer());
  return Data && Data->isCString() &&
         Data->getAsCString() == hc::abi::host_only_annotation;
}

static SmallVector<Function *, 4> findHostOnlyFunctions(Module &M) {
  SmallVector<Function *, 4> Result;
  GlobalVariable *Annotations = M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return Result;
  const auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return Result;
  for (const Use &U : Entries->operands()) {
    const auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2 ||
        !isHostOnlyAnnotation(Entry->getOperand(1)))
      continue;
    if (auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts()))
      Result.push_back(F);
  }
  return Result;
}

void dropHostOnlyBodies(Module &M) {
  for (Function *F : findHostOnlyFunctions(M)) {
    if (F->isDeclaration())
      continue;
    F->deleteBody();
    // A declaration may not be in a comdat.
    F->setComdat(nullptr);
  }
}

} // namespace hcc
