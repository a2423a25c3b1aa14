//===- VTableTypeMetadata.h - Drop whole-program vtable info ----*- C++ -*-===//
//
// Part of hcc. In the device pass the Clang plugin has Clang emit type
// metadata and type tests (as for whole-program devirtualisation) so that
// reachability can follow virtual calls precisely. No LTO step follows to
// consume them, so they are removed once the kernels' reach is known.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_DEVICE_VTABLETYPEMETADATA_H
#define HCC_LLVM_PASSES_DEVICE_VTABLETYPEMETADATA_H

namespace llvm {
class Module;
} // namespace llvm

namespace hcc {

/// With whole-program vtables on, Clang lists the vtables it copies from
/// headers (available_externally) in llvm.compiler.used, to keep them for
/// devirtualisation. On the device that would make them roots: they are
/// taken off the list.
void releaseVTablesFromUsedLists(llvm::Module &M);

/// Replaces llvm.type.test/llvm.public.type.test calls by true (their
/// llvm.assume users go) and removes !type and !vcall_visibility metadata.
void dropVTableTypeMetadata(llvm::Module &M);

} // namespace hcc

#endif // HCC_LLVM_PASSES_DEVICE_VTABLETYPEMETADATA_H
