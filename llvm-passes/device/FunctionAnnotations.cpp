//===- FunctionAnnotations.cpp - Functions the Clang plugin marked -------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/FunctionAnnotations.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

void forEachFunctionAnnotation(
    const Module &M, function_ref<void(Function &, StringRef)> Visit) {
  const GlobalVariable *Annotations =
      M.getNamedGlobal("llvm.global.annotations");
  if (!Annotations || !Annotations->hasInitializer())
    return;
  const auto *Entries = dyn_cast<ConstantArray>(Annotations->getInitializer());
  if (!Entries)
    return;
  for (const Use &U : Entries->operands()) {
    const auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    auto *F = dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    const auto *Text =
        dyn_cast<GlobalVariable>(Entry->getOperand(1)->stripPointerCasts());
    if (!F || !Text || !Text->hasInitializer())
      continue;
    const auto *Data = dyn_cast<ConstantDataSequential>(Text->getInitializer());
    if (Data && Data->isCString())
      Visit(*F, Data->getAsCString());
  }
}

SmallVector<Function *, 4> functionsAnnotated(Module &M, StringRef Annotation) {
  SmallVector<Function *, 4> Result;
  forEachFunctionAnnotation(M, [&](Function &F, StringRef Text) {
    if (Text == Annotation)
      Result.push_back(&F);
  });
  return Result;
}

} // namespace hcc
