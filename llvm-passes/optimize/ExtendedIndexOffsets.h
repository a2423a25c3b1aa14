//===- ExtendedIndexOffsets.h - Offsets out of index extensions -*- C++ -*-===//
//
// Part of hcc. A kernel addresses its neighbours with 32-bit indices,
// `in(z - 1, y, x)`, and the headers turn each index into a 64-bit element
// offset (`static_cast<std::size_t>(idx) * stride`, summed over the ranks).
// The `z - 1` is computed in 32 bits and then sign-extended, so the backend
// sees `sext(z - 1) * stride` and `sext(z) * stride` as unrelated products:
// every neighbour pays its own 64-bit multiplications, where CUDA code that
// computes one 64-bit offset and adds `-plane` pays an addition.
//
// C++ gives `z - 1` on `int` no signed overflow (the IR's `nsw`), so
// `sext(z + C)` equals `sext(z) + C` in 64 bits. This pass rewrites it so
// wherever `z` is extended more than once (with and without constant
// offsets), after every IR optimisation (InstCombine would narrow it back).
// The backend's straight-line strength reduction then derives
// `(sext(z) + C) * stride` from `sext(z) * stride` with an addition, and its
// reassociation shares the rest of the offset: the neighbours' addresses
// become the centre's plus a loop-invariant distance. `zext` of an `add nuw`
// is treated the same way.
//
// Device modules only. `-mllvm -hcc-split-index-offsets=false` turns it off.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_OPTIMIZE_EXTENDEDINDEXOFFSETS_H
#define HCC_LLVM_PASSES_OPTIMIZE_EXTENDEDINDEXOFFSETS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class ExtendedIndexOffsetsPass
    : public llvm::PassInfoMixin<ExtendedIndexOffsetsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-extended-index-offsets"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_OPTIMIZE_EXTENDEDINDEXOFFSETS_H
