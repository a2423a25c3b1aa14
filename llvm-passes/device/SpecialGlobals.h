//===- SpecialGlobals.h - llvm.used, llvm.global_ctors & co. ----*- C++ -*-===//
//
// Part of hcc. The "llvm.*" arrays refer to other globals without being
// code; pruning must decide for each kind whether it keeps its members
// alive on the device.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_SPECIALGLOBALS_H
#define HCC_LLVM_PASSES_DEVICE_SPECIALGLOBALS_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class GlobalValue;
class Module;
} // namespace llvm

namespace hcc {

/// Globals that must survive pruning besides the kernels:
///  - variables in llvm.used / llvm.compiler.used: the host may look device
///    variables up by name (clang lists every __device__ variable there);
///  - "llvm.*" variables this plugin does not know, to be conservative.
/// Functions in the used lists are not roots: on the device only kernels
/// are entry points, and host functions marked `used` land there too.
llvm::SmallVector<llvm::GlobalValue *, 8> collectExtraRoots(llvm::Module &M);

/// True if \p GV is a global that pruning must neither delete nor
/// internalize on its own ("llvm.*" bookkeeping).
bool isSpecialGlobal(const llvm::GlobalValue &GV);

/// Drops from the used lists every member \p IsLive rejects and deletes the
/// arrays that only matter to the host: constructors and destructors (no one
/// runs them on the device, and NVPTX rejects them) and annotations.
void pruneSpecialGlobals(llvm::Module &M,
                         llvm::function_ref<bool(const llvm::GlobalValue *)>
                             IsLive);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_SPECIALGLOBALS_H
