//===- DeviceVirtualFunctions.h - Fill device vtables -----------*- C++ -*-===//
//
// Part of hcc. In CUDA mode Clang leaves a null slot in a device vtable for
// every virtual function without __device__: a kernel calling one jumps to
// address 0 at run time. hcc compiles any function a kernel reaches for the
// device, virtual ones included, and reports those it cannot compile. So in
// the device pass every virtual function is given to the device side, once
// Sema is done, and Clang emits type metadata for vtables and virtual calls,
// from which the pass plugin works out which slots a kernel's virtual calls
// can reach (llvm-passes/device/DeviceReachability.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_DEVICEVIRTUALFUNCTIONS_H
#define HCC_CLANG_DEVICEVIRTUALFUNCTIONS_H

#include <memory>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace hcc {

/// The consumer that fills device vtables; in the device pass only (null
/// otherwise). Sets the code generation options for vtable type metadata.
std::unique_ptr<clang::ASTConsumer>
createDeviceVirtualFunctionsConsumer(clang::CompilerInstance &CI);

} // namespace hcc

#endif // HCC_CLANG_DEVICEVIRTUALFUNCTIONS_H
