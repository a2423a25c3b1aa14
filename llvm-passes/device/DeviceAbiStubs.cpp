//===- DeviceAbiStubs.cpp - C++ ABI entry points for the device ----------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "device/DeviceAbiStubs.h"

#include "llvm/IR/BasicBlock.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace hcc {

/// void() functions of the Itanium C++ ABI that must never return.
static constexpr StringLiteral TrappingAbiFunctions[] = {
    "__cxa_pure_virtual",
    "__cxa_deleted_virtual",
};

void defineDeviceAbiStubs(Module &M) {
  for (StringRef Name : TrappingAbiFunctions) {
    Function *F = M.getFunction(Name);
    if (!F || !F->isDeclaration() || !F->getReturnType()->isVoidTy() ||
        F->arg_size() != 0)
      continue;
    IRBuilder<> Builder(BasicBlock::Create(M.getContext(), "entry", F));
    Builder.CreateIntrinsic(Intrinsic::trap, {});
    Builder.CreateUnreachable();
    F->setLinkage(GlobalValue::InternalLinkage);
    F->setDoesNotReturn();
  }
}

} // namespace hcc
