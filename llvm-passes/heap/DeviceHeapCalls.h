//===- DeviceHeapCalls.h - malloc/new in kernels to hcc's heap --*- C++ -*-===//
//
// Part of hcc. Kernels allocate from hcc's own device heap
// (include/hc/detail/device_heap.hpp, docs/device-heap.md), not from the
// CUDA driver's malloc or a library nobody links.
//
// DeviceHeapCallsPass runs before pruning: it replaces every use of
// malloc, free, calloc, realloc, aligned_alloc, posix_memalign and the
// global operator new / delete family (plain, [], nothrow, sized, aligned)
// with the __hcc_heap_* function of the same signature that <hc.hpp>
// defines in device passes (also where Clang's cuda_wrappers/<new> defines
// the operators inline on top of malloc: operator new must not return
// null). A module without those definitions (no hc
// headers) keeps the calls, which pruning then reports as calls without a
// device definition.
//
// DeviceHeapUnusedPass runs after pruning: a module whose kernels reach no
// heap function drops the heap pointer, so the runtime creates a heap only
// for modules that allocate.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_HEAP_DEVICEHEAPCALLS_H
#define HCC_LLVM_PASSES_HEAP_DEVICEHEAPCALLS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class DeviceHeapCallsPass : public llvm::PassInfoMixin<DeviceHeapCallsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-device-heap-calls"; }
};

class DeviceHeapUnusedPass : public llvm::PassInfoMixin<DeviceHeapUnusedPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-device-heap-unused"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_HEAP_DEVICEHEAPCALLS_H
