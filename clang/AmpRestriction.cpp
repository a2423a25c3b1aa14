//===- AmpRestriction.cpp - C++ AMP's restriction of a function ----------===//
//
// Part of hcc.
//
// Special members: C++ AMP gives an implicitly declared (or defaulted)
// constructor, destructor or assignment operator the restrictions that all
// the special members it calls share, so `struct A : B {}` has a cpu-only
// default constructor when B's is cpu-only. By the time the checks run
// Clang has defined every such member that is used: the constructors'
// initialisers and the assignment operators' bodies name the members they
// call; a destructor calls those of its bases and members.
//
//===----------------------------------------------------------------------===//

#include "AmpRestriction.h"

#include "ExecutionSpace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Builtins.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"

using namespace clang;

namespace hcc {

std::string AmpSides::spelling() const {
  if (Amp && Cpu)
    return "restrict(cpu, amp)";
  if (Amp)
    return "restrict(amp)";
  if (Cpu)
    return "restrict(cpu)";
  return "no restriction";
}

namespace {

/// The declaration whose source the user wrote: the template pattern of an
/// instantiation.
const FunctionDecl &writtenDecl(const FunctionDecl &FD) {
  if (const FunctionDecl *Pattern =
          FD.getTemplateInstantiationPattern(/*ForDefinition=*/false))
    return *Pattern;
  return FD;
}

bool isInSystemHeader(const Decl &D) {
  return isAmpLibraryLocation(D.getASTContext().getSourceManager(),
                              D.getLocation());
}

/// What the restriction specifiers (and, if \p CudaAttributes, Clang's
/// CUDA attributes written by the user) of any declaration of \p FD say;
/// nullopt if there are none. A declaration without any counts as
/// restrict(cpu) once another one has a restriction: hcc merges
/// `int f(); int f() restrict(amp) {...}` into one amp-and-cpu function
/// (Redeclarations.h), and host code may call it.
std::optional<AmpSides> writtenSides(const FunctionDecl &FD,
                                     bool CudaAttributes) {
  AmpSides Sides;
  bool Any = false, AnyPlain = false;
  for (const FunctionDecl *D : FD.redecls()) {
    Restriction R = writtenRestriction(*D);
    if (R == Restriction::Amp || R == Restriction::Both)
      Sides.Amp = Any = true;
    if (R == Restriction::Cpu || R == Restriction::Both)
      Sides.Cpu = Any = true;
    // A __device__ or __host__ the user wrote (not one Clang or the plugin
    // added).
    bool WrittenDevice = false, WrittenHost = false;
    if (CudaAttributes) {
      const auto *Device = D->getAttr<CUDADeviceAttr>();
      const auto *Host = D->getAttr<CUDAHostAttr>();
      WrittenDevice = Device && !Device->isImplicit();
      WrittenHost = Host && !Host->isImplicit();
      if (WrittenDevice || D->hasAttr<CUDAGlobalAttr>())
        Sides.Amp = Any = true;
      if (WrittenHost)
        Sides.Cpu = Any = true;
    }
    if (R == Restriction::None && !D->isImplicit() && !WrittenDevice &&
        !WrittenHost)
      AnyPlain = true;
  }
  if (!Any)
    return std::nullopt;
  if (AnyPlain)
    Sides.Cpu = true;
  return Sides;
}

enum class SpecialKind { None, Constructor, Destructor, Assignment };

SpecialKind specialKind(const FunctionDecl &FD) {
  const auto *MD = dyn_cast<CXXMethodDecl>(&FD);
  if (!MD || !(MD->isDefaulted() || MD->isImplicit()))
    return SpecialKind::None;
  if (isa<CXXConstructorDecl>(MD))
    return SpecialKind::Constructor;
  if (isa<CXXDestructorDecl>(MD))
    return SpecialKind::Destructor;
  if (MD->isCopyAssignmentOperator() || MD->isMoveAssignmentOperator())
    return SpecialKind::Assignment;
  return SpecialKind::None;
}

/// The functions an implicitly defined special member calls directly.
class SpecialMemberCallees : public RecursiveASTVisitor<SpecialMemberCallees> {
public:
  llvm::SmallVector<const FunctionDecl *, 8> Callees;

