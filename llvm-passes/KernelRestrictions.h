//===- KernelRestrictions.h - What a kernel cannot do -----------*- C++ -*-===//
//
// Part of hcc. Some C++ compiles for the device but cannot work there:
// throwing exceptions, typeid and dynamic_cast of polymorphic objects (the
// C++ runtime that implements them is host code), calls of variadic
// functions other than printf, and inline assembly written for the host.
// Each is an error at its source line, naming the kernel and the call chain
// (the same shape as the undefined-reference errors).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_KERNELRESTRICTIONS_H
#define HCC_LLVM_PASSES_KERNELRESTRICTIONS_H

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class GlobalValue;
class Module;
} // namespace llvm

namespace hcc {

class DeviceReachability;

/// Reports every restricted construct in the functions \p FromKernels
/// reaches, each function's once. The C++ runtime functions behind what was
/// reported (__cxa_throw, __dynamic_cast, a variadic callee...) are added
/// to \p Explained, so that they are not reported again as functions with
/// no device definition. Returns how many errors it reported.
unsigned
diagnoseKernelRestrictions(const llvm::Module &M,
                           const DeviceReachability &FromKernels,
                           llvm::SmallPtrSetImpl<const llvm::GlobalValue *>
                               &Explained);

} // namespace hcc

#endif // HCC_LLVM_PASSES_KERNELRESTRICTIONS_H
