//===- KernelDiagnostic.cpp - Errors about what a kernel reaches ---------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "diagnostics/KernelDiagnostic.h"

#include "device/DeviceReachability.h"
#include "diagnostics/SymbolNames.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcc {

static std::string rootName(const GlobalValue &Root) {
  if (const auto *Kernel = dyn_cast<Function>(&Root))
    return kernelDisplayName(*Kernel);
  return displayName(Root);
}

static DiagnosticLocation locationOf(const Function &SiteFunction,
                                     const Instruction *Site) {
  if (Site && Site->getDebugLoc())
    return DiagnosticLocation(Site->getDebugLoc());
  if (SiteFunction.getSubprogram())
    return DiagnosticLocation(SiteFunction.getSubprogram());
  return DiagnosticLocation();
}

void reportKernelError(const DeviceReachability &R, const GlobalValue &ChainEnd,
                       const Function &SiteFunction, const Instruction *Site,
                       StringRef What) {
  reportKernelError(R, ChainEnd, SiteFunction, locationOf(SiteFunction, Site),
                    What);
}

void reportKernelError(const DeviceReachability &R, const GlobalValue &ChainEnd,
                       const Function &SiteFunction,
                       const DiagnosticLocation &Where, StringRef What) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "kernel '" << rootName(*R.from(&ChainEnd).Root) << "' " << What
     << "; call chain: ";
  std::string Previous;
  for (const GlobalValue *Link : R.chainTo(&ChainEnd)) {
    bool IsRoot = Previous.empty();
    std::string Name = IsRoot ? rootName(*Link) : displayName(*Link);
    // Complete and base-object constructors (C1/C2) demangle alike and
    // call each other; show such a pair once.
    if (Name == Previous)
      continue;
    if (!IsRoot)
      OS << " -> ";
    OS << Name;
    Previous = std::move(Name);
  }
  SiteFunction.getContext().diagnose(DiagnosticInfoUnsupported(
      SiteFunction, Text, Where, DS_Error));
}

} // namespace hcc
