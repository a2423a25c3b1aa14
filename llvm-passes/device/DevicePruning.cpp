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

#include "device/DevicePruning.h"

#include "device/DeviceReachability.h"
#include "device/SpecialGlobals.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
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

/// Makes \p F, whose body is gone, an internal function of the same type
/// that traps: a slot of a live vtable that no kernel's virtual call can
/// select. Keeping F's own name and type (rather than one shared trap, as
/// __cxa_pure_virtual) keeps the indirect call's prototype right for PTX and
/// names the virtual function in a debugger's backtrace.
static void giveTrappingBody(Function &F) {
  F.setComdat(nullptr);
  F.setLinkage(GlobalValue::InternalLinkage);
  F.setVisibility(GlobalValue::DefaultVisibility);
  F.setDSOLocal(true);
  // What the old body promised (readnone, willreturn...) no longer holds.
  F.setMemoryEffects(MemoryEffects::unknown());
  F.removeFnAttr(Attribute::WillReturn);
  F.removeFnAttr(Attribute::Speculatable);
  F.removeFnAttr(Attribute::AlwaysInline);
  F.setDoesNotReturn();
  F.addFnAttr(Attribute::Cold);
  IRBuilder<> Builder(BasicBlock::Create(F.getContext(), "entry", &F));
  Builder.CreateIntrinsic(Intrinsic::trap, {});
  Builder.CreateUnreachable();
}

/// Whether a dead symbol that live data still refers to can be kept as a
/// trapping function: a function, or an alias of one.
static bool canTrap(const GlobalValue &GV) {
  if (const auto *F = dyn_cast<Function>(&GV))
    return !F->isIntrinsic();
  const auto *Alias = dyn_cast<GlobalAlias>(&GV);
  return Alias && isa<FunctionType>(Alias->getValueType());
}

static void makeTrap(GlobalValue &GV) {
  if (auto *F = dyn_cast<Function>(&GV)) {
    giveTrappingBody(*F);
    return;
  }
  auto *Alias = cast<GlobalAlias>(&GV);
  Function *Trap = Function::Create(cast<FunctionType>(Alias->getValueType()),
                                    GlobalValue::InternalLinkage,
                                    Alias->getAddressSpace(), "",
                                    Alias->getParent());
  Trap->takeName(Alias);
  giveTrappingBody(*Trap);
  Alias->replaceAllUsesWith(Trap);
  Alias->eraseFromParent();
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
  SmallVector<GlobalValue *, 8> Trapping;
  for (GlobalValue *GV : Dead) {
    GV->removeDeadConstantUsers();
    // Live code never refers to a dead symbol (that would have made it
    // live). Live vtables do: their slots that no kernel's virtual call can
    // select. Those targets may have no device body at all (a [[cpu]]
    // override, one that prints with std::cout), so they get one that traps.
    if (!GV->use_empty() && canTrap(*GV)) {
      Trapping.push_back(GV);
      continue;
    }
    if (!GV->use_empty())
      GV->replaceAllUsesWith(Constant::getNullValue(GV->getType()));
    GV->eraseFromParent();
  }
  // Last: llvm.trap's declaration may itself have been among the dead.
  for (GlobalValue *GV : Trapping)
    makeTrap(*GV);
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
