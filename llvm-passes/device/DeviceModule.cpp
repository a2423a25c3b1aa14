//===- DeviceModule.cpp - Recognising device modules and kernels ---------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/DeviceModule.h"

#include "device/FunctionAnnotations.h"
#include "hc/detail/abi_names.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CallingConv.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace hcc {

bool isCpuKernelEntry(const Function &F) {
  StringRef Name = F.getName();
  return Name.starts_with("_ZN2hc6detail13cpu_run_range") ||
         Name.starts_with(hc::abi::cpu_run_work_items_prefix) ||
         Name.starts_with("_ZN2hc6detail12cpu_run_item") ||
         Name.starts_with("_ZN2hc6detail18cpu_tile_work_item");
}

SmallVector<GlobalValue *, 8> cpuKernelEntries(Module &M) {
  SmallVector<GlobalValue *, 8> Entries;
  if (isDeviceModule(M))
    return Entries;
  for (Function &F : M)
    if (!F.isDeclaration() && isCpuKernelEntry(F))
      Entries.push_back(&F);
  return Entries;
}

bool isDeviceModule(const Module &M) {
  const Triple &T = M.getTargetTriple();
  return T.isNVPTX() || T.getArch() == Triple::amdgcn;
}

/// LLVM 22 marks kernels with a calling convention, but bitcode written by
/// older front ends (or read back through the auto-upgrader in a different
/// order) may still carry the legacy "nvvm.annotations" {@f, !"kernel", i32 1}
/// entries. Collect those so that such a kernel is not pruned away.
static SmallPtrSet<const Function *, 4>
kernelsFromNVVMAnnotations(const Module &M) {
  SmallPtrSet<const Function *, 4> Result;
  const NamedMDNode *Annotations = M.getNamedMetadata("nvvm.annotations");
  if (!Annotations)
    return Result;
  for (const MDNode *Entry : Annotations->operands()) {
    // Entries are (value, key, value, key, value...) tuples.
    if (Entry->getNumOperands() < 3)
      continue;
    const auto *FnMD = dyn_cast_or_null<ValueAsMetadata>(Entry->getOperand(0));
    if (!FnMD)
      continue;
    const auto *Fn = dyn_cast<Function>(FnMD->getValue()->stripPointerCasts());
    if (!Fn)
      continue;
    for (unsigned I = 1, E = Entry->getNumOperands(); I + 1 < E; I += 2) {
      const auto *Key = dyn_cast_or_null<MDString>(Entry->getOperand(I));
      if (!Key || Key->getString() != "kernel")
        continue;
      const auto *Val =
          dyn_cast_or_null<ConstantAsMetadata>(Entry->getOperand(I + 1));
      if (Val && !Val->getValue()->isNullValue())
        Result.insert(Fn);
    }
  }
  return Result;
}

static bool hasKernelCallingConv(const Function &F) {
  switch (F.getCallingConv()) {
  case CallingConv::PTX_Kernel:
  case CallingConv::AMDGPU_KERNEL:
    return true;
  default:
    return false;
  }
}

SmallVector<Function *, 8> findKernels(Module &M) {
  SmallPtrSet<const Function *, 4> Annotated = kernelsFromNVVMAnnotations(M);
  SmallVector<Function *, 8> Kernels;
  for (Function &F : M)
    if (!F.isDeclaration() &&
        (hasKernelCallingConv(F) || Annotated.contains(&F)))
      Kernels.push_back(&F);
  return Kernels;
}

bool isOffsets32Entry(const Function &F) {
  return F.hasFnAttribute(hc::abi::offsets_32_entry_annotation);
}

bool isWholeTilesEntry(const Function &F) {
  return F.hasFnAttribute(hc::abi::whole_tiles_entry_annotation);
}

SmallVector<Function *, 8> findDiagnosedKernels(Module &M) {
  for (Function *Twin :
       functionsAnnotated(M, hc::abi::offsets_32_entry_annotation))
    Twin->addFnAttr(hc::abi::offsets_32_entry_annotation);
  for (Function *Whole :
       functionsAnnotated(M, hc::abi::whole_tiles_entry_annotation))
    Whole->addFnAttr(hc::abi::whole_tiles_entry_annotation);
  SmallVector<Function *, 8> Kernels = findKernels(M);
  llvm::erase_if(Kernels, [](Function *F) { return isOffsets32Entry(*F); });
  return Kernels;
}

} // namespace hcc
