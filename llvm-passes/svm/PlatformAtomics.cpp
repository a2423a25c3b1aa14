//===- PlatformAtomics.cpp - std::atomic in kernels, system scope --------===//
//
// Part of hcc. See PlatformAtomics.h for what and why.
//
//===----------------------------------------------------------------------===//

#include "svm/PlatformAtomics.h"

#include "device/DeviceModule.h"
#include "device/DeviceReachability.h"
#include "diagnostics/KernelDiagnostic.h"
#include "diagnostics/SymbolNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include <optional>
#include <set>

using namespace llvm;

static cl::opt<bool> LowerPlatformAtomics(
    "hcc-platform-atomics", cl::init(true), cl::Hidden,
    cl::desc("hcc: give NVPTX read-modify-write atomics their memory order "
             "and scope (atom.<sem>.sys)"));

namespace hcc {
namespace {

/// The NN of "sm_NN" / "sm_NNa" in the functions' target-cpu; 0 if unknown.
unsigned nvptxSmVersion(const Module &M) {
  for (const Function &F : M) {
    StringRef Cpu = F.getFnAttribute("target-cpu").getValueAsString();
    if (!Cpu.consume_front("sm_"))
      continue;
    unsigned Version = 0;
    Cpu = Cpu.take_while([](char C) { return isDigit(C); });
    if (!Cpu.getAsInteger(10, Version))
      return Version;
  }
  return 0;
}

StringRef cxxOrderName(AtomicOrdering Order) {
  switch (Order) {
  case AtomicOrdering::Monotonic:
    return "relaxed";
  case AtomicOrdering::Acquire:
    return "acquire";
  case AtomicOrdering::Release:
    return "release";
  case AtomicOrdering::AcquireRelease:
    return "acq_rel";
  case AtomicOrdering::SequentiallyConsistent:
    return "seq_cst";
  default:
    return "unordered";
  }
}

//===-- The check ---------------------------------------------------------===//

/// Functions of library headers (libstdc++'s <atomic>, hc's headers): an
/// error inside one is reported where the user's code called it.
bool inLibraryHeader(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP || !SP->getFile())
    return false;
  std::string Path =
      (SP->getFile()->getDirectory() + "/" + SP->getFile()->getFilename())
          .str();
  return StringRef(Path).contains("/include/");
}

struct AtomicAccess {
  Type *ValueType = nullptr;
  Align Alignment;
  AtomicOrdering Order = AtomicOrdering::NotAtomic;
  SyncScope::ID Scope = SyncScope::System;
};

std::optional<AtomicAccess> atomicAccess(const Instruction &I) {
  if (const auto *L = dyn_cast<LoadInst>(&I); L && L->isAtomic())
    return AtomicAccess{L->getType(), L->getAlign(), L->getOrdering(),
                        L->getSyncScopeID()};
  if (const auto *S = dyn_cast<StoreInst>(&I); S && S->isAtomic())
    return AtomicAccess{S->getValueOperand()->getType(), S->getAlign(),
                        S->getOrdering(), S->getSyncScopeID()};
  if (const auto *RMW = dyn_cast<AtomicRMWInst>(&I))
    return AtomicAccess{RMW->getValOperand()->getType(), RMW->getAlign(),
                        RMW->getOrdering(), RMW->getSyncScopeID()};
  if (const auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
    return AtomicAccess{CX->getNewValOperand()->getType(), CX->getAlign(),
                        CX->getSuccessOrdering(), CX->getSyncScopeID()};
  return std::nullopt;
}

/// libatomic's entry points: Clang calls them for atomic objects that are
/// not lock-free (too big, or not naturally aligned). They take a lock in
/// host memory and exist only on the host.
bool isLibatomicCall(const CallBase &Call) {
  const Function *Callee = Call.getCalledFunction();
  return Callee && Callee->isDeclaration() &&
         Callee->getName().starts_with("__atomic_");
}

class AtomicsChecker {
public:
  AtomicsChecker(const Module &M, const DeviceReachability &R)
      : R(R), DL(M.getDataLayout()) {}

  /// The error for \p I, or an empty string.
  std::string problem(const Instruction &I) const {
    std::string Text;
    raw_string_ostream OS(Text);
    if (const auto *Call = dyn_cast<CallBase>(&I)) {
      if (!isLibatomicCall(*Call))
        return Text;
      OS << "uses an atomic object that is not lock-free ('"
         << Call->getCalledFunction()->getName()
         << "', the host's lock-based libatomic); atomics in kernels must be "
            "1, 2, 4 or 8 bytes wide and naturally aligned";
      return Text;
    }
    std::optional<AtomicAccess> A = atomicAccess(I);
    if (!A || A->Scope == SyncScope::SingleThread)
      return Text;
    uint64_t Size = DL.getTypeStoreSize(A->ValueType);
    if (Size > 8 || !isPowerOf2_64(Size)) {
      OS << "uses a " << Size
         << "-byte atomic operation, which the device cannot perform; "
            "atomics in kernels must be 1, 2, 4 or 8 bytes wide";
      return Text;
    }
    if (A->Alignment.value() < Size) {
      OS << "uses a misaligned " << Size
         << "-byte atomic operation (aligned to " << A->Alignment.value()
         << "), which the device cannot perform";
      return Text;
    }
    return Text;
  }

  /// Reports once per source site: at -O0 libstdc++'s atomics switch over
  /// the memory order, one instruction per order.
  void report(const Function &F, const Instruction &I, StringRef What) {
    // Walk out of library headers to the user's call: the error then points
    // at `a.fetch_add(1)` rather than into <bits/atomic_base.h>.
    const Function *SiteFunction = &F;
    const Instruction *Site = &I;
    while (inLibraryHeader(*SiteFunction)) {
      const ReachedFrom &From = R.from(SiteFunction);
      const auto *Parent = dyn_cast_or_null<Function>(From.Parent);
      if (!Parent || !From.Site)
        break;
      SiteFunction = Parent;
      Site = From.Site;
    }
    if (!Reported.insert({Site, What.str()}).second)
      return;
    std::string Full = What.str();
    if (SiteFunction != &F)
      Full += " (in '" + displayName(F) + "')";
    reportKernelError(R, *SiteFunction, *SiteFunction, Site, Full);
  }

private:
  const DeviceReachability &R;
  const DataLayout &DL;
  std::set<std::pair<const Instruction *, std::string>> Reported;
};

} // namespace

PreservedAnalyses PlatformAtomicsCheckPass::run(Module &M,
                                                ModuleAnalysisManager &) {
  if (!isDeviceModule(M))
    return PreservedAnalyses::all();
  SmallVector<Function *, 8> Kernels = findDiagnosedKernels(M);
  SmallVector<GlobalValue *, 16> Roots(Kernels.begin(), Kernels.end());
  DeviceReachability FromKernels(Roots);
  AtomicsChecker Checker(M, FromKernels);

  SmallVector<Instruction *, 4> Reported;
  for (const GlobalValue *GV : FromKernels.symbols()) {
    const auto *F = dyn_cast<Function>(GV);
    if (!F || F->isDeclaration())
      continue;
    for (const Instruction &I : instructions(*F)) {
      std::string What = Checker.problem(I);
      if (What.empty())
        continue;
      Checker.report(*F, I, What);
      Reported.push_back(const_cast<Instruction *>(&I));
    }
  }
  if (Reported.empty())
    return PreservedAnalyses::all();
  // Clang fails the compilation after code generation. Until then the
  // reported operations must neither reach the backend (which aborts on
  // them) nor be reported again by pruning as calls without a definition.
  for (Instruction *I : Reported) {
    if (!I->getType()->isVoidTy())
      I->replaceAllUsesWith(PoisonValue::get(I->getType()));
    I->eraseFromParent();
  }
  return PreservedAnalyses::none();
}

//===-- The lowering ------------------------------------------------------===//

namespace {

/// One PTX read-modify-write: "atom.<sem>.<scope><space>.<Op>.<Type>".
struct PtxRmw {
  StringRef Op;
  StringRef PtxType;
  /// The inline-asm register class of the value: h, r, l, f, d.
  char Constraint;
  /// The type the asm operates on (i16 for f16/bf16, integers for xchg of
  /// floats and pointers).
  Type *AsmType;
  bool Negate = false; // sub = add of the negated value
};

std::optional<StringRef> ptxScope(LLVMContext &Ctx, SyncScope::ID ID) {
  if (ID == SyncScope::System)
    return StringRef("sys");
  if (ID == SyncScope::SingleThread)
    return std::nullopt;
  SmallVector<StringRef, 8> Names;
  Ctx.getSyncScopeNames(Names);
  if (ID >= Names.size())
    return std::nullopt;
  StringRef Name = Names[ID];
  if (Name == "device")
    return StringRef("gpu");
  if (Name == "block")
    return StringRef("cta");
  if (Name == "cluster")
    return StringRef("cluster");
  return std::nullopt;
}

/// What the NVPTX backend lowers natively (and so without order or scope)
/// for \p RMW at full width; nullopt for what it expands to cmpxchg loops.
std::optional<PtxRmw> nativeRmw(const AtomicRMWInst &RMW, unsigned Sm) {
  Type *Ty = RMW.getValOperand()->getType();
  LLVMContext &Ctx = Ty->getContext();
  using Op = AtomicRMWInst::BinOp;
  Op Kind = RMW.getOperation();
  if (Ty->isIntegerTy(32) || Ty->isIntegerTy(64) || Ty->isPointerTy()) {
    bool Wide = !Ty->isIntegerTy(32);
    if (Ty->isPointerTy() && Kind != Op::Xchg)
      return std::nullopt;
    char C = Wide ? 'l' : 'r';
    Type *IntTy = Wide ? Type::getInt64Ty(Ctx) : Type::getInt32Ty(Ctx);
    StringRef B = Wide ? "b64" : "b32", U = Wide ? "u64" : "u32",
              S = Wide ? "s64" : "s32";
    switch (Kind) {
    case Op::Xchg:
      return PtxRmw{"exch", B, C, IntTy};
    case Op::Add:
      return PtxRmw{"add", U, C, IntTy};
    case Op::Sub:
      return PtxRmw{"add", U, C, IntTy, /*Negate=*/true};
    case Op::And:
      return PtxRmw{"and", B, C, IntTy};
    case Op::Or:
      return PtxRmw{"or", B, C, IntTy};
    case Op::Xor:
      return PtxRmw{"xor", B, C, IntTy};
    case Op::Max:
      return PtxRmw{"max", S, C, IntTy};
    case Op::Min:
      return PtxRmw{"min", S, C, IntTy};
    case Op::UMax:
      return PtxRmw{"max", U, C, IntTy};
    case Op::UMin:
      return PtxRmw{"min", U, C, IntTy};
    case Op::UIncWrap:
      return Wide ? std::nullopt : std::optional(PtxRmw{"inc", U, C, IntTy});
    case Op::UDecWrap:
      return Wide ? std::nullopt : std::optional(PtxRmw{"dec", U, C, IntTy});
    default:
      return std::nullopt;
    }
  }
  if (Ty->isFloatTy() || Ty->isDoubleTy()) {
    bool Wide = Ty->isDoubleTy();
    if (Kind == Op::Xchg)
      return PtxRmw{"exch", Wide ? "b64" : "b32", Wide ? 'l' : 'r',
                    Wide ? Type::getInt64Ty(Ctx) : Type::getInt32Ty(Ctx)};
    if (Kind == Op::FAdd)
      return PtxRmw{"add", Wide ? "f64" : "f32", Wide ? 'd' : 'f', Ty};
    return std::nullopt;
  }
  if (Kind == Op::FAdd && Ty->isHalfTy() && Sm >= 70)
    return PtxRmw{"add.noftz", "f16", 'h', Type::getInt16Ty(Ctx)};
  if (Kind == Op::FAdd && Ty->isBFloatTy() && Sm >= 90)
    return PtxRmw{"add.noftz", "bf16", 'h', Type::getInt16Ty(Ctx)};
  return std::nullopt;
}

/// 8- and 16-bit and/or/xor: the backend widens them to a 32-bit atom.
bool isWidenedBitwise(const AtomicRMWInst &RMW) {
  Type *Ty = RMW.getValOperand()->getType();
  if (!Ty->isIntegerTy(8) && !Ty->isIntegerTy(16))
    return false;
  switch (RMW.getOperation()) {
  case AtomicRMWInst::And:
  case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor:
    return true;
  default:
    return false;
  }
}

/// Whether \p RMW is written as a PTX red: its result is unused, its order
/// relaxed or release (all red takes) and its operation one red has (not
/// exch).
bool isReduction(const AtomicRMWInst &RMW) {
  AtomicOrdering Order = RMW.getOrdering();
  return RMW.use_empty() && RMW.getOperation() != AtomicRMWInst::Xchg &&
         (Order == AtomicOrdering::Monotonic ||
          Order == AtomicOrdering::Release);
}

class RmwLowering {
public:
  RmwLowering(const Module &M)
      : DL(M.getDataLayout()), Sm(nvptxSmVersion(M)) {}

