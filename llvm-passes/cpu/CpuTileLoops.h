//===- CpuTileLoops.h - Tiles of CPU kernels as loops -----------*- C++ -*-===//
//
// Part of hcc. The CPU backend runs the work-items of a tile on one thread.
// A kernel with tile barriers cannot run them one after another: each must
// stop at a barrier until the others arrive. Rather than a fiber per
// work-item (a context switch per work-item and barrier), the kernel is cut
// at its barriers and each stretch between two barriers runs as a loop over
// the tile's work-items, which the host compiler can vectorise across
// work-items as it does the loops of non-tiled kernels (as PoCL and
// AdaptiveCpp compile OpenCL and SYCL kernels for CPUs).
//
// In host modules, each call of __hcc_cpu_tile_loops(args, tile, n0, n1, n2,
// work_item) (hc/detail/parallel_for_each.hpp, cpu_run_tile) becomes a call
// of a function made from a copy of `work_item`: the calls that reach a
// barrier are inlined into the copy, the copy is cut into regions
// (TileRegions.h) and run as loops (TileLoopBuilder.h); the call's answer is
// then true. A work-item function that cannot be split keeps the call, whose
// runtime definition answers false, and its tiles run as fibers: at -O0,
// when a barrier is reached through a call that cannot be inlined
// (recursion, an indirect call), and when the kernel has a yield point (a
// loop that may wait for another work-item, CpuKernelYieldPoints.h), since
// a work-item that waits for another of its tile needs its own stack.
// A tile function whose kernel's tile_static arrays tell the tile shape it
// expects gets a copy for that shape (TileShapeSpeculation.h).
// -Rpass=hcc-cpu-tile-loops and -Rpass-missed=hcc-cpu-tile-loops report
// which kernels were split, -Rpass-analysis=hcc-cpu-tile-loops what was
// done to their loops; -mllvm -hcc-cpu-tile-loops=false splits none.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_CPUTILELOOPS_H
#define HCC_LLVM_PASSES_CPU_CPUTILELOOPS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class CpuTileLoopsPass : public llvm::PassInfoMixin<CpuTileLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-cpu-tile-loops"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_CPUTILELOOPS_H
