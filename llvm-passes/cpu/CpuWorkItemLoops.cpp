//===- CpuWorkItemLoops.cpp - The CPU loops of non-tiled kernels ----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/CpuWorkItemLoops.h"

#include "cpu/LoopCleanup.h"
#include "cpu/PositionSplitting.h"
#include "device/DeviceModule.h"
#include "hc/detail/abi_names.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

static constexpr const char *PassName = "hcc-cpu-work-item-loops";

PreservedAnalyses CpuWorkItemLoopsPass::run(Module &M,
                                            ModuleAnalysisManager &MAM) {
  if (isDeviceModule(M))
    return PreservedAnalyses::all();
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  bool Changed = false;
  for (Function &F : M) {
    if (F.isDeclaration() || F.hasOptNone() ||
        !F.getName().starts_with(hc::abi::cpu_run_work_items_prefix))
      continue;
    if (!splitLoopsAtPositionTests(F, FAM))
      continue;
    Changed = true;
    simplifyKernelLoops(F, FAM, /*Loops=*/true);
    OptimizationRemarkEmitter ORE(&F);
    ORE.emit(OptimizationRemark(PassName, "Pieces", &F)
             << "work-items of " << ore::NV("Kernel", demangle(F.getName()))
             << " run in pieces where its position tests change");
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hcc
