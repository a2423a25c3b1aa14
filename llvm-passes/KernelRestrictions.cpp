//===- KernelRestrictions.cpp - What a kernel cannot do ------------------===//
//
// Part of hcc.
//
// Clang lowers these constructs to calls into the C++ runtime (libsupc++),
// which has no device version, or to inline assembly:
//   throw e;           __cxa_allocate_exception + __cxa_throw
//   throw;             __cxa_rethrow
//   typeid(*p)         __cxa_bad_typeid (for a null p) and the vtable's RTTI
//   dynamic_cast<D*>   __dynamic_cast (and __cxa_bad_cast for references)
// so they are recognised by those calls, before the generic "calls X, which
// has no definition for the device" check would name the runtime function.
// try/catch leaves no trace in device IR (Clang compiles device code without
// exception handling, and a catch is unreachable when nothing can throw).
//
//===----------------------------------------------------------------------===//

#include "KernelRestrictions.h"

#include "DeviceReachability.h"
#include "KernelDiagnostic.h"
#include "PtxInlineAsm.h"
#include "SymbolNames.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace hcc {
namespace {

enum class RuntimeCall { None, Throw, ThrowHelper, Typeid, DynamicCast };

RuntimeCall classifyRuntimeCall(StringRef Name) {
  return StringSwitch<RuntimeCall>(Name)
      .Cases({"__cxa_throw", "__cxa_rethrow"}, RuntimeCall::Throw)
      .Cases({"__cxa_allocate_exception", "__cxa_free_exception"},
             RuntimeCall::ThrowHelper)
      .Case("__cxa_bad_typeid", RuntimeCall::Typeid)
      .Cases({"__dynamic_cast", "__cxa_bad_cast"}, RuntimeCall::DynamicCast)
      .Default(RuntimeCall::None);
}

/// printf is lowered to the device's vprintf by Clang; both are supplied.
bool isDevicePrintf(StringRef Name) {
  return Name == "printf" || Name == "vprintf";
}

class RestrictionChecker {
public:
  RestrictionChecker(const Module &M, const DeviceReachability &R,
                     SmallPtrSetImpl<const GlobalValue *> &Explained)
      : R(R), Explained(Explained),
        CheckPtx(Triple(M.getTargetTriple()).isNVPTX()) {}

  void check(const Function &F) {
    for (const Instruction &I : instructions(F))
      if (const auto *Call = dyn_cast<CallBase>(&I))
        checkCall(F, *Call);
  }

  unsigned errors() const { return Errors; }

private:
  void report(const Function &F, const Instruction &Site, StringRef What) {
    reportKernelError(R, F, F, &Site, What);
    ++Errors;
  }

  void checkCall(const Function &F, const CallBase &Call) {
    if (const auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand())) {
      if (!CheckPtx)
        return;
      std::string Why = whyNotPtx(*Asm);
      if (!Why.empty())
        report(F, Call,
               "uses inline assembly that is not PTX (" + Why +
                   "); host assembly cannot run on the device");
      return;
    }

    const auto *Callee =
        dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts());
    if (Callee && Callee->isIntrinsic())
      return;
    switch (Callee ? classifyRuntimeCall(Callee->getName())
                   : RuntimeCall::None) {
    case RuntimeCall::Throw:
      Explained.insert(Callee);
      return report(F, Call,
                    "throws an exception; GPUs have no exception handling");
    case RuntimeCall::ThrowHelper:
      Explained.insert(Callee);
      return;
    case RuntimeCall::Typeid:
      Explained.insert(Callee);
      return report(F, Call,
                    "uses typeid of a polymorphic object; GPUs have no "
                    "run-time type information");
    case RuntimeCall::DynamicCast:
      Explained.insert(Callee);
      return report(F, Call,
                    "uses dynamic_cast; GPUs have no run-time type "
                    "information");
    case RuntimeCall::None:
      break;
    }

    if (!Call.getFunctionType()->isVarArg() ||
        (Callee && isDevicePrintf(Callee->getName())))
      return;
    if (Callee) {
      Explained.insert(Callee);
      report(F, Call,
             "calls variadic function '" + displayName(*Callee) +
                 "'; device code supports no variadic calls other than "
                 "printf");
    } else {
      report(F, Call,
             "calls a variadic function through a pointer; device code "
             "supports no variadic calls other than printf");
    }
  }

  const DeviceReachability &R;
  SmallPtrSetImpl<const GlobalValue *> &Explained;
  bool CheckPtx;
  unsigned Errors = 0;
};

} // namespace

unsigned diagnoseKernelRestrictions(
    const Module &M, const DeviceReachability &FromKernels,
    SmallPtrSetImpl<const GlobalValue *> &Explained) {
  RestrictionChecker Checker(M, FromKernels, Explained);
  for (const GlobalValue *GV : FromKernels.symbols())
    if (const auto *F = dyn_cast<Function>(GV))
      if (!F->isDeclaration())
        Checker.check(*F);
  return Checker.errors();
}

} // namespace hcc