  /// Replaces \p RMW; false when it is left to the backend.
  bool lower(AtomicRMWInst &RMW) {
    if (Sm < 60)
      return false; // no system scope before sm_60: nothing to fix
    AtomicOrdering Order = RMW.getOrdering();
    if (Sm < 70 && Order != AtomicOrdering::Monotonic)
      return false; // reported by the check; no .sem before sm_70
    std::optional<StringRef> Scope =
        ptxScope(RMW.getContext(), RMW.getSyncScopeID());
    if (!Scope)
      return false;
    // A relaxed GPU-scope read-modify-write whose result is used is what
    // the backend emits anyway (a bare atom is .relaxed.gpu); left to it,
    // it stays an ordinary instruction the backend can schedule. hc's
    // atomics on array data are such (ArrayDataScope.h). With the result
    // unused the backend still writes an atom, which ptxas keeps as an
    // ATOM: a red here (REDG) has 1.6x its throughput on an H100.
    if (*Scope == "gpu" && Order == AtomicOrdering::Monotonic &&
        RMW.getPointerAddressSpace() != 3 && !RMW.use_empty())
      return false;
    if (*Scope == "cluster" && Sm < 90)
      Scope = StringRef("gpu"); // no clusters before sm_90: the GPU holds it
    unsigned AS = RMW.getPointerAddressSpace();
    StringRef Space;
    if (AS == 1)
      Space = ".global";
    else if (AS == 3) {
      // .shared is visible to the CTA alone: cta scope is all there is.
      Space = ".shared";
      Scope = StringRef("cta");
    } else if (AS != 0)
      return false;

    if (isWidenedBitwise(RMW))
      return lowerWidened(RMW, *Scope, Space);
    std::optional<PtxRmw> Ptx = nativeRmw(RMW, Sm);
    if (!Ptx)
      return false;

    IRBuilder<> B(&RMW);
    Value *Val = RMW.getValOperand();
    Type *ValTy = Val->getType();
    if (ValTy->isPointerTy())
      Val = B.CreatePtrToInt(Val, Ptx->AsmType);
    else if (ValTy != Ptx->AsmType)
      Val = B.CreateBitCast(Val, Ptx->AsmType);
    if (Ptx->Negate)
      Val = B.CreateNeg(Val);
    Value *Old = emit(B, RMW, *Scope, Space, *Ptx, Val);
    if (Old) {
      if (ValTy->isPointerTy())
        Old = B.CreateIntToPtr(Old, ValTy);
      else if (ValTy != Ptx->AsmType)
        Old = B.CreateBitCast(Old, ValTy);
      RMW.replaceAllUsesWith(Old);
    }
    RMW.eraseFromParent();
    return true;
  }

private:
  /// The 8/16-bit value sits in its aligned 32-bit word, little-endian;
  /// and keeps the other bytes with ones, or/xor with zeros.
  bool lowerWidened(AtomicRMWInst &RMW, StringRef Scope, StringRef Space) {
    IRBuilder<> B(&RMW);
    LLVMContext &Ctx = RMW.getContext();
    Type *I32 = Type::getInt32Ty(Ctx);
    Value *Ptr = RMW.getPointerOperand();
    Type *IdxTy = DL.getIndexType(Ptr->getType());
    Value *Word = B.CreateIntrinsic(Intrinsic::ptrmask,
                                    {Ptr->getType(), IdxTy},
                                    {Ptr, ConstantInt::get(IdxTy, ~3ULL)});
    Value *Byte = B.CreateAnd(B.CreatePtrToInt(Ptr, IdxTy), 3);
    Value *Shift = B.CreateTrunc(B.CreateShl(Byte, 3), I32);
    Type *Ty = RMW.getValOperand()->getType();
    Value *Val = B.CreateShl(B.CreateZExt(RMW.getValOperand(), I32), Shift);
    StringRef Op = "and";
    if (RMW.getOperation() == AtomicRMWInst::And) {
      uint64_t Mask = Ty->isIntegerTy(8) ? 0xff : 0xffff;
      Val = B.CreateOr(
          Val, B.CreateNot(B.CreateShl(ConstantInt::get(I32, Mask), Shift)));
    } else {
      Op = RMW.getOperation() == AtomicRMWInst::Or ? "or" : "xor";
    }
    PtxRmw Ptx{Op, "b32", 'r', I32};
    Value *Old = emit(B, RMW, Scope, Space, Ptx, Val, Word);
    if (Old)
      RMW.replaceAllUsesWith(B.CreateTrunc(B.CreateLShr(Old, Shift), Ty));
    RMW.eraseFromParent();
    return true;
  }

