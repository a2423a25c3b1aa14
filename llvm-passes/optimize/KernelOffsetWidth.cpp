//===- KernelOffsetWidth.cpp - 32-bit element offsets in kernels ----------===//
//
// Part of hcc. See KernelOffsetWidth.h.
//
//===----------------------------------------------------------------------===//

#include "optimize/KernelOffsetWidth.h"

#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"
#include "hc/detail/abi_names.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;
using hcc::DeviceReachability;

static cl::opt<bool> Offsets32(
    "hcc-32-bit-offsets", cl::init(true), cl::Hidden,
    cl::desc("Keep the kernel entry points that compute element offsets in "
             "32 bits (hc/detail/offset_width.hpp)"));

namespace {

SmallVector<CallInst *, 8> callsOf(Function *Callee) {
  SmallVector<CallInst *, 8> Calls;
  if (Callee)
    for (User *U : Callee->users())
      if (auto *Call = dyn_cast<CallInst>(U);
          Call && Call->getCalledOperand() == Callee)
        Calls.push_back(Call);
  return Calls;
}

/// A view over kernel memory whose element count may not fit in an int.
bool isUnboundedView(const CallInst &ViewMarker) {
  const auto *Elements = dyn_cast<ConstantInt>(ViewMarker.getArgOperand(1));
  return !Elements || Elements->getValue().uge(uint64_t(1) << 31);
}

bool hasIndirectCall(const Function &F) {
  for (const Instruction &I : instructions(F))
    if (const auto *Call = dyn_cast<CallBase>(&I);
        Call && !Call->isInlineAsm() && !Call->getCalledFunction())
      return true;
  return false;
}

/// Whether the second entry point \p Entry may use a view of unknown size
/// (see the header).
bool mayUseUnboundedView(Function &Entry,
                         const SmallPtrSetImpl<Function *> &WithUnbounded) {
  if (WithUnbounded.empty())
    return false;
  if (hasIndirectCall(Entry))
    return true;
  GlobalValue *Root = &Entry;
  DeviceReachability FromEntry(Root);
  return any_of(WithUnbounded,
                [&](Function *F) { return FromEntry.contains(F); });
}

} // namespace

PreservedAnalyses hcc::KernelOffsetWidthPass::run(Module &M,
                                                  ModuleAnalysisManager &) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  Function *Query = M.getFunction(hc::abi::offsets_32_query_marker);
  Function *ViewMarker = M.getFunction(hc::abi::kernel_memory_view_marker);
  SmallVector<Function *, 4> Entries;
  for (Function &F : M)
    if (isOffsets32Entry(F))
      Entries.push_back(&F);
  if (!Query && !ViewMarker && Entries.empty())
    return PreservedAnalyses::all();

  SmallPtrSet<Function *, 4> WithUnboundedView;
  for (CallInst *Call : callsOf(ViewMarker))
    if (isUnboundedView(*Call))
      WithUnboundedView.insert(Call->getFunction());

  // Answer the questions; count them per second entry point.
  SmallPtrSet<Function *, 8> Kept;
  for (Function *Entry : Entries)
    if (Offsets32 && !Entry->isDeclaration() &&
        !mayUseUnboundedView(*Entry, WithUnboundedView))
      Kept.insert(Entry);
  SmallPtrSet<Function *, 8> Asked;
  for (CallInst *Call : callsOf(Query)) {
    Function *In = Call->getFunction();
    bool Answer = Kept.contains(In);
    if (Answer)
      Asked.insert(In);
    Call->replaceAllUsesWith(ConstantInt::getBool(Call->getType(), Answer));
    Call->eraseFromParent();
  }
  for (CallInst *Call : callsOf(ViewMarker)) {
    Call->replaceAllUsesWith(Call->getArgOperand(0));
    Call->eraseFromParent();
  }

  // Second entry points that would be the same code as the first, or that
  // may not use 32-bit offsets: the runtime launches the first instead. A
  // whole-tiles entry differs from the first without a question asked.
  for (Function *Entry : Entries)
    if (!Asked.contains(Entry) &&
        !(isWholeTilesEntry(*Entry) && Kept.contains(Entry))) {
      Entry->replaceAllUsesWith(PoisonValue::get(Entry->getType()));
      Entry->eraseFromParent();
    }
  for (Function *Marker : {Query, ViewMarker})
    if (Marker && Marker->use_empty())
      Marker->eraseFromParent();
  return PreservedAnalyses::none();
}
