//===- ArrayDataScope.cpp - Device scope for atomics on array data -------===//
//
// Part of hcc. See ArrayDataScope.h for what and why.
//
//===----------------------------------------------------------------------===//

#include "svm/ArrayDataScope.h"

#include "hc/detail/abi_names.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

static cl::opt<bool> ArrayDeviceScope(
    "hcc-array-device-scope", cl::init(true), cl::Hidden,
    cl::desc("hcc: atomics on the elements of hc::array and hc::array_view "
             "are device scope (false: system scope, as on raw pointers)"));

namespace hcc {
namespace {

/// The target's name of the scope of one device; empty when it has none.
StringRef deviceScopeName(const Triple &T) {
  if (T.isNVPTX())
    return "device";
  if (T.isAMDGPU())
    return "agent";
  return "";
}

bool isMarker(const Value *V, const Function *Marker) {
  const auto *Call = dyn_cast<CallInst>(V);
  return Call && Call->getCalledFunction() == Marker;
}

/// Whether every value \p Ptr can be derived from comes out of a marker:
/// the address is inside an array or array_view's data.
bool pointsIntoArrayData(Value *Ptr, const Function *Marker) {
  SmallVector<Value *, 8> Work{Ptr};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (isMarker(V, Marker))
      continue;
    if (auto *GEP = dyn_cast<GEPOperator>(V)) {
      Work.push_back(GEP->getPointerOperand());
      continue;
    }
    if (auto *Cast = dyn_cast<BitCastOperator>(V)) {
      Work.push_back(Cast->getOperand(0));
      continue;
    }
    if (auto *Cast = dyn_cast<AddrSpaceCastOperator>(V)) {
      Work.push_back(Cast->getPointerOperand());
      continue;
    }
    if (auto *Phi = dyn_cast<PHINode>(V)) {
      append_range(Work, Phi->incoming_values());
      continue;
    }
    if (auto *Select = dyn_cast<SelectInst>(V)) {
      Work.push_back(Select->getTrueValue());
      Work.push_back(Select->getFalseValue());
      continue;
    }
    return false; // a pointer of another origin: keep system scope
  }
  return true;
}

/// The address an atomic instruction works on, if \p I is one at system
/// scope (the default Clang gives every atomic of device code).
Value *systemScopeAtomicAddress(Instruction &I) {
  if (auto *L = dyn_cast<LoadInst>(&I);
      L && L->isAtomic() && L->getSyncScopeID() == SyncScope::System)
    return L->getPointerOperand();
  if (auto *S = dyn_cast<StoreInst>(&I);
      S && S->isAtomic() && S->getSyncScopeID() == SyncScope::System)
    return S->getPointerOperand();
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I);
      RMW && RMW->getSyncScopeID() == SyncScope::System)
    return RMW->getPointerOperand();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I);
      CX && CX->getSyncScopeID() == SyncScope::System)
    return CX->getPointerOperand();
  return nullptr;
}

void setScope(Instruction &I, SyncScope::ID Scope) {
  if (auto *L = dyn_cast<LoadInst>(&I))
    L->setSyncScopeID(Scope);
  else if (auto *S = dyn_cast<StoreInst>(&I))
    S->setSyncScopeID(Scope);
  else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    RMW->setSyncScopeID(Scope);
  else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    CX->setSyncScopeID(Scope);
}

} // namespace

PreservedAnalyses ArrayDataMarkerPass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(hc::abi::array_data_marker);
  if (!Marker)
    return PreservedAnalyses::all();
  Marker->removeFnAttr(Attribute::Convergent);
  Marker->setDoesNotAccessMemory();
  Marker->setDoesNotThrow();
  Marker->setWillReturn();
  Marker->setNoSync();
  Marker->setDoesNotFreeMemory();
  Marker->addFnAttr(Attribute::Speculatable);
  for (User *U : Marker->users())
    if (auto *Call = dyn_cast<CallInst>(U))
      Call->removeFnAttr(Attribute::Convergent);
  return PreservedAnalyses::none();
}

PreservedAnalyses ArrayDataScopePass::run(Module &M, ModuleAnalysisManager &) {
  Function *Marker = M.getFunction(hc::abi::array_data_marker);
  if (!Marker)
    return PreservedAnalyses::all();

  StringRef ScopeName = deviceScopeName(M.getTargetTriple());
  if (ArrayDeviceScope && !ScopeName.empty()) {
    SyncScope::ID Device = M.getContext().getOrInsertSyncScopeID(ScopeName);
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      for (Instruction &I : instructions(F))
        if (Value *Address = systemScopeAtomicAddress(I);
            Address && pointsIntoArrayData(Address, Marker))
          setScope(I, Device);
    }
  }

  // The marker has done its job: every use becomes the pointer it was given.
  for (User *U : make_early_inc_range(Marker->users())) {
    auto *Call = dyn_cast<CallInst>(U);
    if (!Call || Call->getCalledFunction() != Marker)
      continue;
    Call->replaceAllUsesWith(Call->getArgOperand(0));
    Call->eraseFromParent();
  }
  if (Marker->use_empty())
    Marker->eraseFromParent();
  return PreservedAnalyses::none();
}

} // namespace hcc
