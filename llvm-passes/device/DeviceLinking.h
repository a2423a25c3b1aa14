//===- DeviceLinking.h - Device functions across translation units -*- C++
//-*-===//
//
// Part of hcc. As with the original hcc, a kernel may call an [[hc]]
// function that another translation unit defines. The Clang plugin
// annotates every [[hc]] function that may cross translation units
// (hc::abi::device_function_annotation); here a declaration so annotated is
// *imported* (a kernel may call it: the PTX keeps an `.extern .func`) and a
// definition with external linkage is *exported* (kept, `.visible .func`,
// even if no kernel of its own calls it). The runtime links an image with
// the images that define what it imports (docs/driver.md, "Device functions
// across translation units").
//
// Only NVPTX images are linked (the CUDA driver's linker); on AMDGPU a call
// to an imported function is an error that says so. `-mllvm
// -hcc-device-linking=false` (the driver's -fno-gpu-rdc) turns it off.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_DEVICELINKING_H
#define HCC_LLVM_PASSES_DEVICE_DEVICELINKING_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

namespace llvm {
class Function;
class GlobalValue;
class Module;
} // namespace llvm

namespace hcc {

struct DeviceLinkage {
  /// Definitions other images may call.
  llvm::SmallVector<llvm::Function *, 4> Exported;
  /// Declarations that another image may define.
  llvm::SmallPtrSet<const llvm::Function *, 4> Imported;
  /// Whether this module's image is linked with others when loaded.
  bool Linked = false;
  /// Why not, for the error of a kernel calling an imported function.
  const char *WhyNotLinked = "";
};

/// The exported and imported functions of device module \p M. Reads the
/// annotations: call before pruning drops llvm.global.annotations.
DeviceLinkage findDeviceLinkage(llvm::Module &M);

/// The exported functions whose code is complete for the device: nothing
/// they reach lacks a device definition, other than imported functions.
/// They become roots of the pruned module, with their external linkage.
/// An exported function that reaches host-only code is left out: no image
/// of this translation unit could run it, and a kernel that calls it from
/// another one fails to link with a message that names it.
llvm::SmallVector<llvm::GlobalValue *, 4>
completeExports(const DeviceLinkage &Linkage);

/// Points the calls this module makes to its exported functions at
/// internal copies, so that the optimiser treats them as it treats any
/// function of one translation unit (inlined where called once, then
/// dropped); the exported definitions stay for other images. Addresses
/// taken keep the exported function.
void callLocalCopiesOfExports(llvm::ArrayRef<llvm::GlobalValue *> Exports);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_DEVICELINKING_H
