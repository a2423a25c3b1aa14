//===- UndefinedReferenceDiagnostics.cpp - Kernel calls host code --------===//
//
// Part of hcc.
//
// How the errors are reported: KernelDiagnostic.h.
//
//===----------------------------------------------------------------------===//

#include "diagnostics/UndefinedReferenceDiagnostics.h"

#include "device/DeviceLinking.h"
#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"
#include "diagnostics/DeviceLibraryAllowList.h"
#include "diagnostics/KernelDiagnostic.h"
#include "diagnostics/KernelRestrictions.h"
#include "diagnostics/SymbolNames.h"

#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcc {

bool lacksDeviceDefinition(const GlobalValue &GV) {
  if (isSuppliedByDeviceLibrary(GV))
    return false;
  // `extern __shared__ T x[];` declares the dynamically sized group memory
  // of a launch: the launch, not a definition, provides it.
  if (isa<GlobalVariable>(GV) && GV.getAddressSpace() == GroupAddressSpace)
    return false;
  if (const auto *F = dyn_cast<Function>(&GV))
    // available_externally bodies are kept: pruning makes them local.
    return F->isDeclaration();
  if (const auto *Var = dyn_cast<GlobalVariable>(&GV))
    // A copy of read-only data is as good as the original; a writable
    // variable defined elsewhere lives in host memory. GPUs have no
    // thread-local storage at all (the NVPTX backend cannot even select
    // the address of one).
    return Var->isDeclaration() || Var->isThreadLocal() ||
           (Var->hasAvailableExternallyLinkage() && !Var->isConstant());
  // Aliases and ifuncs are as defined as what they point to, which is
  // reached (and checked) through them.
  return false;
}

/// The function whose code holds the reference: the site's, or for a symbol
/// reached straight from a root, the root itself.
static const Function *siteFunction(const ReachedFrom &How) {
  if (How.Site)
    return How.Site->getFunction();
  return dyn_cast_or_null<Function>(How.Root);
}

/// "calls" for a direct call from the previous link of the chain, "calls
/// virtual function" for a slot a virtual call can reach, "refers to" for an
/// address taken or a reference through data.
static StringRef verbFor(const GlobalValue &Symbol, const ReachedFrom &How,
                         const Function *SiteFunction) {
  if (How.Virtual)
    return "calls virtual function";
  const auto *Call = dyn_cast_or_null<CallBase>(How.Site);
  if (Call && How.Parent == SiteFunction &&
      Call->getCalledOperand()->stripPointerCasts() == &Symbol)
    return "calls";
  return "refers to";
}

static std::string describe(const GlobalValue &Symbol, const ReachedFrom &How,
                            const Function *SiteFunction,
                            const DeviceLinkage &Linkage) {
  std::string Text;
  raw_string_ostream OS(Text);
  const auto *F = dyn_cast<Function>(&Symbol);
  if (F && Linkage.Imported.contains(F))
    OS << verbFor(Symbol, How, SiteFunction) << " '" << displayName(Symbol)
       << "', which is not defined in this translation unit; "
       << Linkage.WhyNotLinked
       << " (define it there, for instance inline in a header)";
  else if (F)
    OS << verbFor(Symbol, How, SiteFunction) << " '" << displayName(Symbol)
       << "', which has no definition for the device";
  else if (cast<GlobalVariable>(Symbol).isThreadLocal())
    OS << "uses thread-local variable '" << displayName(Symbol)
       << "'; GPUs have no thread-local storage";
  else
    OS << "uses global variable '" << displayName(Symbol)
       << "', which is not available on the device";
  return Text;
}

/// An [[hc]] function declared here that the runtime will find in another
/// image.
static bool isLinkedLater(const GlobalValue &GV, const DeviceLinkage &Linkage) {
  const auto *F = dyn_cast<Function>(&GV);
  return Linkage.Linked && F && Linkage.Imported.contains(F);
}

unsigned diagnoseUndefinedReferences(const DeviceReachability &FromKernels,
                                     const ExplainedReferences &Explained,
                                     const DeviceLinkage &Linkage) {
  unsigned Reported = 0;
  for (const GlobalValue *GV : FromKernels.symbols()) {
    const ReachedFrom &How = FromKernels.from(GV);
    if (!How.Parent || Explained.covers(GV, How.Site) ||
        !lacksDeviceDefinition(*GV) || isLinkedLater(*GV, Linkage))
      continue;
    const Function *SiteFunction = siteFunction(How);
    if (!SiteFunction)
      continue;
    reportKernelError(FromKernels, *GV, *SiteFunction, How.Site,
                      describe(*GV, How, SiteFunction, Linkage));
    ++Reported;
  }
  return Reported;
}

} // namespace hcc
