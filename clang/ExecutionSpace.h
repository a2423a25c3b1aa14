//===- ExecutionSpace.h - hc/cpu in terms of Clang's CUDA model -*- C++ -*-===//
//
// Part of hcc. hcc compiles with Clang's CUDA language mode, whose notion of
// "where may this function run" is the __host__/__device__ attribute pair.
// This file is the one place that maps hcc's attributes onto it.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_EXECUTIONSPACE_H
#define HCC_CLANG_EXECUTIONSPACE_H

namespace clang {
class ASTContext;
class FunctionDecl;
class SourceRange;
} // namespace clang

namespace hcc {

/// Where an hcc attribute says a function may run.
enum class ExecutionSpace {
  /// [[hc]]: in kernels, and on the host too, because hcc's CPU backend runs
  /// kernels from the host-compiled code.
  Accelerator,
  /// [[cpu]]: on the host only. The device pass then gets no body for the
  /// function, so a kernel calling it is reported by the pass plugin.
  Host,
};

/// The annotation that tells hcc's pass plugin that a function is [[cpu]]
/// only. Keep in sync with llvm-passes/HostOnlyFunctions.cpp.
inline constexpr const char HostOnlyAnnotation[] = "hcc.host_only";

/// Marks \p FD as runnable in \p Space by attaching Clang's implicit CUDA
/// attributes (__device__ and __host__ for Accelerator, __host__ for Host).
/// Attributes already present are kept, so [[hc, cpu]] and repeated
/// attributes combine. In the device pass a function that ends up host-only
/// also carries the HostOnlyAnnotation (see ExecutionSpace.cpp for why).
void addExecutionSpace(clang::ASTContext &Ctx, clang::FunctionDecl &FD,
                       ExecutionSpace Space, clang::SourceRange Range);

} // namespace hcc

#endif // HCC_CLANG_EXECUTIONSPACE_H
