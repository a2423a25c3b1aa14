//===- SpecialGlobals.cpp - llvm.used, llvm.global_ctors & co. -----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/SpecialGlobals.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hcc {

/// Arrays whose entries are host-side bookkeeping; deleted from device
/// modules as a whole.
static constexpr StringLiteral HostOnlyArrays[] = {
    "llvm.global_ctors",
    "llvm.global_dtors",
    "llvm.global.annotations",
};

static constexpr StringLiteral UsedLists[] = {
    "llvm.used",
    "llvm.compiler.used",
};

static bool isOneOf(StringRef Name, ArrayRef<StringLiteral> Names) {
  for (StringRef Candidate : Names)
    if (Candidate == Name)
      return true;
  return false;
}

bool isSpecialGlobal(const GlobalValue &GV) {
  return GV.getName().starts_with("llvm.") && !isa<Function>(GV);
}

SmallVector<GlobalValue *, 8> collectExtraRoots(Module &M) {
  SmallVector<GlobalValue *, 8> Roots;
  SmallVector<GlobalValue *, 8> Used;
  collectUsedGlobalVariables(M, Used, /*CompilerUsed=*/false);
  collectUsedGlobalVariables(M, Used, /*CompilerUsed=*/true);
  for (GlobalValue *GV : Used)
    if (isa<GlobalVariable>(GV))
      Roots.push_back(GV);

  for (GlobalVariable &Var : M.globals()) {
    StringRef Name = Var.getName();
    if (isSpecialGlobal(Var) && !isOneOf(Name, HostOnlyArrays) &&
        !isOneOf(Name, UsedLists))
      Roots.push_back(&Var);
  }
  return Roots;
}

void pruneSpecialGlobals(Module &M,
                         function_ref<bool(const GlobalValue *)> IsLive) {
  for (StringRef Name : HostOnlyArrays)
    if (GlobalVariable *Array = M.getNamedGlobal(Name))
      Array->eraseFromParent();

  removeFromUsedLists(M, [&](Constant *Entry) {
    const auto *GV = dyn_cast<GlobalValue>(Entry->stripPointerCasts());
    return !GV || !IsLive(GV);
  });
}

} // namespace hcc
