//===- LoopCleanup.cpp - Simplifications after loop surgery ---------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/LoopCleanup.h"

#include "llvm/Transforms/InstCombine/InstCombine.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/GVN.h"
#include "llvm/Transforms/Scalar/LICM.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/SimpleLoopUnswitch.h"
#include "llvm/Transforms/Scalar/SimplifyCFG.h"

using namespace llvm;

namespace hcc {

void simplifyKernelLoops(Function &F, FunctionAnalysisManager &FAM,
                         bool Loops) {
  FunctionPassManager FPM;
  FPM.addPass(SROAPass(SROAOptions::ModifyCFG));
  FPM.addPass(EarlyCSEPass(/*UseMemorySSA=*/true));
  FPM.addPass(InstCombinePass());
  FPM.addPass(SimplifyCFGPass());
  if (Loops) {
    // Invariant loads and conditions out first, so that unswitching sees
    // the conditions as invariant; then what unswitching made invariant.
    auto licm = [] {
      return createFunctionToLoopPassAdaptor(LICMPass(LICMOptions()),
                                             /*UseMemorySSA=*/true);
    };
    FPM.addPass(licm());
    FPM.addPass(createFunctionToLoopPassAdaptor(
        SimpleLoopUnswitchPass(/*NonTrivial=*/true), /*UseMemorySSA=*/true));
    FPM.addPass(licm());
    FPM.addPass(GVNPass());
    FPM.addPass(InstCombinePass());
    FPM.addPass(SimplifyCFGPass());
  }
  FPM.run(F, FAM);
}

} // namespace hcc