  bool VisitCallExpr(CallExpr *E) {
    if (const FunctionDecl *Callee = E->getDirectCallee())
      Callees.push_back(Callee);
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *E) {
    Callees.push_back(E->getConstructor());
    return true;
  }
};

class SidesCache {
public:
  AmpSides get(const FunctionDecl &FD) {
    const FunctionDecl *Key = FD.getCanonicalDecl();
    auto It = Cache.find(Key);
    if (It != Cache.end())
      return It->second.Sides;
    // A cycle (a member calling itself through a subobject of its own
    // type cannot happen; guard anyway): assume both.
    Cache[Key] = {AmpSides::both(), nullptr};
    Entry E = compute(FD);
    Cache[Key] = E;
    return E.Sides;
  }

  const FunctionDecl *reason(const FunctionDecl &FD) {
    get(FD);
    return Cache[FD.getCanonicalDecl()].Reason;
  }

private:
  struct Entry {
    AmpSides Sides;
    const FunctionDecl *Reason;
  };

  Entry compute(const FunctionDecl &FD) {
    const FunctionDecl &Written = writtenDecl(FD);
    // hcc's headers and the C++ library say nothing of restrictions (hcc
    // compiles whatever a kernel reaches); their __device__ math
    // declarations are for code generation, not the language.
    bool Library =
        isInSystemHeader(Written) || Written.getLocation().isInvalid();
    if (std::optional<AmpSides> Sides = writtenSides(Written, !Library))
      return {*Sides, nullptr};
    if (specialKind(FD) != SpecialKind::None)
      return inferSpecialMember(cast<CXXMethodDecl>(FD));
    // The C library's allocator is the host's, as operator new is (C++ AMP
    // has no dynamic allocation in amp code).
    if (isCAllocationFunction(FD))
      return {AmpSides::cpu(), nullptr};
    if (Library)
      return {AmpSides::both(), nullptr};
    if (isLocalFunction(Written))
      return {ampAmbientSides(Written), nullptr};
    if (unsigned ID = FD.getBuiltinID())
      if (!FD.getASTContext().BuiltinInfo.isPredefinedLibFunction(ID))
        return {AmpSides::both(), nullptr};
    if (FD.isReplaceableGlobalAllocationFunction())
      return {AmpSides::cpu(), nullptr};
    if (FD.isConstexpr())
      return {AmpSides::both(), nullptr};
    return {AmpSides::cpu(), nullptr};
  }

  /// By name: the device heap's redeclarations (`__device__ malloc`) hide
  /// the builtin identity of the C library's.
  static bool isCAllocationFunction(const FunctionDecl &FD) {
    const IdentifierInfo *Id = FD.getIdentifier();
    if (!Id || !FD.isExternC() ||
        !FD.getDeclContext()->getRedeclContext()->isTranslationUnit())
      return false;
    StringRef Name = Id->getName();
    return Name == "malloc" || Name == "calloc" || Name == "realloc" ||
           Name == "free";
  }

  /// Lambdas and the members of local classes.
  static bool isLocalFunction(const FunctionDecl &FD) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(&FD))
      if (MD->getParent()->isLambda())
        return true;
    return FD.getParent()->isFunctionOrMethod() ||
           (isa<CXXRecordDecl>(FD.getDeclContext()) &&
            cast<CXXRecordDecl>(FD.getDeclContext())->isLocalClass());
  }

  Entry inferSpecialMember(const CXXMethodDecl &MD) {
    const CXXRecordDecl *RD = MD.getParent();
    Entry Result{AmpSides::both(), nullptr};
    auto Meet = [&](const FunctionDecl *Callee) {
      if (!Callee)
        return;
      AmpSides Sides = ampOverloadSides(*Callee);
      if (!Sides.covers(Result.Sides)) {
        Result.Sides = Result.Sides & Sides;
        if (!Result.Reason)
          Result.Reason = Callee;
      }
    };
    if (isa<CXXDestructorDecl>(MD)) {
      auto DestructorOf = [](QualType T) -> const CXXDestructorDecl * {
        const CXXRecordDecl *Class = T->getBaseElementTypeUnsafe()
                                         ->getAsCXXRecordDecl();
        if (!Class || !Class->hasDefinition())
          return nullptr;
        const CXXDestructorDecl *D = Class->getDestructor();
        return D && !D->isTrivial() ? D : nullptr;
      };
      for (const CXXBaseSpecifier &Base : RD->bases())
        Meet(DestructorOf(Base.getType()));
      for (const CXXBaseSpecifier &Base : RD->vbases())
        Meet(DestructorOf(Base.getType()));
      for (const FieldDecl *Field : RD->fields())
        Meet(DestructorOf(Field->getType()));
      return Result;
    }
    SpecialMemberCallees Callees;
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&MD)) {
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->getInit())
          Callees.TraverseStmt(Init->getInit());
    }
    if (const Stmt *Body = MD.getBody())
      Callees.TraverseStmt(const_cast<Stmt *>(Body));
    for (const FunctionDecl *Callee : Callees.Callees)
      Meet(Callee);
    return Result;
  }

  llvm::DenseMap<const FunctionDecl *, Entry> Cache;
};

