//===- HostGlobals.cpp - Kernels use the host's global variables ---------===//
//
// Part of hcc. See HostGlobals.h.
//
//===----------------------------------------------------------------------===//

#include "svm/HostGlobals.h"

#include "device/DeviceLinking.h"
#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"
#include "device/FunctionAnnotations.h"
#include "diagnostics/DeviceLibraryAllowList.h"
#include "hc/detail/abi_names.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hcc {

static constexpr const char *SlotsName = hc::abi::host_global_slots;
static constexpr const char *NamesName = hc::abi::host_global_names;

/// A variable the device module only declares lives in host memory: the
/// device has no definition of it (device variables and copies of constant
/// data are definitions). Thread-local variables stay errors.
static bool livesInHostMemory(const GlobalVariable &Var) {
  if (!Var.isDeclaration() || Var.isThreadLocal() ||
      Var.getAddressSpace() == GroupAddressSpace || Var.use_empty() ||
      Var.getName().starts_with("llvm.") || isSuppliedByDeviceLibrary(Var))
    return false;
  return true;
}

/// Where the slot's value is needed: before the user, or for a PHI at the
/// end of the incoming block.
static Instruction *insertionPointFor(Use &U) {
  auto *User = cast<Instruction>(U.getUser());
  if (auto *Phi = dyn_cast<PHINode>(User))
    return Phi->getIncomingBlock(U)->getTerminator();
  return User;
}

PreservedAnalyses HostGlobalSlotsPass::run(Module &M,
                                           ModuleAnalysisManager &) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  // Only what kernels use: the rest of the module is host code that the
  // pruning pass deletes, and the host's table lists only what the CPU
  // versions of the kernels reach.
  // Functions other translation units' kernels may call are kernels' code
  // too (device/DeviceLinking.h).
  SmallVector<Function *, 8> Kernels = findKernels(M);
  SmallVector<GlobalValue *, 8> Roots(Kernels.begin(), Kernels.end());
  DeviceLinkage Linkage = findDeviceLinkage(M);
  Roots.append(Linkage.Exported.begin(), Linkage.Exported.end());
  DeviceReachability FromKernels(Roots);
  SmallVector<GlobalVariable *, 8> Hosts;
  for (GlobalVariable &Var : M.globals())
    if (livesInHostMemory(Var) && FromKernels.contains(&Var))
      Hosts.push_back(&Var);
  if (Hosts.empty())
    return PreservedAnalyses::all();

  LLVMContext &Ctx = M.getContext();
  const unsigned GlobalAS = 1;
  PointerType *Generic = PointerType::get(Ctx, 0);
  ArrayType *SlotsType = ArrayType::get(Generic, Hosts.size());
  auto *Slots = new GlobalVariable(
      M, SlotsType, /*isConstant=*/false, GlobalValue::ExternalLinkage,
      ConstantAggregateZero::get(SlotsType), SlotsName, nullptr,
      GlobalValue::NotThreadLocal, GlobalAS);
  // Written by the runtime after loading: never assume the zeros.
  Slots->setExternallyInitialized(true);
  Slots->setAlignment(Align(8));

  std::string Names;
  for (GlobalVariable *Var : Hosts) {
    Names += Var->getName();
    Names += '\0';
  }
  Constant *NamesInit = ConstantDataArray::getString(Ctx, Names, true);
  auto *NamesVar = new GlobalVariable(
      M, NamesInit->getType(), /*isConstant=*/true,
      GlobalValue::ExternalLinkage, NamesInit, NamesName, nullptr,
      GlobalValue::NotThreadLocal, GlobalAS);
  appendToUsed(M, {Slots, NamesVar});

  MDNode *Invariant = MDNode::get(Ctx, {});
  for (auto [Index, Var] : enumerate(Hosts)) {
    // Constant expressions (a GEP to an element) become instructions so
    // that each use can load the slot where it is.
    convertUsersOfConstantsToInstructions({Var});
    SmallVector<Use *, 8> Uses;
    for (Use &U : Var->uses())
      if (isa<Instruction>(U.getUser()))
        Uses.push_back(&U);
    for (Use *U : Uses) {
      IRBuilder<> B(insertionPointFor(*U));
      Value *Slot = B.CreateConstInBoundsGEP2_32(SlotsType, Slots, 0,
                                                 static_cast<unsigned>(Index));
      LoadInst *Address = B.CreateAlignedLoad(Generic, Slot, Align(8),
                                              Var->getName() + ".host");
      // The runtime fills the slots before any kernel runs.
      Address->setMetadata(LLVMContext::MD_invariant_load, Invariant);
      Value *Cast = B.CreatePointerBitCastOrAddrSpaceCast(Address,
                                                          Var->getType());
      U->set(Cast);
    }
    // What is left (an initializer of another variable) is reported by the
    // pruning pass as before.
  }
  return PreservedAnalyses::none();
}

