//===- AmpRules.cpp - C++ AMP's restrict(amp) language rules -------------===//
//
// Part of hcc.
//
// The checks run once the translation unit is complete: templates are
// instantiated, implicit special members that are used are defined, and
// every call has its callee. Only code the user wrote is judged (hcc's
// headers and the C++ library sit on system include paths); of templates,
// the instantiations, where every type is known.
//
// Calls are judged in the host pass, whose overload resolution chose for
// the cpu side: where a restriction overload set has a member for the
// missing side (f(float) restrict(amp) beside f(float) restrict(cpu)), the
// other pass's resolution picks that one, so a call is accepted when the
// callee's scope holds a function of the same name and arity whose
// restriction covers what the chosen callee lacks (ampOverloadSides).
//
//===----------------------------------------------------------------------===//

#include "AmpRules.h"

#include "AmpMode.h"
#include "AmpRestriction.h"
#include "AmpTileUniformity.h"
#include "AmpTypes.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <set>
#include <string>
#include <utility>
#include <vector>

using namespace clang;

namespace hcc {
namespace {

std::string nameOf(const NamedDecl &D) {
  std::string Name;
  llvm::raw_string_ostream OS(Name);
  D.getNameForDiagnostic(OS, D.getASTContext().getPrintingPolicy(),
                         /*Qualified=*/true);
  return Name;
}

/// "'f'", or for a lambda "the lambda in 'f'".
std::string describe(const FunctionDecl &FD) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(&FD))
    if (MD->getParent()->isLambda()) {
      // At namespace scope (`auto l = [] {...};`) there is no function.
      const auto *Outer = dyn_cast_or_null<FunctionDecl>(
          MD->getParent()->getDeclContext()->getNonClosureAncestor());
      return Outer ? "the lambda in " + describe(*Outer) : "a lambda";
    }
  return "'" + nameOf(FD) + "'";
}

std::string typeName(QualType T, const ASTContext &Ctx) {
  return T.getAsString(Ctx.getPrintingPolicy());
}

/// A local variable that is tile_static: in the host pass the macro reads
/// `static thread_local` (one copy per CPU thread running a tile).
bool isTileStatic(const VarDecl &VD) {
  return VD.isStaticLocal() && VD.getTSCSpec() == TSCS_thread_local;
}

/// Reports the errors, once per place and message (a template's
/// instantiations would repeat them).
class Reporter {
public:
  explicit Reporter(ASTContext &Ctx) : Ctx(Ctx) {}

  void error(SourceLocation Loc, const std::string &Message) {
    Loc = Ctx.getSourceManager().getExpansionLoc(Loc);
    if (!Seen.insert({Loc.getRawEncoding(), Message}).second)
      return;
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Error, "%0");
    Diags.Report(Loc, ID) << Message;
  }

  void note(SourceLocation Loc, const std::string &Message) {
    DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(DiagnosticsEngine::Note, "%0");
    Diags.Report(Loc, ID) << Message;
  }

  ASTContext &Ctx;

private:
  std::set<std::pair<unsigned, std::string>> Seen;
};

class AmpRulesChecker;

/// Walks one function's body (and a constructor's initialisers), not
/// the bodies of lambdas and local classes inside it: those are
/// functions of their own, with restrictions of their own.
class BodyChecker : public RecursiveASTVisitor<BodyChecker> {
  using Base = RecursiveASTVisitor<BodyChecker>;

public:
  BodyChecker(AmpRulesChecker &Owner, Reporter &Report,
              const FunctionDecl &Function, AmpSides Sides)
      : Owner(Owner), Report(Report), Ctx(Report.Ctx), Function(Function),
        Sides(Sides) {}

  void run() {
    if (const auto *Ctor = dyn_cast<CXXConstructorDecl>(&Function))
      for (const CXXCtorInitializer *Init : Ctor->inits())
        if (Init->isWritten() || Init->getInit())
          TraverseStmt(Init->getInit());
    TraverseStmt(Function.getBody());
  }

  bool TraverseDecl(Decl *D) {
    if (D && (isa<TagDecl>(D) || isa<FunctionDecl>(D) ||
              isa<FunctionTemplateDecl>(D) || isa<ClassTemplateDecl>(D) ||
              isa<StaticAssertDecl>(D)))
      return true;
    return Base::TraverseDecl(D);
  }

