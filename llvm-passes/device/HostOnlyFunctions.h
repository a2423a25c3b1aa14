//===- HostOnlyFunctions.h - Bodies of [[cpu]] functions --------*- C++ -*-===//
//
// Part of hcc. In the device pass Clang may still emit the body of a
// function the user marked [[cpu]] (an inline member, a template
// instantiation) when a kernel calls it. hcc's front-end plugin annotates
// such functions; this drops their bodies so that the call is reported like
// any other call to a function without a device definition.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_HOSTONLYFUNCTIONS_H
#define HCC_LLVM_PASSES_DEVICE_HOSTONLYFUNCTIONS_H

namespace llvm {
class Module;
} // namespace llvm

namespace hcc {

/// Turns every function annotated hc::abi::host_only_annotation into a
/// declaration.
void dropHostOnlyBodies(llvm::Module &M);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_HOSTONLYFUNCTIONS_H