// The symbol the driver asks for; no table without it.
static cl::opt<std::string>
    HostGlobalsTable("hcc-host-globals-table", cl::init(""), cl::Hidden,
                     cl::desc("hcc: symbol of the table of host global "
                              "variables kernels may use"));

/// Global variables reached from the CPU entry points of the kernels, through
/// calls and references, in first-reached order.
static SetVector<GlobalVariable *> globalsReachedFromKernels(Module &M) {
  SetVector<GlobalVariable *> Vars;
  SmallVector<const Function *, 32> Work;
  SmallPtrSet<const Function *, 32> Seen;
  for (Function &F : M)
    if (!F.isDeclaration() && isCpuKernelEntry(F) && Seen.insert(&F).second)
      Work.push_back(&F);
  // And from the [[hc]] functions whose device code this translation unit
  // exports to other images (device/DeviceLinking.h).
  for (Function *F : functionsAnnotated(M, hc::abi::device_function_annotation))
    if (!F->isDeclaration() && !F->hasLocalLinkage() && Seen.insert(F).second)
      Work.push_back(F);
  SmallVector<const Constant *, 16> Constants;
  SmallPtrSet<const Constant *, 32> SeenConstants;
  auto Visit = [&](const Value *V) {
    if (auto *C = dyn_cast<Constant>(V))
      if (SeenConstants.insert(C).second)
        Constants.push_back(C);
  };
  while (!Work.empty() || !Constants.empty()) {
    if (!Constants.empty()) {
      const Constant *C = Constants.pop_back_val();
      if (auto *F = dyn_cast<Function>(C)) {
        if (!F->isDeclaration() && Seen.insert(F).second)
          Work.push_back(F);
        continue;
      }
      if (auto *Var = dyn_cast<GlobalVariable>(C)) {
        if (!Var->isConstant() || Var->isDeclaration())
          Vars.insert(const_cast<GlobalVariable *>(Var));
        continue;
      }
      if (isa<GlobalValue>(C))
        continue;
      for (const Value *Op : C->operands())
        Visit(Op);
      continue;
    }
    const Function *F = Work.pop_back_val();
    for (const BasicBlock &BB : *F)
      for (const Instruction &I : BB)
        for (const Value *Op : I.operands())
          Visit(Op);
  }
  return Vars;
}

PreservedAnalyses HostGlobalTablePass::run(Module &M,
                                           ModuleAnalysisManager &) {
  if (isDeviceModule(M) || HostGlobalsTable.empty())
    return PreservedAnalyses::all();
  LLVMContext &Ctx = M.getContext();
  PointerType *Ptr = PointerType::get(Ctx, 0);
  StructType *EntryType = StructType::get(Ctx, {Ptr, Ptr});
  Type *Count = Type::getInt64Ty(Ctx);

  SmallVector<Constant *, 16> Entries;
  for (GlobalVariable *Var : globalsReachedFromKernels(M)) {
    if (Var->isThreadLocal() || Var->getName().starts_with("llvm.") ||
        Var->hasPrivateLinkage())
      continue;
    Constant *Name = ConstantDataArray::getString(Ctx, Var->getName());
    auto *NameVar = new GlobalVariable(M, Name->getType(), true,
                                       GlobalValue::PrivateLinkage, Name,
                                       hc::abi::host_global_name_value);
    NameVar->setUnnamedAddr(GlobalValue::UnnamedAddr::Global);
    Entries.push_back(ConstantStruct::get(
        EntryType, {NameVar, ConstantExpr::getPointerCast(Var, Ptr)}));
  }
  // No table for a translation unit whose kernels use no globals (or that
  // has no kernels): the stub's weak reference is then null.
  if (Entries.empty())
    return PreservedAnalyses::all();
  ArrayType *EntriesType = ArrayType::get(EntryType, Entries.size());
  auto *EntriesVar = new GlobalVariable(
      M, EntriesType, true, GlobalValue::PrivateLinkage,
      ConstantArray::get(EntriesType, Entries),
      hc::abi::host_global_entries_value);
  StructType *TableType = StructType::get(Ctx, {Count, Ptr});
  auto *Table = new GlobalVariable(
      M, TableType, true, GlobalValue::ExternalLinkage,
      ConstantStruct::get(TableType,
                          {ConstantInt::get(Count, Entries.size()),
                           EntriesVar}),
      HostGlobalsTable);
  Table->setVisibility(GlobalValue::HiddenVisibility);
  appendToUsed(M, {Table});
  return PreservedAnalyses::none();
}

} // namespace hcc
