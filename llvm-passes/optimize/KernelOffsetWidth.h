//===- KernelOffsetWidth.h - 32-bit element offsets in kernels -*- C++ -*-===//
//
// Part of hcc. Every kernel has a second entry point, annotated
// "hcc.offsets_32_entry", which the runtime launches while no storage of
// 2 GiB or more exists: then every element offset into an array or view
// fits in an int (hc/detail/offset_width.hpp explains the scheme). The
// headers compute element offsets under `if (__hcc_offsets_fit_32_bits())`.
//
// After the inliner has put the kernel's code into both entry points
// (optimizer early), this pass answers that question: true in the body of a
// second entry point, false anywhere else (the first entry point, functions
// that were not inlined and may be called from either). A second entry
// point is removed -- the runtime then launches the first -- when
//   * no question is left in its body (it would be the same code), or
//   * it may use a view it made over memory the runtime does not know
//     (__hcc_view_over_kernel_memory(data, elements) with an element count
//     that is not a constant below 2^31), in its body or in a function it
//     calls; with an indirect call, when the module makes such a view
//     anywhere.
// The view markers are then replaced by their data pointer.
//
// `-mllvm -hcc-32-bit-offsets=false` removes every second entry point.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_OPTIMIZE_KERNELOFFSETWIDTH_H
#define HCC_LLVM_PASSES_OPTIMIZE_KERNELOFFSETWIDTH_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class KernelOffsetWidthPass
    : public llvm::PassInfoMixin<KernelOffsetWidthPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-kernel-offset-width"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_OPTIMIZE_KERNELOFFSETWIDTH_H
