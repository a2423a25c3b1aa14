//===- CpuKernelDivision.h - No division traps in CPU kernels ---*- C++ -*-===//
//
// Part of hcc. On a GPU an integer division by zero (or INT_MIN / -1) gives
// a value and the kernel goes on; on x86 the same instruction raises SIGFPE
// and kills the program. The CPU backend runs the host-compiled kernels, so
// in host modules every integer division and remainder in code the CPU
// entry points of kernels reach (hc::detail::cpu_run_range/cpu_run_item,
// through direct calls and references) is guarded: x / 0 is all bits set
// and x % 0 is x (the values RISC-V defines), INT_MIN / -1 is INT_MIN and
// INT_MIN % -1 is 0. A divisor known to be safe is left alone.
//
// The functions are the host's too (a restrict(amp, cpu) function is one
// body), so host code calling them gets the same values instead of a trap:
// division by zero is undefined in C++ either way.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_CPUKERNELDIVISION_H
#define HCC_LLVM_PASSES_CPU_CPUKERNELDIVISION_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class CpuKernelDivisionPass
    : public llvm::PassInfoMixin<CpuKernelDivisionPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-cpu-kernel-division"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_CPUKERNELDIVISION_H
