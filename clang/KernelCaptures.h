//===- KernelCaptures.h - Host function addresses in kernels ----*- C++ -*-===//
//
// Part of hcc. A kernel's functor is copied byte for byte to the device, so
// a function pointer it holds (captured by a lambda, or a member of a
// functor) is the address of host code: calling it on a GPU jumps into
// nowhere. In the device pass such a pointer is a compile error at the
// capture (or member), naming the kernel. Function pointers taken inside
// device code are fine: the pass plugin follows them like calls.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_KERNELCAPTURES_H
#define HCC_CLANG_KERNELCAPTURES_H

#include <memory>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace hcc {

/// The checking consumer; in the device pass only (null otherwise).
std::unique_ptr<clang::ASTConsumer>
createKernelCapturesConsumer(clang::CompilerInstance &CI);

} // namespace hcc

#endif // HCC_CLANG_KERNELCAPTURES_H
