//===- PassPlugin.cpp - Entry point of libhcc-llvm-passes.so -------------===//
//
// Part of hcc. Loaded by clang with -fpass-plugin= in both passes of every
// hcc compilation, and by opt with -load-pass-plugin= for tests.
//
// The passes, and the extension point each is added at, are listed once, in
// Passes.def; the sources are grouped by concern in the folders beside this
// file (docs/compiler-plugins.md has the map).
//
//===----------------------------------------------------------------------===//

#include "amdgpu/AMDGPUImplicitArgs.h"
#include "cpu/CpuKernelCode.h"
#include "cpu/CpuKernelDivision.h"
#include "cpu/CpuKernelYieldPoints.h"
#include "cpu/CpuTileLoops.h"
#include "cpu/CpuWorkItemLoops.h"
#include "device/DevicePrunePass.h"
#include "heap/DeviceHeapCalls.h"
#include "optimize/ExtendedIndexOffsets.h"
#include "optimize/KernelArrayObjects.h"
#include "optimize/KernelOffsetWidth.h"
#include "optimize/TileStaticLayout.h"
#include "printf/DevicePrintf.h"
#include "svm/ArrayDataScope.h"
#include "svm/HostGlobals.h"
#include "svm/PlatformAtomics.h"

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
#define HCC_PIPELINE_START_PASS(CLASS) MPM.addPass(hcc::CLASS());
#include "Passes.def"
      });
  PB.registerOptimizerEarlyEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
#define HCC_OPTIMIZER_EARLY_PASS(CLASS) MPM.addPass(hcc::CLASS());
#include "Passes.def"
      });
  PB.registerOptimizerLastEPCallback(
      [](ModulePassManager &MPM, OptimizationLevel, ThinOrFullLTOPhase) {
#define HCC_OPTIMIZER_LAST_PASS(CLASS) MPM.addPass(hcc::CLASS());
#include "Passes.def"
      });
  // opt -passes=<name>: each pass under its name() (hcc-device-prune, ...).
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM,
         ArrayRef<PassBuilder::PipelineElement>) {
#define HCC_MODULE_PASS(CLASS)                                                 \
  if (addIfNamed<hcc::CLASS>(Name, MPM))                                       \
    return true;
#include "Passes.def"
        return false;
      });
}

// Exported despite -fvisibility=hidden: the loader looks it up by name.
extern "C" LLVM_ATTRIBUTE_WEAK LLVM_ATTRIBUTE_VISIBILITY_DEFAULT
    PassPluginLibraryInfo
    llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "hcc-llvm-passes", "1",
          registerCallbacks};
}
