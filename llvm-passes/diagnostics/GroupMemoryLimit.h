//===- GroupMemoryLimit.h - tile_static beyond what a GPU has ---*- C++ -*-===//
//
// Part of hcc. A tile's tile_static variables live in the GPU's group
// memory (CUDA's shared memory), which is small. For NVIDIA GPUs the PTX is
// compiled when the program loads it, so a kernel with more static
// tile_static data than a block may declare (48 KiB on every architecture:
// more needs dynamic group memory) compiled without a word and failed at
// run time. The error comes at compile time instead, at a use of the
// kernel's largest variable, with the total, the limit and the way out.
// (The AMDGPU backend reports its own limit, 64 KiB of LDS.)
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DIAGNOSTICS_GROUPMEMORYLIMIT_H
#define HCC_LLVM_PASSES_DIAGNOSTICS_GROUPMEMORYLIMIT_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace hcc {

/// Reports every kernel of an NVPTX module \p M whose static group memory
/// (address space 3 variables it reaches) is beyond the static limit;
/// returns the number of errors.
unsigned diagnoseGroupMemoryLimit(llvm::Module &M,
                                  llvm::ArrayRef<llvm::Function *> Kernels);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DIAGNOSTICS_GROUPMEMORYLIMIT_H
