//===- CpuKernelCode.h - Kernel code knows it runs in a kernel --*- C++ -*-===//
//
// Part of hcc. The CPU backend runs kernels as host code, and the headers'
// functions serve host code and kernels alike: an array_view element access
// on the host must ask the runtime where the data is (atomics, maybe a copy
// from a device), one inside a CPU kernel uses the address fixed at launch.
// The headers ask __hcc_cpu_kernel_code() (hc/detail/workitem.hpp), whose
// body asks the thread. Asking at run time leaves the host path, with its
// calls and atomics, in every kernel loop, where it keeps the host compiler
// from hoisting the loads of the kernel's captures and from vectorising
// across work-items.
//
// In host modules, every function that the CPU entry points of kernels
// (hc::detail::cpu_run_range/cpu_run_item) reach through direct calls and
// that calls __hcc_cpu_kernel_code() itself or through its callees gets a
// private copy for kernels, in which the question is answered `true` and the
// branches it decides are folded; the entry points and the copies call the
// copies. Host callers keep the original, which still asks at run time, as
// do kernels reaching a function through a pointer.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_CPUKERNELCODE_H
#define HCC_LLVM_PASSES_CPU_CPUKERNELCODE_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class CpuKernelCodePass : public llvm::PassInfoMixin<CpuKernelCodePass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-cpu-kernel-code"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_CPUKERNELCODE_H
