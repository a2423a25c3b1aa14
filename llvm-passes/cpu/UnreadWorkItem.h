//===- UnreadWorkItem.h - Drop a work-item's unread position ----*- C++ -*-===//
//
// Part of hcc. On the CPU backend every work-item publishes its position
// for the work-item builtins (hc/detail/workitem.hpp): the loop that runs
// it saves the thread's current work-item, stores the address of its own
// context there, and restores the one before at its end (and, in a tile,
// after each barrier). Published, the context is memory other code may
// read, so the loop keeps storing the position into it in every iteration
// and reloads its bounds after every store the optimiser cannot tell apart
// from it (an atomic through a captured pointer, for one). With the kernel
// in view, the loops of the CPU passes (CpuTileLoops.h,
// CpuWorkItemLoops.h) drop the publication when nothing can read it.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_LLVM_PASSES_CPU_UNREADWORKITEM_H
#define HCC_LLVM_PASSES_CPU_UNREADWORKITEM_H

#include "llvm/IR/PassManager.h"

namespace hcc {

/// Erases the stores to the thread's current work-item in \p F when
/// nothing in \p F reads it other than to restore it: no other load, no
/// call of a function that might read it (any but the runtime's and the C
/// and math libraries', which do not). Whoever calls \p F must not expect
/// the variable changed. Returns whether it erased any.
bool dropUnreadCurrentWorkItem(llvm::Function &F,
                               llvm::FunctionAnalysisManager &FAM);

} // namespace hcc

#endif // HCC_LLVM_PASSES_CPU_UNREADWORKITEM_H
