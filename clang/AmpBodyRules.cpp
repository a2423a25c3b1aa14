//===- AmpBodyRules.cpp - C++ AMP's rules inside a function body ---------===//
//
// Part of hcc.
//
// What the body of a function is checked for (BodyChecker,
// AmpRulesCheckers.h): in restrict(amp) code the statements and
// expressions C++ AMP 1.2 chapter 2 forbids (goto, exception handling,
// run-time type information, inline assembly, string literals, new and
// delete, integer constants wider than 32 bits, casts between pointers and
// integers, pointer arithmetic on bool), the types of its variables and
// casts, static and global variables, function pointers, virtual calls,
// tile barriers in control flow that is not tile-uniform; in any code,
// every call, construction and destruction against the callee's
// restriction, and the element types of array and array_view.
//
//===----------------------------------------------------------------------===//

#include "AmpRulesCheckers.h"

#include "AmpMode.h"
#include "AmpTileUniformity.h"
#include "AmpTypes.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/StmtCXX.h"

#include <string>

using namespace clang;

namespace hcc {
namespace amp_rules {

/// A local variable that is tile_static: in the host pass the macro reads
/// `static thread_local` (one copy per CPU thread running a tile).
static bool isTileStatic(const VarDecl &VD) {
  return VD.isStaticLocal() && VD.getTSCSpec() == TSCS_thread_local;
}

void BodyChecker::run() {
  if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Function))
    for (const CXXCtorInitializer *Init : Ctor->inits())
      if (Init->isWritten() || Init->getInit())
        TraverseStmt(Init->getInit());
  TraverseStmt(Function.getBody());
}

bool BodyChecker::TraverseDecl(Decl *D) {
  if (D && (isa<TagDecl>(D) || isa<FunctionDecl>(D) ||
            isa<FunctionTemplateDecl>(D) || isa<ClassTemplateDecl>(D) ||
            isa<StaticAssertDecl>(D)))
    return true;
  return Base::TraverseDecl(D);
}

bool BodyChecker::TraverseLambdaExpr(LambdaExpr *) { return true; }

// A default argument is written with the function but evaluated in each
// caller (C++ AMP 2.3.2.4: its calls were resolved where it is written),
// so the caller's rules judge it at every use. The C++ library's and
// hcc's are trusted.
bool BodyChecker::TraverseCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
  if (isAmpLibraryLocation(Ctx.getSourceManager(),
                           E->getExpr()->getBeginLoc()))
    return true;
  bool Outer = InDefaultArgument;
  InDefaultArgument = true;
  TraverseStmt(E->getExpr());
  InDefaultArgument = Outer;
  return true;
}

/// sizeof and alignof do not evaluate their operand.
bool BodyChecker::TraverseUnaryExprOrTypeTraitExpr(
    UnaryExprOrTypeTraitExpr *E) {
  return true;
}

