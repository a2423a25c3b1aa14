//===- DevicePruning.cpp - Keep only what the kernels need ---------------===//
//
// Part of hcc.
//
// This is internalize + globaldce with our own notion of liveness. The stock
// passes are not used because GlobalDCE keeps whole comdat groups and every
// llvm.used member alive, and Clang in CUDA mode puts host functions into
// both.
//
//===----------------------------------------------------------------------===//

#include "DevicePruning.h"

#include "DeviceReachability.h"
#include "SpecialGlobals.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

static SmallVector<GlobalValue *, 64>
collectDead(Module &M, const DeviceReachability &Live) {
  SmallVector<GlobalValue *, 64> Dead;
  for (GlobalValue &GV : M.global_values())
    if (!Live.contains(&GV) && !isSpecialGlobal(GV))
      Dead.push_back(&GV);
  return Dead;
}

static void deleteGlobals(ArrayRef<GlobalValue *> Dead) {
  // Dead symbols may refer to each other (main calls helper, a vtable lists
  // its methods): cut every reference first, then erase.
  for (GlobalValue *GV : Dead) {
    if (auto *F = dyn_cast<Function>(GV))
      F->deleteBody();
    else if (auto *Var = dyn_cast<GlobalVariable>(GV))
      Var->setInitializer(nullptr);
    else if (auto *Alias = dyn_cast<GlobalAlias>(GV))
      Alias->setAliasee(nullptr);
    else if (auto *IFunc = dyn_cast<GlobalIFunc>(GV))
      IFunc->setResolver(nullptr);
  }
  for (GlobalValue *GV : Dead) {
    GV->removeDeadConstantUsers();
    // Live code never refers to a dead symbol (that would have made it
    // live). Live vtables do: slots no kernel's virtual call can select
    // become null, as Clang writes slots it cannot fill.
    if (!GV->use_empty())
      GV->replaceAllUsesWith(Constant::getNullValue(GV->getType()));
    GV->eraseFromParent();
  }
}

static void internalize(GlobalValue &GV) {
  if (GV.isDeclaration() || GV.hasLocalLinkage())
    return;
  // Local symbols may not live in a comdat of their own name on every
  // object format, and device code has no use for comdats anyway.
  if (auto *GO = dyn_cast<GlobalObject>(&GV))
    GO->setComdat(nullptr);
  GV.setLinkage(GlobalValue::InternalLinkage);
  GV.setVisibility(GlobalValue::DefaultVisibility);
  GV.setDSOLocal(true);
}

void pruneDeviceModule(Module &M, const DeviceReachability &Live,
                       ArrayRef<GlobalValue *> Exported) {
  pruneSpecialGlobals(M, [&](const GlobalValue *GV) {
    return Live.contains(GV);
  });

  deleteGlobals(collectDead(M, Live));

  SmallPtrSet<const GlobalValue *, 16> Keep(Exported.begin(), Exported.end());
  for (GlobalValue &GV : M.global_values())
    if (!Keep.contains(&GV) && !isSpecialGlobal(GV))
      internalize(GV);
}

} // namespace hcc
