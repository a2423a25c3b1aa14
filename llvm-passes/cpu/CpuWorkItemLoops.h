//===- CpuWorkItemLoops.h - The CPU loops of non-tiled kernels --*- C++ -*-===//
//
// Part of hcc. The CPU backend runs the work-items of a non-tiled kernel
// as a loop along the fastest dimension of its domain
// (hc::detail::cpu_run_work_items in hc/detail/parallel_for_each.hpp),
// which the host compiler vectorises across work-items. In host modules,
// this pass cuts that loop where the kernel's tests of its position change
// (PositionSplitting.h): a stencil's border and interior then run as loops
// of their own, the interior without the border's tests. It also drops
// the loop's publication of its position where nothing reads it
// (UnreadWorkItem.h), so that the position and the range's end are
// registers rather than memory stored and reloaded around every atomic.
// -Rpass=hcc-cpu-work-item-loops reports the loops it cut;
// -mllvm -hcc-cpu-position-splitting=false cuts none (here or in tiles).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_CPUWORKITEMLOOPS_H
#define HCC_LLVM_PASSES_CPU_CPUWORKITEMLOOPS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class CpuWorkItemLoopsPass : public llvm::PassInfoMixin<CpuWorkItemLoopsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-cpu-work-item-loops"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_CPUWORKITEMLOOPS_H