  /// The inline assembly; returns the old value, or null for a red whose
  /// result nobody uses.
  Value *emit(IRBuilder<> &B, AtomicRMWInst &RMW, StringRef Scope,
              StringRef Space, const PtxRmw &Ptx, Value *Val,
              Value *Ptr = nullptr) {
    if (!Ptr)
      Ptr = RMW.getPointerOperand();
    AtomicOrdering Order = RMW.getOrdering();
    bool Red = isReduction(RMW);
    std::string Asm;
    raw_string_ostream OS(Asm);
    if (Order == AtomicOrdering::SequentiallyConsistent)
      OS << "fence.sc." << Scope << ";\n\t";
    OS << (Red ? "red" : "atom");
    if (Sm >= 70) {
      switch (Order) {
      case AtomicOrdering::Monotonic:
        OS << ".relaxed";
        break;
      case AtomicOrdering::Release:
        OS << ".release";
        break;
      case AtomicOrdering::AcquireRelease:
        OS << ".acq_rel";
        break;
      default: // acquire; seq_cst after its fence.sc
        OS << ".acquire";
        break;
      }
    }
    OS << "." << Scope << Space << "." << Ptx.Op << "." << Ptx.PtxType;
    char PtrC = DL.getPointerSizeInBits(RMW.getPointerAddressSpace()) == 64
                    ? 'l'
                    : 'r';
    std::string Constraints;
    Type *RetTy = B.getVoidTy();
    if (Red) {
      OS << " [$0], $1;";
      Constraints = std::string(1, PtrC) + "," + Ptx.Constraint;
    } else {
      OS << " $0, [$1], $2;";
      Constraints = std::string("=") + Ptx.Constraint + "," + PtrC + "," +
                    Ptx.Constraint;
      RetTy = Ptx.AsmType;
    }
    Constraints += ",~{memory}";
    auto *FTy = FunctionType::get(RetTy, {Ptr->getType(), Ptx.AsmType}, false);
    InlineAsm *IA = InlineAsm::get(FTy, Asm, Constraints,
                                   /*hasSideEffects=*/true);
    CallInst *Call = B.CreateCall(IA, {Ptr, Val});
    Call->setDebugLoc(RMW.getDebugLoc());
    return Red ? nullptr : Call;
  }

