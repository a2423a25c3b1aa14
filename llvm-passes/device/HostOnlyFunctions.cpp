//===- HostOnlyFunctions.cpp - Bodies of [[cpu]] functions ---------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/HostOnlyFunctions.h"

#include "device/FunctionAnnotations.h"
#include "hc/detail/abi_names.h"

#include "llvm/IR/Function.h"

using namespace llvm;

namespace hcc {

void dropHostOnlyBodies(Module &M) {
  for (Function *F : functionsAnnotated(M, hc::abi::host_only_annotation)) {
    if (F->isDeclaration())
      continue;
    F->deleteBody();
    // A declaration may not be in a comdat.
    F->setComdat(nullptr);
  }
}

} // namespace hcc
