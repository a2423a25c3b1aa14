//===- VTableTypeMetadata.cpp - Drop whole-program vtable info -----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/VTableTypeMetadata.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hcc {

static void dropTypeTests(Module &M, Intrinsic::ID ID) {
  Function *TypeTest = Intrinsic::getDeclarationIfExists(&M, ID);
  if (!TypeTest)
    return;
  SmallVector<CallInst *, 16> Tests;
  for (User *U : TypeTest->users())
    if (auto *Call = dyn_cast<CallInst>(U))
      Tests.push_back(Call);
  for (CallInst *Test : Tests) {
    SmallVector<Instruction *, 2> Assumes;
    for (User *U : Test->users())
      if (auto *Assume = dyn_cast<AssumeInst>(U))
        Assumes.push_back(Assume);
    for (Instruction *Assume : Assumes)
      Assume->eraseFromParent();
    Test->replaceAllUsesWith(ConstantInt::getTrue(M.getContext()));
    Test->eraseFromParent();
  }
  if (TypeTest->use_empty())
    TypeTest->eraseFromParent();
}

void releaseVTablesFromUsedLists(Module &M) {
  removeFromUsedLists(M, [](Constant *C) {
    const auto *Var = dyn_cast<GlobalVariable>(C->stripPointerCasts());
    return Var && Var->hasMetadata(LLVMContext::MD_type);
  });
}

void dropVTableTypeMetadata(Module &M) {
  dropTypeTests(M, Intrinsic::type_test);
  dropTypeTests(M, Intrinsic::public_type_test);
  for (GlobalObject &GO : M.global_objects()) {
    GO.eraseMetadata(LLVMContext::MD_type);
    GO.eraseMetadata(LLVMContext::MD_vcall_visibility);
  }
}

} // namespace hcc
