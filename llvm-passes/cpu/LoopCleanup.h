//===- LoopCleanup.h - Simplifications after loop surgery -------*- C++ -*-===//
//
// Part of hcc. The CPU passes that make or reshape the loops over
// work-items (CpuTileLoops.h, CpuWorkItemLoops.h) run at the optimiser's
// start, after the function simplifications: the code they make would
// otherwise reach the loop vectoriser without what those passes do. This
// is the part of them that such code needs, in one place.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_LOOPCLEANUP_H
#define HCC_LLVM_PASSES_CPU_LOOPCLEANUP_H

#include "llvm/IR/PassManager.h"

namespace hcc {

/// Scalar replacement, common subexpressions, instruction combining and
/// control-flow simplification on \p F; with \p Loops, also invariant code
/// motion and unswitching of branches on loop-invariant conditions (a
/// region's uniform branches, a piece's answered position tests), so that
/// each loop the vectoriser sees has a straight body where it can.
void simplifyKernelLoops(llvm::Function &F, llvm::FunctionAnalysisManager &FAM,
                         bool Loops);

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_LOOPCLEANUP_H
