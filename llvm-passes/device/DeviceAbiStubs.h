//===- DeviceAbiStubs.h - C++ ABI entry points for the device ---*- C++ -*-===//
//
// Part of hcc. A device vtable of a class with a pure (or deleted) virtual
// function refers to __cxa_pure_virtual (__cxa_deleted_virtual), which no
// device library defines. Calling one is undefined behaviour anyway; giving
// the device a definition that traps keeps such classes usable in kernels.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_DEVICEABISTUBS_H
#define HCC_LLVM_PASSES_DEVICE_DEVICEABISTUBS_H

namespace llvm {
class Module;
} // namespace llvm

namespace hcc {

/// Defines, as a trap, each C++ ABI function that \p M declares and that the
/// device needs a body for.
void defineDeviceAbiStubs(llvm::Module &M);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_DEVICEABISTUBS_H
