//===- DevicePruning.h - Keep only what the kernels need --------*- C++ -*-===//
//
// Part of hcc. PTX that declares host functions (.extern main, puts, ...)
// does not load, so the device module must hold the kernels and what they
// reach, nothing else.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_DEVICEPRUNING_H
#define HCC_LLVM_PASSES_DEVICE_DEVICEPRUNING_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm {
class GlobalValue;
class Module;
} // namespace llvm

namespace hcc {

class DeviceReachability;

/// Deletes every global of \p M that \p Live does not contain, then gives
/// internal linkage to every remaining definition except those in
/// \p Exported (kernels, variables the host looks up by name) so that the
/// optimiser may inline and drop them. available_externally definitions
/// become local copies: nothing else will supply them on the device.
/// Functions that are not live but still sit in a live vtable's slots (no
/// kernel's virtual call can select them) become internal functions that
/// trap, whatever their body was: it may not compile for the device.
void pruneDeviceModule(llvm::Module &M, const DeviceReachability &Live,
                       llvm::ArrayRef<llvm::GlobalValue *> Exported);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_DEVICEPRUNING_H
