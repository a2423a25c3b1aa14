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
// typeid of a polymorphic reference and try/catch leave no such trace; the
// Clang plugin marks the functions that contain them (DeviceCodeMarkers.h).
//
//===----------------------------------------------------------------------===//

#include "diagnostics/KernelRestrictions.h"

#include "device/DeviceReachability.h"
#include "diagnostics/DeviceCodeMarkers.h"
#include "diagnostics/KernelDiagnostic.h"
#include "diagnostics/PtxInlineAsm.h"
#include "diagnostics/SymbolNames.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

namespace hcc {
namespace {

/// ThrowHelper: part of a construct reported through another call (the
/// exception allocation of a throw, the std::bad_cast of a dynamic_cast to a
/// reference).
enum class RuntimeCall { None, Throw, ThrowHelper, Typeid, DynamicCast };

RuntimeCall classifyRuntimeCall(StringRef Name) {
  return StringSwitch<RuntimeCall>(Name)
      .Cases({"__cxa_throw", "__cxa_rethrow"}, RuntimeCall::Throw)
      .Cases({"__cxa_allocate_exception", "__cxa_free_exception",
              "__cxa_bad_cast"},
             RuntimeCall::ThrowHelper)
      .Case("__cxa_bad_typeid", RuntimeCall::Typeid)
      .Case("__dynamic_cast", RuntimeCall::DynamicCast)
      .Default(RuntimeCall::None);
}

/// printf is lowered to the device's vprintf by Clang; both are supplied.
bool isDevicePrintf(StringRef Name) {
  return Name == "printf" || Name == "vprintf";
}

class RestrictionChecker {
public:
  RestrictionChecker(const Module &M, const DeviceReachability &R,
                     ExplainedReferences &Explained)
      : R(R), Explained(Explained), Markers(readDeviceCodeMarkers(M)),
        CheckPtx(Triple(M.getTargetTriple()).isNVPTX()) {}

  void check(const Function &F) {
    checkMarker(F);
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

  void checkMarker(const Function &F) {
    auto It = Markers.find(&F);
    if (It == Markers.end())
      return;
    const DeviceCodeMarker &Marker = It->second;
    DiagnosticLocation Where;
    if (DISubprogram *SP = F.getSubprogram())
      Where = DiagnosticLocation(DebugLoc(DILocation::get(
          F.getContext(), Marker.Line, Marker.Column, SP)));
    reportKernelError(R, F, F, Where,
                      Marker.Kind == DeviceCodeMarker::Typeid
                          ? "uses typeid of a polymorphic object; GPUs have "
                            "no run-time type information"
                          : "uses try/catch; GPUs have no exception handling");
    ++Errors;
  }

  /// The exception object's construction belongs to the throw: its calls
  /// (a std::string or std::out_of_range constructor...) are not reported
  /// on their own, nor is the destructor the throw refers to.
  void explainThrow(const CallBase &Throw) {
    Explained.Sites.insert(&Throw);
    if (Throw.arg_size() == 0)
      return;
    const auto *Object =
        dyn_cast<CallBase>(Throw.getArgOperand(0)->stripPointerCasts());
    if (!Object)
      return;
    for (const User *U : Object->users())
      if (const auto *I = dyn_cast<Instruction>(U))
        Explained.Sites.insert(I);
  }

  void checkCall(const Function &F, const CallBase &Call) {
    if (const auto *Asm = dyn_cast<InlineAsm>(Call.getCalledOperand())) {
      if (!CheckPtx)
        return;
      std::string Why = whyNotPtx(*Asm);
      if (!Why.empty()) {
        report(F, Call,
               "uses inline assembly that is not PTX (" + Why +
                   "); host assembly cannot run on the device");
        return;
      }
      std::string Unterminated = unterminatedPtxStatement(*Asm);
      if (!Unterminated.empty())
        report(F, Call,
               "uses inline assembly whose statement '" + Unterminated +
                   "' does not end with ';', which every PTX statement "
                   "needs; the CUDA driver would reject the program");
      return;
    }

    const auto *Callee =
        dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts());
    if (Callee && Callee->isIntrinsic())
      return;
    // With --hipstdpar, Clang replaces an asm statement whose constraints
    // the device target rejects by a call to this marker, passing the
    // assembly text.
    if (Callee && Callee->getName() == "__ASM__hipstdpar_unsupported") {
      Explained.Symbols.insert(Callee);
      std::string Text = "?";
      if (Call.arg_size() == 1)
        if (const auto *Data =
                dyn_cast<ConstantDataSequential>(Call.getArgOperand(0)))
          if (Data->isCString())
            Text = Data->getAsCString().str();
      return report(F, Call,
                    "uses inline assembly that is not PTX ('" + Text +
                        "' has constraints the device does not have); host "
                        "assembly cannot run on the device");
    }
    switch (Callee ? classifyRuntimeCall(Callee->getName())
                   : RuntimeCall::None) {
    case RuntimeCall::Throw:
      Explained.Symbols.insert(Callee);
      explainThrow(Call);
      return report(F, Call,
                    "throws an exception; GPUs have no exception handling");
    case RuntimeCall::ThrowHelper:
      Explained.Symbols.insert(Callee);
      return;
    case RuntimeCall::Typeid:
      Explained.Symbols.insert(Callee);
      // The plugin's mark already says it, at the typeid itself.
      if (Markers.count(&F))
        return;
      return report(F, Call,
                    "uses typeid of a polymorphic object; GPUs have no "
                    "run-time type information");
    case RuntimeCall::DynamicCast:
      Explained.Symbols.insert(Callee);
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
      Explained.Symbols.insert(Callee);
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
  ExplainedReferences &Explained;
  DenseMap<const Function *, DeviceCodeMarker> Markers;
  bool CheckPtx;
  unsigned Errors = 0;
};

} // namespace

unsigned diagnoseKernelRestrictions(const Module &M,
                                    const DeviceReachability &FromKernels,
                                    ExplainedReferences &Explained) {
  RestrictionChecker Checker(M, FromKernels, Explained);
  for (const GlobalValue *GV : FromKernels.symbols())
    if (const auto *F = dyn_cast<Function>(GV))
      if (!F->isDeclaration())
        Checker.check(*F);
  return Checker.errors();
}

} // namespace hcc
