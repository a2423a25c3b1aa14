//===- DeviceCodeMarkers.h - The Clang plugin's function marks --*- C++ -*-===//
//
// Part of hcc. The Clang plugin annotates, in the device pass, each function
// containing a construct that device IR does not show with "<marker>:L:C":
// hc::abi::typeid_marker for typeid of a polymorphic object,
// hc::abi::try_marker for try/catch (see clang/DeviceCodeMarkers.h). Clang
// lowers the annotations into llvm.global.annotations; this reads them back.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DIAGNOSTICS_DEVICECODEMARKERS_H
#define HCC_LLVM_PASSES_DIAGNOSTICS_DEVICECODEMARKERS_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace hcc {

struct DeviceCodeMarker {
  enum KindType { Typeid, Try } Kind;
  unsigned Line;
  unsigned Column;
};

llvm::DenseMap<const llvm::Function *, DeviceCodeMarker>
readDeviceCodeMarkers(const llvm::Module &M);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DIAGNOSTICS_DEVICECODEMARKERS_H