  const DataLayout &DL;
  unsigned Sm;
};

} // namespace

namespace {

/// The outermost inlined location still inside a library header: the
/// user's line that called into <atomic>.
DebugLoc userLocation(const Instruction &I) {
  const DILocation *Loc = I.getDebugLoc().get();
  while (Loc && Loc->getInlinedAt()) {
    std::string Path =
        (Loc->getDirectory() + "/" + Loc->getFilename()).str();
    if (!StringRef(Path).contains("/include/"))
      break;
    Loc = Loc->getInlinedAt();
  }
  return DebugLoc(Loc);
}

/// Before sm_70 PTX has no memory model: LLVM aborts on acquire/release
/// atomics. Checked here, after inlining, when the orders libstdc++ passes
/// around at -O0 are constants. Returns whether anything was reported.
bool diagnoseOrdersBeforeSm70(Module &M, unsigned Sm) {
  SmallVector<Function *, 8> Kernels = findDiagnosedKernels(M);
  SmallVector<GlobalValue *, 16> Roots(Kernels.begin(), Kernels.end());
  DeviceReachability FromKernels(Roots);
  SmallVector<Instruction *, 4> Bad;
  std::set<std::pair<const DILocation *, int>> Seen;
  for (Function &F : M) {
    if (F.isDeclaration() || !FromKernels.contains(&F))
      continue;
    for (Instruction &I : instructions(F)) {
      std::optional<AtomicAccess> A = atomicAccess(I);
      if (!A || A->Scope == SyncScope::SingleThread ||
          !isStrongerThanMonotonic(A->Order))
        continue;
      Bad.push_back(&I);
      DebugLoc Where = userLocation(I);
      if (!Seen.insert({Where.get(), int(A->Order)}).second)
        continue;
      std::string What;
      raw_string_ostream(What)
          << "uses a memory_order_" << cxxOrderName(A->Order)
          << " atomic operation; memory orders other than relaxed need "
             "sm_70 or newer (the PTX memory model), this is sm_"
          << Sm;
      DiagnosticLocation Loc =
          Where ? DiagnosticLocation(Where) : DiagnosticLocation();
      reportKernelError(FromKernels, F, F, Loc, What);
    }
  }
  // Clang fails the compilation; the backend must not abort on them first.
  for (Instruction *I : Bad) {
    if (!I->getType()->isVoidTy())
      I->replaceAllUsesWith(PoisonValue::get(I->getType()));
    I->eraseFromParent();
  }
  return !Bad.empty();
}

/// A reduction (isReduction) is a REDG in SASS on a .global address but an
/// ATOM on a generic one (ptxas cannot tell global from shared memory
/// there): 0.56x of the REDG's throughput on an H100. When the address
/// space could not be inferred (a pointer loaded from memory: view data
/// behind a reference, raw pointers), the operation is versioned on
/// isspacep.global; returns the global copy, null when \p RMW is left as
/// it is.
AtomicRMWInst *versionForGlobalMemory(AtomicRMWInst &RMW, unsigned Sm) {
  if (RMW.getPointerAddressSpace() != 0 || !isReduction(RMW) ||
      !nativeRmw(RMW, Sm))
    return nullptr;
  IRBuilder<> B(&RMW);
  Value *Ptr = RMW.getPointerOperand();
  Value *IsGlobal =
      B.CreateIntrinsic(Intrinsic::nvvm_isspacep_global, {}, {Ptr});
  Instruction *GlobalTerm = nullptr, *GenericTerm = nullptr;
  SplitBlockAndInsertIfThenElse(IsGlobal, &RMW, &GlobalTerm, &GenericTerm);
  auto *Global = cast<AtomicRMWInst>(RMW.clone());
  Global->insertBefore(GlobalTerm->getIterator());
  B.SetInsertPoint(Global);
  Global->setOperand(AtomicRMWInst::getPointerOperandIndex(),
                     B.CreateAddrSpaceCast(
                         Ptr, PointerType::get(RMW.getContext(), 1)));
  RMW.moveBefore(GenericTerm->getIterator());
  return Global;
}

} // namespace

PreservedAnalyses PlatformAtomicsLoweringPass::run(Module &M,
                                                   ModuleAnalysisManager &MAM) {
  if (!M.getTargetTriple().isNVPTX())
    return PreservedAnalyses::all();
  unsigned Sm = nvptxSmVersion(M);
  bool Diagnosed = Sm && Sm < 70 && diagnoseOrdersBeforeSm70(M, Sm);
  if (!LowerPlatformAtomics)
    return Diagnosed ? PreservedAnalyses::none() : PreservedAnalyses::all();
  // The backend infers address spaces only after this pass; the inline
  // assembly would keep generic addressing (slower for .shared, the
  // tile_static atomics of hc's atomic_* functions). Infer them first.
  FunctionAnalysisManager &FAM =
      MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
  SmallVector<AtomicRMWInst *, 16> Rmws;
  for (Function &F : M) {
    if (F.isDeclaration() ||
        none_of(instructions(F), [](Instruction &I) {
          return isa<AtomicRMWInst>(I);
        }))
      continue;
    PreservedAnalyses PA = InferAddressSpacesPass(/*generic*/ 0).run(F, FAM);
    FAM.invalidate(F, PA);
    for (Instruction &I : instructions(F))
      if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
        Rmws.push_back(RMW);
  }
  bool Changed = Diagnosed;
  if (Sm >= 60)
    for (unsigned I = 0, E = Rmws.size(); I != E; ++I)
      if (AtomicRMWInst *Global = versionForGlobalMemory(*Rmws[I], Sm)) {
        Rmws.push_back(Global);
        Changed = true;
      }
  RmwLowering Lowering(M);
  for (AtomicRMWInst *RMW : Rmws)
    Changed |= Lowering.lower(*RMW);
  return Changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hcc
