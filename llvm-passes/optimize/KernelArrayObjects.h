//===- KernelArrayObjects.h - Array objects from parameters -*- C++ -*-===//
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
// pointer (at hc::abi::array_object_data_offset) reaches
// __hcc_global_array_data -- an hc::array object -- and makes each load of
// one of the object's first bytes through that pointer a load from the
// slot. The runtime fills the slot of every word that holds the address of
// a live array object, on whatever device it is homed, and makes every
// other slot an object whose data pointer no GPU maps
// (hc::abi::array_object_unmapped_data): a reference to an array that no
// longer exists faults at the kernel's first element access through it.
// Every other access through the reference stays as it is (the runtime
// still hands the kernel a device copy of the object).
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