  bool TraverseLambdaExpr(LambdaExpr *) { return true; }
  // A default argument is written with the function but evaluated in each
  // caller (C++ AMP 2.3.2.4: its calls were resolved where it is written),
  // so the caller's rules judge it at every use. The C++ library's and
  // hcc's are trusted.
  bool TraverseCXXDefaultArgExpr(CXXDefaultArgExpr *E) {
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
  bool TraverseUnaryExprOrTypeTraitExpr(UnaryExprOrTypeTraitExpr *E) {
    return true;
  }

  bool VisitCallExpr(CallExpr *E);
  bool VisitCXXConstructExpr(CXXConstructExpr *E);
  bool VisitCXXBindTemporaryExpr(CXXBindTemporaryExpr *E);
  bool VisitVarDecl(VarDecl *VD);
  void checkContainerElement(const VarDecl &VD);
  bool VisitDeclRefExpr(DeclRefExpr *E);
  bool VisitMemberExpr(MemberExpr *E);

  bool VisitGotoStmt(GotoStmt *S) {
    ampError(S->getGotoLoc(), "goto is not supported in restrict(amp) code");
    return true;
  }
  bool VisitIndirectGotoStmt(IndirectGotoStmt *S) {
    ampError(S->getGotoLoc(), "goto is not supported in restrict(amp) code");
    return true;
  }
  bool VisitLabelStmt(LabelStmt *S) {
    ampError(S->getIdentLoc(),
             "labels are not supported in restrict(amp) code");
    return true;
  }
  bool VisitCXXTryStmt(CXXTryStmt *S) {
    ampError(S->getTryLoc(),
             "exception handling (try) is not supported in restrict(amp) "
             "code");
    return true;
  }
  bool VisitCXXThrowExpr(CXXThrowExpr *E) {
    ampError(E->getThrowLoc(),
             "exception handling (throw) is not supported in restrict(amp) "
             "code");
    return true;
  }
  bool VisitCXXDynamicCastExpr(CXXDynamicCastExpr *E) {
    ampError(E->getBeginLoc(),
             "dynamic_cast is not supported in restrict(amp) code");
    return true;
  }
  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) {
    ampError(E->getBeginLoc(), "typeid is not supported in restrict(amp) code");
    return true;
  }
  bool VisitAsmStmt(AsmStmt *S) {
    ampError(S->getAsmLoc(),
             "inline assembly is not supported in restrict(amp) code");
    return true;
  }
  bool VisitStringLiteral(StringLiteral *E) {
    if (!fromLibraryMacro(E->getBeginLoc()))
      ampError(E->getBeginLoc(),
               "string literals are not supported in restrict(amp) code");
    return true;
  }
  bool VisitCXXNewExpr(CXXNewExpr *E) {
    ampError(E->getBeginLoc(),
             "new expressions are not supported in restrict(amp) code");
    return true;
  }
  bool VisitCXXDeleteExpr(CXXDeleteExpr *E) {
    ampError(E->getBeginLoc(),
             "delete expressions are not supported in restrict(amp) code");
    return true;
  }
  bool VisitIntegerLiteral(IntegerLiteral *E);
  bool VisitFloatingLiteral(FloatingLiteral *E) {
    if (E->getValue().isInfinity() && !fromLibraryMacro(E->getBeginLoc()))
      ampError(E->getBeginLoc(), "floating-point constant out of the range "
                                 "of its type");
    return true;
  }
  bool VisitCastExpr(CastExpr *E);
  bool VisitUnaryOperator(UnaryOperator *E);
  bool VisitBinaryOperator(BinaryOperator *E);
  bool VisitCompoundAssignOperator(CompoundAssignOperator *E) {
    return VisitBinaryOperator(E);
  }

private:
  void ampError(SourceLocation Loc, const std::string &Message) {
    if (Sides.Amp)
      Report.error(Loc, Message);
  }

  bool fromLibraryMacro(SourceLocation Loc) const {
    return Loc.isMacroID() && Ctx.getSourceManager().isInSystemMacro(Loc);
  }

  void checkCall(const FunctionDecl *Callee, SourceLocation Loc);
  void checkPointerArithmetic(const Expr *Pointer, SourceLocation Loc);

  AmpRulesChecker &Owner;
  Reporter &Report;
  ASTContext &Ctx;
  const FunctionDecl &Function;
  AmpSides Sides;
  /// Inside a default argument used by a call of this body.
  bool InDefaultArgument = false;
  /// Callee expressions of the calls seen so far: a function named there
  /// is called, anywhere else its address is taken.
  llvm::SmallPtrSet<const Expr *, 16> CalleeExprs;
};

