//===- CpuKernelYieldPoints.h - Forward progress in CPU kernels -*- C++ -*-===//
//
// Part of hcc. On a GPU every work-item of a launch makes progress on its
// own: a work-item may spin on a flag that another work-item, or a host
// thread, sets later. The CPU backend runs many work-items one after another
// on each worker thread (and the work-items of a tile as fibers of one), so
// such a spin would keep the others from ever running.
//
// In host modules, every loop of code the CPU entry points of kernels reach
// (hc::detail::cpu_run_range/cpu_run_item, through direct calls and
// references) that reads memory other threads write (an atomic load,
// read-modify-write or compare-exchange, a volatile load, or a call of a
// function that does one) gets a call of __hcc_cpu_yield_point() at its
// header. The entry points' own loops walk work-items, which never spin
// there, and get none. The headers define that function
// (hc/detail/workitem.hpp): a counter outside kernels and for short loops,
// the runtime's yield
// (lib/hc-runtime/backends/cpu/spin_points.hpp) for a work-item that has
// spun for a while. Modules without the function are left alone.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_CPUKERNELYIELDPOINTS_H
#define HCC_LLVM_PASSES_CPU_CPUKERNELYIELDPOINTS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class CpuKernelYieldPointsPass
    : public llvm::PassInfoMixin<CpuKernelYieldPointsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-cpu-kernel-yield-points"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_CPUKERNELYIELDPOINTS_H
