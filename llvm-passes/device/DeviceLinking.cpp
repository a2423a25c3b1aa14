//===- DeviceLinking.cpp - Device functions across translation units -----===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/DeviceLinking.h"

#include "device/DeviceReachability.h"
#include "device/FunctionAnnotations.h"
#include "diagnostics/UndefinedReferenceDiagnostics.h"
#include "hc/detail/abi_names.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace hcc {

static cl::opt<bool> DeviceLinkingOption(
    "hcc-device-linking", cl::init(true), cl::Hidden,
    cl::desc("hcc: let kernels call [[hc]] functions of other translation "
             "units (NVPTX images, linked when loaded)"));

/// Linkages that another image can resolve a reference against: not local,
/// not a copy that every user has (linkonce, available_externally).
static bool isExportableLinkage(const Function &F) {
  return F.hasExternalLinkage() || F.hasWeakLinkage();
}

DeviceLinkage findDeviceLinkage(Module &M) {
  DeviceLinkage Linkage;
  Linkage.Linked = DeviceLinkingOption && M.getTargetTriple().isNVPTX();
  if (!DeviceLinkingOption)
    Linkage.WhyNotLinked = "with -fno-gpu-rdc, kernels call only the [[hc]] "
                           "functions of their own translation unit";
  else if (!Linkage.Linked)
    Linkage.WhyNotLinked = "kernels for AMD GPUs call only the [[hc]] "
                           "functions of their own translation unit";
  for (Function *F :
       functionsAnnotated(M, hc::abi::device_function_annotation)) {
    if (F->isDeclaration())
      Linkage.Imported.insert(F);
    else if (Linkage.Linked && isExportableLinkage(*F))
      Linkage.Exported.push_back(F);
  }
  return Linkage;
}

/// Whether everything \p Root reaches has a device definition here or is
/// imported. One walk per exported function: a walk from several roots
/// attributes a shared callee to the first only.
static bool isComplete(Function *Root, const DeviceLinkage &Linkage) {
  GlobalValue *Roots[] = {Root};
  DeviceReachability Reached(Roots);
  for (const GlobalValue *GV : Reached.symbols()) {
    const auto *F = dyn_cast<Function>(GV);
    if (!(F && Linkage.Imported.contains(F)) && lacksDeviceDefinition(*GV))
      return false;
  }
  return true;
}

SmallVector<GlobalValue *, 4> completeExports(const DeviceLinkage &Linkage) {
  SmallVector<GlobalValue *, 4> Roots;
  for (Function *F : Linkage.Exported)
    if (isComplete(F, Linkage))
      Roots.push_back(F);
  return Roots;
}

void callLocalCopiesOfExports(ArrayRef<GlobalValue *> Exports) {
  for (GlobalValue *GV : Exports) {
    auto *F = cast<Function>(GV);
    auto IsDirectCall = [F](Use &U) {
      const auto *Call = dyn_cast<CallBase>(U.getUser());
      return Call && Call->isCallee(&U);
    };
    if (llvm::none_of(F->uses(), IsDirectCall))
      continue;
    ValueToValueMapTy Map;
    Function *Local = CloneFunction(F, Map);
    Local->setName(F->getName() + ".local");
    Local->setLinkage(GlobalValue::InternalLinkage);
    Local->setVisibility(GlobalValue::DefaultVisibility);
    Local->setDSOLocal(true);
    Local->setComdat(nullptr);
    F->replaceUsesWithIf(Local, IsDirectCall);
  }
}

} // namespace hcc
