//===- DirectCallers.h - Functions that reach others by direct calls -*- C++
//-*-===//
//
// Part of hcc. The CPU-kernel passes ask which functions reach some
// property through direct calls (a read of shared memory, a question to
// __hcc_cpu_kernel_code()): the functions that have it themselves and,
// transitively, every function calling one of those directly.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_DIRECTCALLERS_H
#define HCC_LLVM_PASSES_CPU_DIRECTCALLERS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace hcc {

/// The defined functions of \p M for which \p Has is true, and every
/// defined function that calls one of them directly, transitively.
llvm::SmallPtrSet<const llvm::Function *, 16>
withDirectCallers(llvm::Module &M,
                  llvm::function_ref<bool(const llvm::Function &)> Has);

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_DIRECTCALLERS_H
