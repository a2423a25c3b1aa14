//===- PositionSplitting.h - Loops cut where position tests change -*- C++
//-*-===//
//
// Part of hcc. A kernel that treats some work-items apart, the border of a
// stencil (`if (x == 0 || x == cols - 1) ... else ...`), the last partial
// tile (`if (i < n)`), branches on comparisons of its position with values
// it does not change. In the loops over work-items that the CPU backend runs
// (cpu_run_work_items in hc/detail/parallel_for_each.hpp, the loops over a
// tile of CpuTileLoops.h) each such test is made for every work-item, and
// the vectoriser turns the branch into masked code for the whole loop.
//
// Each comparison changes its answer at one or two positions only. The loop
// is cut there: it runs piece by piece over the positions between two such
// points, and in each piece the comparisons are answered once, at the
// piece's first position. Their branches are then the same through the
// piece, and loop unswitching makes a copy of the loop for each answer:
// the stencil's interior runs as a loop without tests, which vectorises as
// the loop of a kernel without borders does.
//
// A loop qualifies when it is innermost, leaves only from its latch after a
// number of iterations that scalar evolution can compute, and branches on a
// comparison of one of its header phis that counts up by one without
// wrapping (the position) with a value the loop does not change.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_POSITIONSPLITTING_H
#define HCC_LLVM_PASSES_CPU_POSITIONSPLITTING_H

#include "llvm/IR/PassManager.h"

namespace hcc {

/// Cuts the qualifying loops of \p F as above; how many it cut (when any,
/// its analyses are invalidated; unswitching should follow).
unsigned splitLoopsAtPositionTests(llvm::Function &F,
                                   llvm::FunctionAnalysisManager &FAM);

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_POSITIONSPLITTING_H