SidesCache &cache() {
  static SidesCache Cache;
  return Cache;
}

} // namespace

bool isAmpLibraryLocation(const SourceManager &SM, SourceLocation Loc) {
  if (Loc.isInvalid())
    return false;
  Loc = SM.getExpansionLoc(Loc);
  if (SM.isInSystemHeader(Loc))
    return true;
  // The driver's -include'd prelude sits outside the system include
  // directories but is hcc's as much as <hc.hpp>: a file included from
  // the predefines buffer, or from such a file.
  for (FileID File = SM.getFileID(Loc); File.isValid();) {
    SourceLocation Includer = SM.getIncludeLoc(File);
    if (Includer.isInvalid())
      return false;
    if (SM.isWrittenInBuiltinFile(Includer))
      return true;
    File = SM.getFileID(Includer);
  }
  return false;
}

AmpSides ampSidesOf(const FunctionDecl &FD) { return cache().get(FD); }

/// Whether \p Other may be \p FD's twin: overloading on restriction pairs
/// functions of one signature, so a parameter of another type rules it out
/// (a template's dependent parameter may be anything). hcc's headers and
/// the C++ library say nothing of restrictions, so their functions are no
/// one's twin unless one is written (C++ AMP's restrict(cpu) ones).
static bool mayBeRestrictionOverload(const FunctionDecl &FD,
                                     const FunctionDecl &Other) {
  const FunctionDecl &Written = writtenDecl(Other);
  if (isInSystemHeader(Written) &&
      !writtenSides(Written, /*CudaAttributes=*/false))
    return false;
  if (Other.isVariadic())
    return true;
  if (Other.getNumParams() != FD.getNumParams())
    return false;
  ASTContext &Ctx = FD.getASTContext();
  for (unsigned I = 0; I < FD.getNumParams(); ++I) {
    QualType A = FD.getParamDecl(I)->getType();
    QualType B = Other.getParamDecl(I)->getType();
    if (A->isDependentType() || B->isDependentType())
      continue;
    if (!Ctx.hasSameType(A, B))
      return false;
  }
  return true;
}

AmpSides ampOverloadSides(const FunctionDecl &FD) {
  AmpSides Sides = ampSidesOf(FD);
  DeclarationName Name = FD.getDeclName();
  if (!Name || Sides == AmpSides::both())
    return Sides;
  const DeclContext *DC = FD.getDeclContext()->getRedeclContext();
  for (const NamedDecl *Found : DC->lookup(Name)) {
    const FunctionDecl *Other = nullptr;
    if (const auto *Template = dyn_cast<FunctionTemplateDecl>(Found))
      Other = Template->getTemplatedDecl();
    else
      Other = dyn_cast<FunctionDecl>(Found);
    // Implicit special members are not restriction overloads: the implicit
    // move assignment beside an implicit copy assignment says nothing
    // about the other side (and without a body it would seem to cover it).
    if (!Other || Other->getCanonicalDecl() == FD.getCanonicalDecl() ||
        Other->isImplicit())
      continue;
    if (!mayBeRestrictionOverload(FD, *Other))
      continue;
    AmpSides OtherSides = ampSidesOf(*Other);
    Sides.Amp |= OtherSides.Amp;
    Sides.Cpu |= OtherSides.Cpu;
  }
  return Sides;
}

const FunctionDecl *ampSidesReason(const FunctionDecl &FD) {
  return cache().reason(FD);
}

AmpSides ampAmbientSides(const Decl &D) {
  for (const DeclContext *DC = D.getDeclContext(); DC; DC = DC->getParent()) {
    if (const auto *FD = dyn_cast<FunctionDecl>(DC))
      return ampSidesOf(*FD);
    if (DC->isFileContext())
      break;
  }
  return AmpSides::cpu();
}

bool isAmpUserCode(const Decl &D) {
  const Decl *Written = &D;
  if (const auto *FD = dyn_cast<FunctionDecl>(&D))
    Written = &writtenDecl(*FD);
  else if (const auto *RD = dyn_cast<CXXRecordDecl>(&D))
    if (const CXXRecordDecl *Pattern = RD->getTemplateInstantiationPattern())
      Written = Pattern;
  return Written->getLocation().isValid() && !isInSystemHeader(*Written);
}

} // namespace hcc
