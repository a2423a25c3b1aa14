//===- ArrayDataScope.cpp - Device scope for atomics on array data -------===//
//
// Part of hcc. See ArrayDataScope.h for what and why.
//
//===----------------------------------------------------------------------===//

#include "svm/ArrayDataScope.h"

#include "hc/detail/abi_names.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"

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

/// The markers of a module (either may be absent).
struct Markers {
  Function *Data = nullptr;       // __hcc_array_data
  Function *GlobalData = nullptr; // __hcc_global_array_data

  explicit Markers(Module &M)
      : Data(M.getFunction(hc::abi::array_data_marker)),
        GlobalData(M.getFunction(hc::abi::global_array_data_marker)) {}
  bool any() const { return Data || GlobalData; }
  bool isCall(const Value *V) const {
    const auto *Call = dyn_cast<CallInst>(V);
    return Call && Call->getCalledFunction() &&
           (Call->getCalledFunction() == Data ||
            Call->getCalledFunction() == GlobalData);
  }
};

/// Whether every value \p Ptr can be derived from comes out of a marker:
/// the address is inside an array or array_view's data.
bool pointsIntoArrayData(Value *Ptr, const Markers &Marker) {
  SmallVector<Value *, 8> Work{Ptr};
  SmallPtrSet<Value *, 16> Seen;
  while (!Work.empty()) {
    Value *V = Work.pop_back_val();
    if (!Seen.insert(V).second)
      continue;
    if (Marker.isCall(V))
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
/// scope (the default Clang gives every atomic of device code); null for
/// anything else, fences included.
Value *systemScopeAtomicAddress(Instruction &I) {
  if (getAtomicSyncScopeID(&I) != SyncScope::System)
    return nullptr;
  if (Value *Address = getLoadStorePointerOperand(&I))
    return Address;
  if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return RMW->getPointerOperand();
  if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return CX->getPointerOperand();
  return nullptr;
}

/// Where the data is in global memory (the target's address space 1 on
/// NVPTX and AMDGPU), the pointer becomes a global one converted back to a
/// generic one: address-space inference then gives its loads, stores and
/// atomics the global forms.
Value *replacementFor(CallInst &Call, bool Global) {
  Value *Data = Call.getArgOperand(0);
  // An hc::array object does not change while a kernel runs (its members
  // are set on the host; kernels reach it by reference or as a copy in the
  // argument block): the load of its data pointer may move across the
  // kernel's stores, atomics and barriers, out of loops.
  if (auto *Load = dyn_cast<LoadInst>(Data); Global && Load)
    Load->setMetadata(LLVMContext::MD_invariant_load,
                      MDNode::get(Call.getContext(), {}));
  const Triple &T = Call.getModule()->getTargetTriple();
  if (!Global || !(T.isNVPTX() || T.isAMDGPU()))
    return Data;
  IRBuilder<> B(&Call);
  Type *Generic = Data->getType();
  Value *InGlobal = B.CreateAddrSpaceCast(
      Data, PointerType::get(Call.getContext(), /*global*/ 1));
  return B.CreateAddrSpaceCast(InGlobal, Generic);
}

} // namespace

PreservedAnalyses ArrayDataMarkerPass::run(Module &M, ModuleAnalysisManager &) {
  Markers Found(M);
  if (!Found.any())
    return PreservedAnalyses::all();
  for (Function *Marker : {Found.Data, Found.GlobalData}) {
    if (!Marker)
      continue;
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
  }
  return PreservedAnalyses::none();
}

PreservedAnalyses ArrayDataScopePass::run(Module &M,
                                          ModuleAnalysisManager &MAM) {
  Markers Found(M);
  if (!Found.any())
    return PreservedAnalyses::all();

  StringRef ScopeName = deviceScopeName(M.getTargetTriple());
  if (ArrayDeviceScope && !ScopeName.empty()) {
    SyncScope::ID Device = M.getContext().getOrInsertSyncScopeID(ScopeName);
    for (Function &F : M) {
      if (F.isDeclaration())
        continue;
      for (Instruction &I : instructions(F))
        if (Value *Address = systemScopeAtomicAddress(I);
            Address && pointsIntoArrayData(Address, Found))
          setAtomicSyncScopeID(&I, Device);
    }
  }

  // The markers have done their job: every use becomes the pointer given.
  SmallPtrSet<Function *, 8> WithGlobalData;
  for (Function *Marker : {Found.Data, Found.GlobalData}) {
    if (!Marker)
      continue;
    for (User *U : make_early_inc_range(Marker->users())) {
      auto *Call = dyn_cast<CallInst>(U);
      if (!Call || Call->getCalledFunction() != Marker)
        continue;
      Value *Replacement = replacementFor(*Call, Marker == Found.GlobalData);
      if (Replacement != Call->getArgOperand(0))
        WithGlobalData.insert(Call->getFunction());
      Call->replaceAllUsesWith(Replacement);
      Call->eraseFromParent();
    }
    if (Marker->use_empty())
      Marker->eraseFromParent();
  }
  // Now, before instruction combining folds the pair of casts back into the
  // generic pointer: the accesses through it take the global pointer.
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  for (Function *F : WithGlobalData)
    FAM.invalidate(*F, InferAddressSpacesPass(/*generic*/ 0).run(*F, FAM));
  return PreservedAnalyses::none();
}

} // namespace hcc
