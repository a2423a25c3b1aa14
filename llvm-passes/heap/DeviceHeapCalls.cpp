//===- DeviceHeapCalls.cpp - malloc/new in kernels to hcc's heap ---------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "heap/DeviceHeapCalls.h"

#include "device/DeviceModule.h"
#include "hc/detail/abi_names.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"

using namespace llvm;

namespace hcc {

namespace {

struct Replacement {
  StringLiteral Library; // what Clang calls
  StringLiteral Heap;    // what <hc.hpp> defines (device_heap.hpp)
};

// Device targets have a 64-bit size_t ("m" in Itanium mangling).
constexpr Replacement Replacements[] = {
    {"malloc", hc::abi::heap_malloc},
    {"free", hc::abi::heap_free},
    {"calloc", hc::abi::heap_calloc},
    {"realloc", hc::abi::heap_realloc},
    {"aligned_alloc", hc::abi::heap_aligned_alloc},
    {"posix_memalign", hc::abi::heap_posix_memalign},
    // operator new, new[]
    {"_Znwm", hc::abi::heap_new},
    {"_Znam", hc::abi::heap_new},
    {"_ZnwmRKSt9nothrow_t", hc::abi::heap_new_nothrow},
    {"_ZnamRKSt9nothrow_t", hc::abi::heap_new_nothrow},
    {"_ZnwmSt11align_val_t", hc::abi::heap_new_aligned},
    {"_ZnamSt11align_val_t", hc::abi::heap_new_aligned},
    {"_ZnwmSt11align_val_tRKSt9nothrow_t", hc::abi::heap_new_aligned_nothrow},
    {"_ZnamSt11align_val_tRKSt9nothrow_t", hc::abi::heap_new_aligned_nothrow},
    // operator delete, delete[]
    {"_ZdlPv", hc::abi::heap_delete},
    {"_ZdaPv", hc::abi::heap_delete},
    {"_ZdlPvm", hc::abi::heap_delete_sized},
    {"_ZdaPvm", hc::abi::heap_delete_sized},
    {"_ZdlPvSt11align_val_t", hc::abi::heap_delete_aligned},
    {"_ZdaPvSt11align_val_t", hc::abi::heap_delete_aligned},
    {"_ZdlPvmSt11align_val_t", hc::abi::heap_delete_sized_aligned},
    {"_ZdaPvmSt11align_val_t", hc::abi::heap_delete_sized_aligned},
    {"_ZdlPvRKSt9nothrow_t", hc::abi::heap_delete_nothrow},
    {"_ZdaPvRKSt9nothrow_t", hc::abi::heap_delete_nothrow},
    {"_ZdlPvSt11align_val_tRKSt9nothrow_t",
     hc::abi::heap_delete_aligned_nothrow},
    {"_ZdaPvSt11align_val_tRKSt9nothrow_t",
     hc::abi::heap_delete_aligned_nothrow},
};

constexpr StringLiteral NothrowTag = "_ZSt7nothrow"; // std::nothrow
constexpr StringLiteral HeapPointer = hc::abi::device_heap;
constexpr StringLiteral HeapPrefix = hc::abi::heap_function_prefix;

void dropGlobal(Module &M, StringRef Name) {
  GlobalVariable *Var = M.getNamedGlobal(Name);
  if (!Var)
    return;
  removeFromUsedLists(M, [Var](Constant *Entry) {
    return Entry->stripPointerCasts() == Var;
  });
  Var->removeDeadConstantUsers();
  if (Var->use_empty())
    Var->eraseFromParent();
}

} // namespace

PreservedAnalyses DeviceHeapCallsPass::run(Module &M,
                                           ModuleAnalysisManager &) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  bool Changed = false;
  for (const Replacement &R : Replacements) {
    Function *Library = M.getFunction(R.Library);
    // Clang's cuda_wrappers/<new> defines the plain, nothrow and sized
    // operators inline for the device, on top of malloc/free: those are
    // replaced as well (operator new must not return null). A strong
    // definition is the program's own replacement and stays.
    if (!Library || Library->use_empty() ||
        !(Library->isDeclaration() || Library->hasLinkOnceLinkage() ||
          Library->hasWeakLinkage() || Library->hasAvailableExternallyLinkage()))
      continue;
    Function *Heap = M.getFunction(R.Heap);
    // Only a definition of the very same type: anything else stays a call
    // the pruning pass diagnoses.
    if (!Heap || Heap->isDeclaration() ||
        Heap->getFunctionType() != Library->getFunctionType())
      continue;
    Library->replaceAllUsesWith(Heap);
    // The library function's attributes (nobuiltin, allocsize...) stay
    // with its declaration; the calls now name a plain function, which the
    // optimiser must not treat as the allocator it knows.
    Changed = true;
  }
  // `new (std::nothrow) T` passes the address of the library's empty tag
  // object, which the heap never reads: give the device a copy of its own.
  if (GlobalVariable *Tag = M.getNamedGlobal(NothrowTag);
      Tag && Tag->isDeclaration() && !Tag->use_empty()) {
    Tag->setInitializer(Constant::getNullValue(Tag->getValueType()));
    Tag->setConstant(true);
    Tag->setLinkage(GlobalValue::InternalLinkage);
    Tag->setDSOLocal(true);
    Changed = true;
  }
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

PreservedAnalyses DeviceHeapUnusedPass::run(Module &M,
                                            ModuleAnalysisManager &) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  if (!M.getNamedGlobal(HeapPointer))
    return PreservedAnalyses::all();
  for (const Function &F : M)
    if (F.getName().starts_with(HeapPrefix) && !F.isDeclaration())
      return PreservedAnalyses::all(); // a kernel allocates: keep the heap
  dropGlobal(M, HeapPointer);
  return PreservedAnalyses::none();
}

} // namespace hcc
