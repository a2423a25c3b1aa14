//===- KernelDiagnostic.h - Errors about what a kernel reaches --*- C++ -*-===//
//
// Part of hcc. Every device-code error of the pass plugin has the same
// shape: "kernel 'K' <what>; call chain: K -> f(int) -> ...", reported at
// the instruction that did it. This is that shape, in one place.
//
// The errors are DiagnosticInfoUnsupported: Clang's BackendConsumer maps its
// debug location back to a SourceLocation, so the error is printed as
// "file.cpp:LINE:COL: error: ..." with the source line and include stack,
// exactly like a front-end error, and makes clang exit non-zero. Diagnostics
// of plugin-allocated kinds would be printed without any location.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DIAGNOSTICS_KERNELDIAGNOSTIC_H
#define HCC_LLVM_PASSES_DIAGNOSTICS_KERNELDIAGNOSTIC_H

#include "llvm/ADT/StringRef.h"

namespace llvm {
class DiagnosticLocation;
class Function;
class GlobalValue;
class Instruction;
} // namespace llvm

namespace hcc {

class DeviceReachability;

/// Reports "kernel 'K' <What>; call chain: K -> ... -> <ChainEnd>" as an
/// error at \p Site (or, without one or without its debug location, at
/// \p SiteFunction). The kernel is the root \p ChainEnd was reached from.
void reportKernelError(const DeviceReachability &R,
                       const llvm::GlobalValue &ChainEnd,
                       const llvm::Function &SiteFunction,
                       const llvm::Instruction *Site, llvm::StringRef What);

/// The same at an explicit location in \p SiteFunction.
void reportKernelError(const DeviceReachability &R,
                       const llvm::GlobalValue &ChainEnd,
                       const llvm::Function &SiteFunction,
                       const llvm::DiagnosticLocation &Where,
                       llvm::StringRef What);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DIAGNOSTICS_KERNELDIAGNOSTIC_H
