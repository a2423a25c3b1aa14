//===- TileStaticLayout.h - Group memory per set of kernels -*- C++ -*-===//
//
// Part of hcc. The CUDA runtime loads device code through the driver's
// linker (cuLinkAddData + cuLinkComplete, for the kernel cache and for
// kernels that call functions of other translation units), which compiles
// PTX as relocatable code. The linker then lays the module's .shared
// variables out one after another and gives each kernel everything up to
// the end of the last variable it uses: a kernel with 1.3 KiB of
// tile_static memory in a program that also has a kernel with 16.5 KiB was
// given 17.2 KiB, and ran with fewer tiles per multiprocessor. A kernel
// that uses a single .shared variable gets exactly that variable's size,
// whatever else the module holds (the .nv.shared section sizes that
// `nvlink` gives relocatable `ptxas -c` output show both).
//
// So on NVPTX, this pass merges the tile_static variables (internal
// variables in the shared address space) that the same kernels reach into
// one variable, a packed struct that keeps each one's alignment; every
// kernel whose variables are all reached by the same kernels then uses one
// variable. Debug information follows each variable to its offset.
//
// `-mllvm -hcc-merge-tile-static=false` leaves the variables as they are.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_OPTIMIZE_TILESTATICLAYOUT_H
#define HCC_LLVM_PASSES_OPTIMIZE_TILESTATICLAYOUT_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class TileStaticLayoutPass : public llvm::PassInfoMixin<TileStaticLayoutPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-tile-static-layout"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_OPTIMIZE_TILESTATICLAYOUT_H
