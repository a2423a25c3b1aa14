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

#ifndef HCC_LLVM_PASSES_DIAGNOSTICS_KERNELRESTRICTIONS_H
#define HCC_LLVM_PASSES_DIAGNOSTICS_KERNELRESTRICTIONS_H

#include "llvm/ADT/SmallPtrSet.h"

namespace llvm {
class GlobalValue;
class Instruction;
class Module;
} // namespace llvm

namespace hcc {

class DeviceReachability;

/// References already accounted for by a restriction error: not to be
/// reported again as "no definition for the device".
struct ExplainedReferences {
  /// The C++ runtime behind a construct (__cxa_throw, __dynamic_cast...)
  /// and variadic callees.
  llvm::SmallPtrSet<const llvm::GlobalValue *, 8> Symbols;
  /// Instructions that belong to a reported construct (constructing the
  /// exception object of a throw).
  llvm::SmallPtrSet<const llvm::Instruction *, 8> Sites;

  bool covers(const llvm::GlobalValue *GV, const llvm::Instruction *Site) const {
    return Symbols.contains(GV) || (Site && Sites.contains(Site));
  }
};

/// Reports every restricted construct in the functions \p FromKernels
/// reaches (and, for those the Clang plugin marked, the marked construct),
/// filling \p Explained. Returns how many errors it reported.
unsigned diagnoseKernelRestrictions(const llvm::Module &M,
                                    const DeviceReachability &FromKernels,
                                    ExplainedReferences &Explained);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DIAGNOSTICS_KERNELRESTRICTIONS_H
