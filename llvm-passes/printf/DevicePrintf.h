//===- DevicePrintf.h - Device printf to hcc's printf buffer ----*- C++ -*-===//
//
// Part of hcc. In CUDA mode Clang lowers printf in device code to calls of
// vprintf(format, args), CUDA's driver-provided FIFO, which is printed only
// at synchronising driver calls and loses lines silently when full. This
// pass renames those calls to __hcc_vprintf (include/hc/detail/
// printf_device.hpp), which appends to a buffer the hcc runtime prints when
// the kernel finishes (docs/printf.md). It runs before pruning, so a module
// keeps __hcc_vprintf and its buffer pointer only if a kernel prints.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_PRINTF_DEVICEPRINTF_H
#define HCC_LLVM_PASSES_PRINTF_DEVICEPRINTF_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class DevicePrintfPass : public llvm::PassInfoMixin<DevicePrintfPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);

  /// Runs on optnone functions too (everything at -O0).
  static bool isRequired() { return true; }

  static llvm::StringRef name() { return "hcc-device-printf"; }
};

/// After pruning: drops the buffer pointer of a module whose kernels do not
/// print. Before pruning, host code that Clang also emitted for the device
/// (main's printf) still uses it, and the runtime would give every module
/// a printf buffer (a 16 MiB pinned allocation and a thread: milliseconds
/// of every program's first launch).
class DevicePrintfUnusedPass
    : public llvm::PassInfoMixin<DevicePrintfUnusedPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-device-printf-unused"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_PRINTF_DEVICEPRINTF_H
