//===- CpuWorkItemLoops.cpp - The CPU loops of non-tiled kernels ----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/CpuWorkItemLoops.h"

#include "cpu/LoopCleanup.h"
#include "cpu/PositionSplitting.h"
#include "cpu/UnreadWorkItem.h"
#include "device/DeviceModule.h"
#include "hc/detail/abi_names.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

using namespace llvm;

namespace hcc {

static constexpr const char *PassName = "hcc-cpu-work-item-loops";

static cl::opt<bool> RollAtomicLoops(
    "hcc-cpu-roll-atomic-loops", cl::init(true), cl::Hidden,
    cl::desc("Keep the work-item loops of CPU kernels that make atomic "
             "read-modify-writes from being unrolled"));

/// An atomic read-modify-write is a full barrier on x86 (a locked
/// instruction): the iterations of a loop that makes one cannot overlap, so
/// unrolling saves only the loop's own few instructions, and when the
/// threads contend for the same cache lines (a histogram's bins) the
/// unrolled loop's denser stream of locked instructions costs more than it
/// saves (256 bins, 2^24 values, two threads: 475 ms unrolled by eight,
/// 430 rolled; one thread 104 and 113 ms). Marks the loops of \p F that
/// make one as not to be unrolled; returns whether there were any.
static bool keepAtomicLoopsRolled(Function &F, FunctionAnalysisManager &FAM) {
  LoopInfo &LI = FAM.getResult<LoopAnalysis>(F);
  bool Marked = false;
  auto MakesAtomicRMW = [](const BasicBlock *BB) {
    return any_of(*BB, [](const Instruction &I) {
      return isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I);
    });
  };
  for (Loop *L : LI.getLoopsInPreorder()) {
    if (!any_of(L->blocks(), MakesAtomicRMW))
      continue;
    addStringMetadataToLoop(L, "llvm.loop.unroll.disable", 1);
    Marked = true;
  }
  return Marked;
}

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
    // The range's context no longer escapes: its bounds and position
    // become registers (cpu_run_work_items leaves the variable as it
    // found it, so no caller sees a difference).
    const bool Unpublished = dropUnreadCurrentWorkItem(F, FAM);
    const bool Split = splitLoopsAtPositionTests(F, FAM);
    if (Unpublished || Split) {
      Changed = true;
      simplifyKernelLoops(F, FAM, /*Loops=*/true);
    }
    if (RollAtomicLoops && keepAtomicLoopsRolled(F, FAM))
      Changed = true;
    if (!Split)
      continue;
    OptimizationRemarkEmitter ORE(&F);
    ORE.emit(OptimizationRemark(PassName, "Pieces", &F)
             << "work-items of " << ore::NV("Kernel", demangle(F.getName()))
             << " run in pieces where its position tests change");
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hcc
