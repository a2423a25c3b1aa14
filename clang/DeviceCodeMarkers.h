//===- DeviceCodeMarkers.h - Constructs device IR cannot show ---*- C++ -*-===//
//
// Part of hcc. Two things a kernel cannot do leave no trace the pass plugin
// could recognise in device IR: typeid of a polymorphic object (a load of
// the vtable's RTTI slot, which is null on the device) and try/catch in
// code that is not [[hc]] (Clang compiles device code without exception
// handling and drops the handlers). In the device pass every function that
// contains one gets an annotation "<marker>:LINE:COL" for the first
// occurrence, the marker being hc::abi::typeid_marker or hc::abi::try_marker
// (hc/detail/abi_names.h); the pass plugin reports it if a kernel reaches
// the function (llvm-passes/diagnostics/KernelRestrictions.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_DEVICECODEMARKERS_H
#define HCC_CLANG_DEVICECODEMARKERS_H

#include <memory>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace hcc {

/// The marking consumer; in the device pass only (null otherwise).
std::unique_ptr<clang::ASTConsumer>
createDeviceCodeMarkersConsumer(clang::CompilerInstance &CI);

} // namespace hcc

#endif // HCC_CLANG_DEVICECODEMARKERS_H
