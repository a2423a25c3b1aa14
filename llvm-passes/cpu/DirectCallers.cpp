//===- DirectCallers.cpp - Functions that reach others by direct calls ----===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "cpu/DirectCallers.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

SmallPtrSet<const Function *, 16>
withDirectCallers(Module &M, function_ref<bool(const Function &)> Has) {
  SmallPtrSet<const Function *, 16> Found;
  DenseMap<const Function *, SmallVector<const Function *, 4>> Callers;
  SmallVector<const Function *, 16> Work;
  for (const Function &F : M) {
    if (F.isDeclaration())
      continue;
    for (const Instruction &I : instructions(F))
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          Callers[Callee].push_back(&F);
    if (Has(F) && Found.insert(&F).second)
      Work.push_back(&F);
  }
  while (!Work.empty())
    for (const Function *Caller : Callers.lookup(Work.pop_back_val()))
      if (Found.insert(Caller).second)
        Work.push_back(Caller);
  return Found;
}

} // namespace hcc
