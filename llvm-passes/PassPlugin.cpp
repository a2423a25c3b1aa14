//===- PassPlugin.cpp - Entry point of libhcc-llvm-passes.so -------------===//
//
// Part of hcc. Loaded by clang with -fpass-plugin= in both passes of every
// hcc compilation, and by opt with -load-pass-plugin= for tests.
//
// The pass is added at the pipeline-start extension point: in LLVM 22 that
// point is invoked by the -O0 pipeline as well as by -O1/-O2/-O3/-Os/-Oz
// and by the (Thin)LTO pre-link pipelines, and it comes before any inlining
// or interprocedural optimisation, so calls are still where the user wrote
// them when diagnostics are emitted.
//
//===----------------------------------------------------------------------===//

#include "AMDGPUImplicitArgs.h"
#include "CpuKernelDivision.h"
#include "CpuKernelYieldPoints.h"
#include "DeviceHeapCalls.h"
#include "DevicePrintf.h"
#include "HostGlobals.h"
#include "DevicePrunePass.h"
#include "PlatformAtomics.h"

#include "llvm/Passes/PassBuilder.h"
#include "llvm/Plugins/PassPlugin.h"

using namespace llvm;

/// Adds a PassT to \p MPM when \p Name is its name(): opt's -passes= syntax.
template <class PassT>
static bool addIfNamed(StringRef Name, ModulePassManager &MPM) {
  if (Name != PassT::name())
    return false;
  MPM.addPass(PassT());
  return true;
}

static void registerCallbacks(PassBuilder &PB) {
  PB.registerPipelineStartEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel) {
        MPM.addPass(hcc::DevicePrintfPass()); // before pruning: see its header
        MPM.addPass(hcc::HostGlobalSlotsPass()); // before pruning
        MPM.addPass(hcc::HostGlobalTablePass()); // host modules only
        MPM.addPass(hcc::CpuKernelDivisionPass()); // host modules only
        MPM.addPass(hcc::CpuKernelYieldPointsPass()); // host modules only
        MPM.addPass(hcc::DeviceHeapCallsPass()); // before pruning, and
        MPM.addPass(hcc::PlatformAtomicsCheckPass()); // before pruning too
        MPM.addPass(hcc::DevicePrunePass());
        MPM.addPass(hcc::DevicePrintfUnusedPass()); // after pruning
        MPM.addPass(hcc::DeviceHeapUnusedPass()); // after: see its header
      });
  // After every IR optimisation, before the backend: PlatformAtomics.h,
  // AMDGPUImplicitArgs.h (on every function that survived).
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
        MPM.addPass(hcc::PlatformAtomicsLoweringPass());
        MPM.addPass(hcc::AMDGPUImplicitArgsPass());
      });
  // opt -passes=<name>: each pass under its name() (hcc-device-prune, ...).
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
        return addIfNamed<hcc::DevicePrintfPass>(Name, MPM) ||
               addIfNamed<hcc::HostGlobalSlotsPass>(Name, MPM) ||
               addIfNamed<hcc::HostGlobalTablePass>(Name, MPM) ||
               addIfNamed<hcc::CpuKernelDivisionPass>(Name, MPM) ||
               addIfNamed<hcc::CpuKernelYieldPointsPass>(Name, MPM) ||
               addIfNamed<hcc::DeviceHeapCallsPass>(Name, MPM) ||
               addIfNamed<hcc::PlatformAtomicsCheckPass>(Name, MPM) ||
               addIfNamed<hcc::DevicePrunePass>(Name, MPM) ||
               addIfNamed<hcc::DevicePrintfUnusedPass>(Name, MPM) ||
               addIfNamed<hcc::DeviceHeapUnusedPass>(Name, MPM) ||
               addIfNamed<hcc::PlatformAtomicsLoweringPass>(Name, MPM) ||
               addIfNamed<hcc::AMDGPUImplicitArgsPass>(Name, MPM);
      });
}

// Exported despite -fvisibility=hidden: the loader looks it up by name.
extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT
    PassPluginLibraryInfo
    llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "hcc-llvm-passes", "1",
          registerCallbacks};
}
