//===- UndefinedReferenceDiagnostics.h - Kernel calls host code -*- C++ -*-===//
//
// Part of hcc. A kernel that reaches a function or variable with no device
// definition would otherwise compile to PTX with an unresolved .extern and
// fail only when the program loads it. Report it at compile time instead,
// naming the kernel, the call chain and the source line of the call.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DIAGNOSTICS_UNDEFINEDREFERENCEDIAGNOSTICS_H
#define HCC_LLVM_PASSES_DIAGNOSTICS_UNDEFINEDREFERENCEDIAGNOSTICS_H

namespace llvm {
class GlobalValue;
} // namespace llvm

namespace hcc {

class DeviceReachability;
struct DeviceLinkage;
struct ExplainedReferences;

/// True if the device module will have no definition of \p GV: a declaration
/// (or writable data that lives in the host's address space) that no device
/// library supplies.
bool lacksDeviceDefinition(const llvm::GlobalValue &GV);

/// Reports, as errors, every symbol in \p FromKernels that lacks a device
/// definition, each once, at the source location of the reference on its
/// shortest chain from a kernel. References in \p Explained were already
/// reported for what they mean (an exception thrown, a dynamic_cast...).
/// [[hc]] functions another translation unit defines (\p Linkage) are not
/// errors where images are linked, and an error that says so elsewhere.
/// Returns how many it reported.
unsigned diagnoseUndefinedReferences(const DeviceReachability &FromKernels,
                                     const ExplainedReferences &Explained,
                                     const DeviceLinkage &Linkage);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DIAGNOSTICS_UNDEFINEDREFERENCEDIAGNOSTICS_H
