//===- KernelArrayObjects.h - Array objects from kernel parameters -*- C++
//-*-===//
//
// Part of hcc. An hc::array captured by reference ([&], as C++ AMP requires)
// reaches a kernel as a pointer to the array object (a device copy the
// runtime made, docs/runtime.md), so every element access first loads the
// data pointer and the extents from that object: one more dependent load
// from memory than a CUDA kernel, which gets its pointers as parameters. In
// kernels that move one element per work-item (a transpose, the first level
// of a reduction) that load is a large part of the time.
//
// The argument block of hc's kernel entry points begins with slots that the
// runtime fills with copies of the array objects the functor's first words
// point to (hc::detail::array_object_slots, hc/detail/kernel_launch.hpp;
// the layout is in hc/detail/abi_names.h). This pass (optimizer early, after
// inlining, before ArrayDataScopePass removes the markers) finds in each
// entry point the loads of a pointer from such a word whose pointee's data
// pointer reaches __hcc_global_array_data -- an array object -- and makes
// each load of one of the object's first bytes through that pointer read
// the slot instead when the slot is filled (bit w of the block's first
// word). The load through the pointer stays for the other case (an array
// the runtime does not know, e.g. one homed on another device), so no
// program changes behaviour; it is marked invariant (the object does not
// change while a kernel runs).
//
// `-mllvm -hcc-array-object-params=false` leaves the loads as they are.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_OPTIMIZE_KERNELARRAYOBJECTS_H
#define HCC_LLVM_PASSES_OPTIMIZE_KERNELARRAYOBJECTS_H

#include "llvm/IR/PassManager.h"

namespace hcc {

class KernelArrayObjectsPass
    : public llvm::PassInfoMixin<KernelArrayObjectsPass> {
public:
  llvm::PreservedAnalyses run(llvm::Module &M, llvm::ModuleAnalysisManager &);
  static bool isRequired() { return true; }
  static llvm::StringRef name() { return "hcc-kernel-array-objects"; }
};

} // namespace hcc

#endif // HCC_LLVM_PASSES_OPTIMIZE_KERNELARRAYOBJECTS_H