class AmpRulesChecker : public ASTConsumer,
                        public RecursiveASTVisitor<AmpRulesChecker> {
public:
  void HandleTranslationUnit(ASTContext &Context) override {
    // After an error the compile fails anyway; erroneous declarations are
    // not worth the risk of walking.
    if (Context.getDiagnostics().hasErrorOccurred())
      return;
    Reporter Report(Context);
    this->Report = &Report;
    TraverseDecl(Context.getTranslationUnitDecl());
    reportRecursion();
    this->Report = nullptr;
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
      if (MD->getParent()->isLambda())
        return true; // VisitLambdaExpr
    checkFunction(*FD);
    return true;
  }

  /// C++ AMP 1.2: an object made in amp (or cpu) code is destroyed there,
  /// so a user-declared destructor has every restriction of the class's
  /// user-declared constructors.
  bool VisitCXXRecordDecl(CXXRecordDecl *RD) {
    if (!RD->isThisDeclarationADefinition() || RD->isDependentContext() ||
        RD->isLambda() || RD->isInvalidDecl())
      return true;
    const CXXDestructorDecl *Dtor = RD->getDestructor();
    if (!Dtor || Dtor->isImplicit() || !isAmpUserCode(*Dtor))
      return true;
    AmpSides Constructors{false, false};
    for (const CXXConstructorDecl *Ctor : RD->ctors())
      if (!Ctor->isImplicit()) {
        AmpSides S = ampSidesOf(*Ctor);
        Constructors.Amp |= S.Amp;
        Constructors.Cpu |= S.Cpu;
      }
    AmpSides Destructor = ampSidesOf(*Dtor);
    if (!Destructor.covers(Constructors))
      Report->error(Dtor->getLocation(),
                    "the destructor of '" + RD->getNameAsString() + "' is " +
                        Destructor.spelling() +
                        " but its constructors are " +
                        Constructors.spelling() +
                        ": a destructor needs every restriction of the "
                        "constructors");
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *E) {
    CXXMethodDecl *Call = E->getCallOperator();
    if (FunctionTemplateDecl *Generic = Call->getDescribedFunctionTemplate()) {
      for (FunctionDecl *Spec : Generic->specializations())
        checkLambda(*E, *Spec);
      return true;
    }
    checkLambda(*E, *Call);
    return true;
  }

  /// A call from amp code \p Caller to user code \p Callee, for the
  /// recursion check.
  void addAmpCall(const FunctionDecl &Caller, const FunctionDecl &Callee,
                  SourceLocation Loc) {
    auto &Callees = Calls[Caller.getCanonicalDecl()];
    if (Callees.empty())
      CallerOrder.push_back(Caller.getCanonicalDecl());
    Callees.push_back({Callee.getCanonicalDecl(), Loc});
  }

private:
  void checkLambda(const LambdaExpr &E, FunctionDecl &Call) {
    if (Call.isDependentContext() || !isAmpUserCode(Call))
      return;
    if (ampSidesOf(Call).Amp && Checked.insert(&Call).second)
      checkCaptures(E);
    checkFunction(Call);
  }

  void checkFunction(FunctionDecl &FD) {
    if (FD.isDependentContext() || FD.isInvalidDecl() || FD.isImplicit() ||
        FD.isDefaulted() || !isAmpUserCode(FD) || !Visited.insert(&FD).second)
      return;
    AmpSides Sides = ampSidesOf(FD);
    if (Sides.Amp)
      checkSignature(FD);
    // C++ AMP 1.2: one C name cannot stand for both an amp and a
    // cpu function, so an extern "C" function has one restriction.
    if (Sides.Amp && Sides.Cpu && FD.isExternC())
      Report->error(FD.getLocation(),
                    "an extern \"C\" function cannot be restrict(cpu, amp): "
                    "it may have only one restriction");
    else if (FD.isExternC() && !(ampOverloadSides(FD) == Sides))
      Report->error(FD.getLocation(),
                    "an extern \"C\" function cannot be overloaded on "
                    "restriction");
    if (!FD.doesThisDeclarationHaveABody() || !FD.getBody())
      return;
    BodyChecker(*this, *Report, FD, Sides).run();
  }

  void checkSignature(const FunctionDecl &FD) {
    ASTContext &Ctx = Report->Ctx;
    if (!isa<CXXConstructorDecl>(FD) && !isa<CXXDestructorDecl>(FD)) {
      QualType Result = FD.getReturnType();
      std::string Why = whyNotAmpType(Result, AmpTypeUse::Variable, Ctx);
      if (!Why.empty()) {
        SourceLocation Loc = FD.getReturnTypeSourceRange().getBegin();
        Report->error(Loc.isValid() ? Loc : FD.getLocation(),
                      "return type '" + typeName(Result, Ctx) +
                          "' is not supported in restrict(amp) code: " + Why);
      }
    }
    for (const ParmVarDecl *Param : FD.parameters()) {
      std::string Why =
          whyNotAmpType(Param->getType(), AmpTypeUse::Variable, Ctx);
      if (!Why.empty())
        Report->error(Param->getLocation(),
                      "parameter type '" + typeName(Param->getType(), Ctx) +
                          "' is not supported in restrict(amp) code: " + Why);
    }
    if (FD.isVariadic())
      Report->error(FD.getLocation(),
                    "a restrict(amp) function cannot take a variable number "
                    "of arguments (...)");
    if (const auto *Proto = FD.getType()->getAs<FunctionProtoType>())
      if (Proto->getExceptionSpecType() == EST_Dynamic ||
          Proto->getExceptionSpecType() == EST_DynamicNone ||
          Proto->getExceptionSpecType() == EST_MSAny)
        Report->error(FD.getLocation(),
                      "a restrict(amp) function cannot have a throw() "
                      "exception specification");
    if (const auto *MD = dyn_cast<CXXMethodDecl>(&FD)) {
      if (MD->isVirtual())
        Report->error(FD.getLocation(),
                      "virtual functions are not supported in restrict(amp) "
                      "code");
      if (MD->getMethodQualifiers().hasVolatile())
        Report->error(FD.getLocation(),
                      "volatile member functions are not supported in "
                      "restrict(amp) code");
    }
  }

  /// C++ AMP 1.2 section 2.4.3.3: an amp lambda copies only amp-compatible
  /// values and captures by reference only concurrency::array (and
  /// graphics::texture, which C++ AMP treats alike).
  void checkCaptures(const LambdaExpr &E) {
    ASTContext &Ctx = Report->Ctx;
    for (const LambdaCapture &Capture : E.captures()) {
      if (Capture.capturesThis()) {
        Report->error(Capture.getLocation(),
                      "a restrict(amp) lambda cannot capture 'this'");
        continue;
      }
      if (!Capture.capturesVariable())
        continue;
      const auto *Var = dyn_cast<VarDecl>(Capture.getCapturedVar());
      if (!Var)
        continue;
      QualType Type = Var->getType().getNonReferenceType();
      if (Capture.getCaptureKind() == LCK_ByRef) {
        const CXXRecordDecl *RD = Type->getAsCXXRecordDecl();
        if (!RD || !isAmpArrayClass(*RD))
          Report->error(Capture.getLocation(),
                        "a restrict(amp) lambda captures by reference only "
                        "concurrency::array and graphics::texture; '" +
                            Var->getNameAsString() +
                            "' is captured by reference");
        continue;
      }
      std::string Why = whyNotAmpType(Type, AmpTypeUse::Member, Ctx);
      if (!Why.empty())
        Report->error(Capture.getLocation(),
                      "variable '" + Var->getNameAsString() + "' of type '" +
                          typeName(Type, Ctx) +
                          "' cannot be captured by a restrict(amp) lambda: " +
                          Why);
    }
  }

  /// C++ AMP 1.2 section 2.4.3: no recursion in amp code, direct or not.
  void reportRecursion() {
    enum State { Unvisited, Active, Done };
    llvm::DenseMap<const FunctionDecl *, State> States;
    std::function<void(const FunctionDecl *)> Visit =
        [&](const FunctionDecl *F) {
          States[F] = Active;
          for (const auto &[Callee, Loc] : Calls.lookup(F)) {
            State S = States.lookup(Callee);
            if (S == Active)
              Report->error(Loc, "recursion is not supported in "
                                 "restrict(amp) code: this call of '" +
                                     nameOf(*Callee) +
                                     "' is inside the calls it makes");
            else if (S == Unvisited && Calls.count(Callee))
              Visit(Callee);
          }
          States[F] = Done;
        };
    // In source order, so that the same call is reported every time.
    for (const FunctionDecl *Caller : CallerOrder)
      if (States.lookup(Caller) == Unvisited)
        Visit(Caller);
  }

  Reporter *Report = nullptr;
  llvm::SmallPtrSet<const FunctionDecl *, 32> Visited;
  llvm::SmallPtrSet<const FunctionDecl *, 32> Checked;
  llvm::DenseMap<const FunctionDecl *,
                 std::vector<std::pair<const FunctionDecl *, SourceLocation>>>
      Calls;
  std::vector<const FunctionDecl *> CallerOrder;
};

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

} // namespace

std::unique_ptr<ASTConsumer> createAmpRulesConsumer(CompilerInstance &CI) {
  if (!isAmpMode() || CI.getLangOpts().CUDAIsDevice)
    return nullptr;
  return std::make_unique<AmpRulesChecker>();
}

} // namespace hcc
