//===- GroupMemoryLimit.cpp - tile_static beyond what a GPU has -----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "diagnostics/GroupMemoryLimit.h"

#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"
#include "diagnostics/KernelDiagnostic.h"
#include "diagnostics/SymbolNames.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace hcc {

namespace {

/// What a PTX entry may declare statically (ptxas's limit, every
/// architecture; CUDA's opt-in for more applies to dynamic memory only).
constexpr uint64_t StaticGroupLimit = 48 * 1024;

} // namespace

unsigned diagnoseGroupMemoryLimit(Module &M, ArrayRef<Function *> Kernels) {
  if (!M.getTargetTriple().isNVPTX())
    return 0;
  const DataLayout &DL = M.getDataLayout();
  unsigned Errors = 0;
  for (Function *Kernel : Kernels) {
    GlobalValue *Root = Kernel;
    DeviceReachability R(ArrayRef<GlobalValue *>(&Root, 1));
    uint64_t Total = 0, LargestBytes = 0;
    const GlobalVariable *Largest = nullptr;
    for (const GlobalValue *GV : R.symbols()) {
      const auto *Var = dyn_cast<GlobalVariable>(GV);
      if (!Var || Var->getAddressSpace() != GroupAddressSpace)
        continue;
      // Each variable starts at its alignment.
      uint64_t Bytes = DL.getTypeAllocSize(Var->getValueType());
      Total = alignTo(Total, Var->getAlign().valueOrOne()) + Bytes;
      if (Bytes > LargestBytes) {
        LargestBytes = Bytes;
        Largest = Var;
      }
    }
    if (Total <= StaticGroupLimit)
      continue;
    std::string What;
    raw_string_ostream OS(What);
    OS << "uses " << Total << " bytes of tile_static memory, more than the "
       << StaticGroupLimit
       << " bytes a tile of an NVIDIA GPU may declare statically ('"
       << displayName(*Largest) << "' alone has " << LargestBytes
       << "); larger group memory is dynamic "
          "(tiled_extent::set_dynamic_group_segment_size)";
    const ReachedFrom &How = R.from(Largest);
    const Instruction *Site = How.Site;
    const Function *SiteFunction =
        Site ? Site->getFunction() : dyn_cast<Function>(How.Parent);
    if (!SiteFunction)
      SiteFunction = Kernel;
    reportKernelError(R, *Largest, *SiteFunction, Site, What);
    ++Errors;
  }
  return Errors;
}

} // namespace hcc
