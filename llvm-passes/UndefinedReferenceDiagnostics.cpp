//===- UndefinedReferenceDiagnostics.cpp - Kernel calls host code --------===//
//
// Part of hcc.
//
// The errors are DiagnosticInfoUnsupported: Clang's BackendConsumer maps its
// debug location back to a SourceLocation, so the error is printed as
// "file.cpp:LINE:COL: error: ..." with the source line and include stack,
// exactly like a front-end error, and makes clang exit non-zero. Diagnostics
// of plugin-allocated kinds would be printed without any location.
//
//===----------------------------------------------------------------------===//

#include "UndefinedReferenceDiagnostics.h"

#include "DeviceLibraryAllowList.h"
#include "DeviceReachability.h"
#include "SymbolNames.h"

#include "llvm/ADT/Twine.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcc {

/// Address space 3 is group memory on both NVPTX (.shared) and AMDGPU (LDS).
static constexpr unsigned GroupAddressSpace = 3;

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

namespace {

/// Everything needed to phrase and place one error.
struct Offence {
  const GlobalValue *Symbol;
  const ReachedFrom *How;
  const Function *SiteFunction;
};

} // namespace

/// The function whose code holds the reference: the site's, or for a symbol
/// reached straight from a root, the root itself.
static const Function *siteFunction(const ReachedFrom &How) {
  if (How.Site)
    return How.Site->getFunction();
  return dyn_cast_or_null<Function>(How.Root);
}

static DiagnosticLocation locationOf(const Offence &O) {
  if (O.How->Site && O.How->Site->getDebugLoc())
    return DiagnosticLocation(O.How->Site->getDebugLoc());
  if (O.SiteFunction && O.SiteFunction->getSubprogram())
    return DiagnosticLocation(O.SiteFunction->getSubprogram());
  return DiagnosticLocation();
}

/// "calls" for a direct call from the previous link of the chain, "refers
/// to" for an address taken or a reference through data.
static StringRef verbFor(const Offence &O) {
  const auto *Call = dyn_cast_or_null<CallBase>(O.How->Site);
  if (Call && O.How->Parent == O.SiteFunction &&
      Call->getCalledOperand()->stripPointerCasts() == O.Symbol)
    return "calls";
  return "refers to";
}

static std::string describe(const Offence &O, const DeviceReachability &R) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "kernel '";
  if (const auto *Kernel = dyn_cast<Function>(O.How->Root))
    OS << kernelDisplayName(*Kernel);
  else
    OS << displayName(*O.How->Root);
  OS << "' ";
  if (isa<Function>(O.Symbol))
    OS << verbFor(O) << " '" << displayName(*O.Symbol)
       << "', which has no definition for the device";
  else if (cast<GlobalVariable>(O.Symbol)->isThreadLocal())
    OS << "uses thread-local variable '" << displayName(*O.Symbol)
       << "'; GPUs have no thread-local storage";
  else
    OS << "uses global variable '" << displayName(*O.Symbol)
       << "', which is not available on the device";

  OS << "; call chain: ";
  std::string Previous;
  for (const GlobalValue *Link : R.chainTo(O.Symbol)) {
    bool IsRoot = Previous.empty();
    std::string Name = IsRoot && isa<Function>(Link)
                           ? kernelDisplayName(*cast<Function>(Link))
                           : displayName(*Link);
    // Complete and base-object constructors (C1/C2) demangle alike and
    // call each other; show such a pair once.
    if (Name == Previous)
      continue;
    if (!IsRoot)
      OS << " -> ";
    OS << Name;
    Previous = std::move(Name);
  }
  return Text;
}

unsigned diagnoseUndefinedReferences(LLVMContext &Ctx,
                                     const DeviceReachability &FromKernels) {
  unsigned Reported = 0;
  for (const GlobalValue *GV : FromKernels.symbols()) {
    const ReachedFrom &How = FromKernels.from(GV);
    if (!How.Parent || !lacksDeviceDefinition(*GV))
      continue;
    Offence O{GV, &How, siteFunction(How)};
    if (!O.SiteFunction)
      continue;
    std::string Message = describe(O, FromKernels);
    Ctx.diagnose(DiagnosticInfoUnsupported(*O.SiteFunction, Message,
                                           locationOf(O), DS_Error));
    ++Reported;
  }
  return Reported;
}

} // namespace hcc