bool BodyChecker::VisitGotoStmt(GotoStmt *S) {
  ampError(S->getGotoLoc(), "goto is not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitIndirectGotoStmt(IndirectGotoStmt *S) {
  ampError(S->getGotoLoc(), "goto is not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitLabelStmt(LabelStmt *S) {
  ampError(S->getIdentLoc(),
           "labels are not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitCXXTryStmt(CXXTryStmt *S) {
  ampError(S->getTryLoc(),
           "exception handling (try) is not supported in restrict(amp) "
           "code");
  return true;
}

bool BodyChecker::VisitCXXThrowExpr(CXXThrowExpr *E) {
  ampError(E->getThrowLoc(),
           "exception handling (throw) is not supported in restrict(amp) "
           "code");
  return true;
}

bool BodyChecker::VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
  ampError(E->getBeginLoc(),
           "dynamic_cast is not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitCXXTypeidExpr(CXXTypeidExpr *E) {
  ampError(E->getBeginLoc(), "typeid is not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitAsmStmt(AsmStmt *S) {
  ampError(S->getAsmLoc(),
           "inline assembly is not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitStringLiteral(StringLiteral *E) {
  if (!fromLibraryMacro(E->getBeginLoc()))
    ampError(E->getBeginLoc(),
             "string literals are not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitCXXNewExpr(CXXNewExpr *E) {
  ampError(E->getBeginLoc(),
           "new expressions are not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitCXXDeleteExpr(CXXDeleteExpr *E) {
  ampError(E->getBeginLoc(),
           "delete expressions are not supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitFloatingLiteral(FloatingLiteral *E) {
  if (E->getValue().isInfinity() && !fromLibraryMacro(E->getBeginLoc()))
    ampError(E->getBeginLoc(), "floating-point constant out of the range "
                               "of its type");
  return true;
}

void BodyChecker::checkCall(const FunctionDecl *Callee, SourceLocation Loc) {
  if (!Callee)
    return;
  AmpSides CalleeSides = ampSidesOf(*Callee);
  AmpSides Missing{Sides.Amp && !CalleeSides.Amp,
                   Sides.Cpu && !CalleeSides.Cpu};
  if (!Missing.Amp && !Missing.Cpu) {
    if (Sides.Amp && isAmpUserCode(*Callee))
      Owner.addAmpCall(Function, *Callee, Loc);
    return;
  }
  // A twin of the other side would be chosen there, except in a default
  // argument, whose call was bound once.
  if (!InDefaultArgument && ampOverloadSides(*Callee).covers(Missing))
    return;
  Report.error(Loc, "'" + nameOf(*Callee) + "' (" + CalleeSides.spelling() +
                        ") cannot be called from " + Sides.spelling() +
                        " code (" + describe(Function) + ")");
  if (const FunctionDecl *Reason = ampSidesReason(*Callee))
    Report.note(Reason->getLocation(),
                "implicitly " + CalleeSides.spelling() + " because '" +
                    nameOf(*Reason) + "' is " +
                    ampSidesOf(*Reason).spelling());
}

bool BodyChecker::VisitCallExpr(CallExpr *E) {
  const Expr *Callee = E->getCallee();
  if (Callee)
    CalleeExprs.insert(Callee->IgnoreParenImpCasts());
  const FunctionDecl *FD = E->getDirectCallee();
  if (!FD && Callee)
    if (const auto *Member =
            dyn_cast<MemberExpr>(Callee->IgnoreParenImpCasts()))
      FD = dyn_cast<FunctionDecl>(Member->getMemberDecl());
  // Compiler builtins are everywhere; library functions Clang knows as
  // builtins (malloc, printf, ...) are judged like any other callee.
  if (FD && (FD->getBuiltinID() == 0 ||
             FD->getASTContext().BuiltinInfo.isPredefinedLibFunction(
                 FD->getBuiltinID())))
    checkCall(FD, E->getExprLoc());
  if (Sides.Amp && !FD && Callee &&
      !isa<CXXPseudoDestructorExpr>(Callee->IgnoreParenImpCasts()))
    ampError(E->getExprLoc(),
             "calls through function pointers are not supported in "
             "restrict(amp) code");
  const auto *Member = dyn_cast<CXXMemberCallExpr>(E);
  if (!Member || !Sides.Amp)
    return true;
  if (isTileBarrierWait(*Member))
    if (const Expr *Cond = findDivergentCondition(*Member, Function, Ctx)) {
      Report.error(E->getExprLoc(),
                   "tile barrier in control flow that is not tile-uniform: "
                   "the condition depends on the work-item's position in "
                   "its tile");
      Report.note(Cond->getExprLoc(), "the condition is here");
    }
  if (const CXXMethodDecl *MD = Member->getMethodDecl())
    if (MD->isVirtual() && !isAmpLibraryClass(*MD->getParent()))
      if (const auto *ME = dyn_cast<MemberExpr>(
              Member->getCallee()->IgnoreParenImpCasts()))
        if (!ME->hasQualifier())
          ampError(E->getExprLoc(), "virtual function calls are not "
                                    "supported in restrict(amp) code");
  return true;
}

bool BodyChecker::VisitCXXConstructExpr(CXXConstructExpr *E) {
  const CXXConstructorDecl *Ctor = E->getConstructor();
  if (Ctor && !Ctor->isTrivial())
    checkCall(Ctor, E->getBeginLoc());
  return true;
}

bool BodyChecker::VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E) {
  if (const CXXTemporary *Temp = E->getTemporary())
    checkCall(Temp->getDestructor(), E->getBeginLoc());
  return true;
}

bool BodyChecker::VisitVarDecl(VarDecl *VD) {
  if (isa<ParmVarDecl>(VD) || VD->isImplicit())
    return true;
  // Its destructor runs where the variable is declared.
  if (VD->hasLocalStorage() && !VD->getType()->isReferenceType())
    if (const CXXRecordDecl *RD =
            Ctx.getBaseElementType(VD->getType())->getAsCXXRecordDecl())
      if (RD->hasDefinition() && !RD->hasTrivialDestructor())
        checkCall(RD->getDestructor(), VD->getLocation());
  checkContainerElement(*VD);
  if (!Sides.Amp)
    return true;
  QualType Type = VD->getType();
  if (isTileStatic(*VD)) {
    std::string Why = whyNotAmpType(Type, AmpTypeUse::TileStatic, Ctx);
    if (!Why.empty())
      Report.error(VD->getLocation(), "tile_static variable '" +
                                          VD->getNameAsString() + "' of type '" +
                                          typeName(Type, Ctx) +
                                          "' is not supported: " + Why);
    const Expr *Init = VD->getInit();
    const auto *Construct = dyn_cast_or_null<CXXConstructExpr>(Init);
    if (Init && !(Construct && Construct->getNumArgs() == 0))
      Report.error(VD->getLocation(), "tile_static variable '" +
                                          VD->getNameAsString() +
                                          "' cannot have an initializer");
    return true;
  }
  if (VD->isStaticLocal() || VD->hasExternalStorage() ||
      VD->getTSCSpec() != TSCS_unspecified) {
    Report.error(VD->getLocation(),
                 "static, extern and thread_local variables are not "
                 "supported in restrict(amp) code ('" +
                     VD->getNameAsString() + "')");
    return true;
  }
  std::string Why = whyNotAmpType(Type, AmpTypeUse::Variable, Ctx);
  if (!Why.empty())
    Report.error(VD->getLocation(), "variable '" + VD->getNameAsString() +
                                        "' of type '" + typeName(Type, Ctx) +
                                        "' is not supported in restrict(amp) "
                                        "code: " +
                                        Why);
  return true;
}

/// C++ AMP 1.2 chapter 5: an array's or array_view's element type is
/// amp-compatible and no container (`array<array<int>>` is an error), on
/// either side.
void BodyChecker::checkContainerElement(const VarDecl &VD) {
  const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
      VD.getType().getNonReferenceType()->getAsCXXRecordDecl());
  if (!Spec || (Spec->getName() != "array" && Spec->getName() != "array_view") ||
      !isAmpContainerClass(*Spec) || Spec->getTemplateArgs().size() == 0 ||
      Spec->getTemplateArgs()[0].getKind() != TemplateArgument::Type)
    return;
  QualType Element = Spec->getTemplateArgs()[0].getAsType();
  std::string Why = whyNotContainerElement(Element.getUnqualifiedType(), Ctx);
  if (!Why.empty())
    Report.error(VD.getLocation(), "'" + typeName(VD.getType(), Ctx) +
                                       "' cannot hold elements of type '" +
                                       typeName(Element, Ctx) + "': " + Why);
}

/// A class object with no data to read: no non-static data members, no
/// virtual functions, in its bases neither.
static bool isStateless(QualType T) {
  const CXXRecordDecl *RD = T.getNonReferenceType()->getAsCXXRecordDecl();
  return RD && RD->hasDefinition() && RD->isEmpty();
}

bool BodyChecker::VisitDeclRefExpr(DeclRefExpr *E) {
  const ValueDecl *D = E->getDecl();
  // Function pointers and references are restrict(cpu) (2.3.1): cpu code
  // may not point one at a function that has no cpu side.
  if (Sides.Cpu && !CalleeExprs.count(E))
    if (const auto *FD = dyn_cast<FunctionDecl>(D))
      if (!ampSidesOf(*FD).Cpu && !ampOverloadSides(*FD).covers(AmpSides::cpu()))
        Report.error(E->getLocation(),
                     "'" + nameOf(*FD) + "' (" + ampSidesOf(*FD).spelling() +
                         ") cannot be pointed to or referred to from cpu "
                         "code: function pointers and references are "
                         "restrict(cpu)");
  if (!Sides.Amp)
    return true;
  if (const auto *Var = dyn_cast<VarDecl>(D)) {
    // Constants folded into the code (a non-odr-use) need no storage, and
    // an object without state (a captureless lambda kept in a static, say)
    // is never read: calling its members touches no host memory.
    if (!Var->hasGlobalStorage() || isTileStatic(*Var) ||
        E->isNonOdrUse() != NOUR_None || !isAmpUserCode(*Var) ||
        isStateless(Var->getType()))
      return true;
    Report.error(E->getLocation(), "global and static variables are not "
                                   "supported in restrict(amp) code ('" +
                                       Var->getNameAsString() + "')");
    return true;
  }
  if (isa<FunctionDecl>(D) && !CalleeExprs.count(E))
    Report.error(E->getLocation(),
                 "function pointers and references are not supported in "
                 "restrict(amp) code ('" +
                     nameOf(*D) + "')");
  return true;
}

bool BodyChecker::VisitMemberExpr(MemberExpr *E) {
  if (!Sides.Amp)
    return true;
  if (const auto *Var = dyn_cast<VarDecl>(E->getMemberDecl()))
    if (Var->hasGlobalStorage() && E->isNonOdrUse() == NOUR_None &&
        isAmpUserCode(*Var))
      Report.error(E->getMemberLoc(), "global and static variables are not "
                                      "supported in restrict(amp) code ('" +
                                          Var->getNameAsString() + "')");
  return true;
}

bool BodyChecker::VisitIntegerLiteral(IntegerLiteral *E) {
  // C++ AMP's integers are 32 bits wide (long is too, on its platform).
  if (!Sides.Amp || fromLibraryMacro(E->getBeginLoc()))
    return true;
  if (E->getValue().getActiveBits() > 32)
    Report.error(E->getBeginLoc(), "integer constant out of the 32-bit "
                                   "range restrict(amp) code supports");
  return true;
}

bool BodyChecker::VisitCastExpr(CastExpr *E) {
  if (!Sides.Amp)
    return true;
  // Also an object reinterpreted as a pointer or the reverse
  // (`(int *&)i`): the same integer-pointer conversion through memory.
  bool PointerPun =
      E->getCastKind() == CK_LValueBitCast &&
      E->getType()->isPointerType() !=
          E->getSubExpr()->getType()->isPointerType();
  if (E->getCastKind() == CK_IntegralToPointer ||
      E->getCastKind() == CK_PointerToIntegral || PointerPun) {
    Report.error(E->getBeginLoc(),
                 "casting from '" + typeName(E->getSubExpr()->getType(), Ctx) +
                     "' to '" + typeName(E->getType(), Ctx) +
                     "' is not supported in restrict(amp) code");
    return true;
  }
  if (const auto *Explicit = dyn_cast<ExplicitCastExpr>(E)) {
    QualType To = Explicit->getTypeAsWritten();
    std::string Why = whyNotAmpType(To, AmpTypeUse::Variable, Ctx);
    if (!Why.empty())
      Report.error(E->getBeginLoc(), "cast to '" + typeName(To, Ctx) +
                                         "' is not supported in "
                                         "restrict(amp) code: " +
                                         Why);
  }
  return true;
}

void BodyChecker::checkPointerArithmetic(const Expr *Pointer,
                                         SourceLocation Loc) {
  QualType T = Pointer->getType();
  if (T->isPointerType() && T->getPointeeType()->isBooleanType())
    Report.error(Loc, "pointer arithmetic on a pointer to bool is not "
                      "supported in restrict(amp) code");
}

bool BodyChecker::VisitUnaryOperator(UnaryOperator *E) {
  if (Sides.Amp && E->isIncrementDecrementOp())
    checkPointerArithmetic(E->getSubExpr(), E->getOperatorLoc());
  return true;
}

bool BodyChecker::VisitBinaryOperator(BinaryOperator *E) {
  if (!Sides.Amp)
    return true;
  switch (E->getOpcode()) {
  case BO_Add:
  case BO_Sub:
  case BO_AddAssign:
  case BO_SubAssign:
    checkPointerArithmetic(E->getLHS(), E->getOperatorLoc());
    if (!E->isCompoundAssignmentOp())
      checkPointerArithmetic(E->getRHS(), E->getOperatorLoc());
    break;
  default:
    break;
  }
  return true;
}

} // namespace amp_rules
} // namespace hcc
