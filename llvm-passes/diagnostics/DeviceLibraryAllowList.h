//===- DeviceLibraryAllowList.h - Symbols supplied after codegen -*- C++ -*-===//
//
// Part of hcc. A kernel may call functions that have no body in the device
// module because something later in the tool chain supplies them: device
// libraries linked in afterwards, the PTX JIT's built-in system calls, or
// hcc's own device runtime. Those must not be reported as errors.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DIAGNOSTICS_DEVICELIBRARYALLOWLIST_H
#define HCC_LLVM_PASSES_DIAGNOSTICS_DEVICELIBRARYALLOWLIST_H

namespace llvm {
class GlobalValue;
} // namespace llvm

namespace hcc {

/// True if the body-less \p GV will be provided for the device by something
/// other than this translation unit, so referring to it from a kernel is fine.
bool isSuppliedByDeviceLibrary(const llvm::GlobalValue &GV);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DIAGNOSTICS_DEVICELIBRARYALLOWLIST_H
