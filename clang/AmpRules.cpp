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
// This file holds the consumer, which visits every function, lambda and
// class (AmpRulesChecker, AmpRulesCheckers.h), and the checks of what they
// declare: the signatures of amp functions, extern "C" functions, a
// destructor's restrictions against the constructors', the captures of amp
// lambdas, and recursion among the amp calls the body checks record. What
// a function body is checked for is in AmpBodyRules.cpp.
//
//===----------------------------------------------------------------------===//

#include "AmpRules.h"

#include "AmpMode.h"
#include "AmpRestriction.h"
#include "AmpRulesCheckers.h"
#include "AmpTypes.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

using namespace clang;

namespace hcc {
namespace amp_rules {

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

void AmpRulesChecker::HandleTranslationUnit(ASTContext &Context) {
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

bool AmpRulesChecker::VisitFunctionDecl(FunctionDecl *FD) {
  if (const auto *MD = dyn_cast<CXXMethodDecl>(FD))
    if (MD->getParent()->isLambda())
      return true; // VisitLambdaExpr
  checkFunction(*FD);
  return true;
}

/// C++ AMP 1.2: an object made in amp (or cpu) code is destroyed there,
/// so a user-declared destructor has every restriction of the class's
/// user-declared constructors.
bool AmpRulesChecker::VisitCXXRecordDecl(CXXRecordDecl *RD) {
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

bool AmpRulesChecker::VisitLambdaExpr(LambdaExpr *E) {
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
void AmpRulesChecker::addAmpCall(const FunctionDecl &Caller,
                                 const FunctionDecl &Callee,
                                 SourceLocation Loc) {
  auto &Callees = Calls[Caller.getCanonicalDecl()];
  if (Callees.empty())
    CallerOrder.push_back(Caller.getCanonicalDecl());
  Callees.push_back({Callee.getCanonicalDecl(), Loc});
}

void AmpRulesChecker::checkLambda(const LambdaExpr &E, FunctionDecl &Call) {
  if (Call.isDependentContext() || !isAmpUserCode(Call))
    return;
  if (ampSidesOf(Call).Amp && Checked.insert(&Call).second)
    checkCaptures(E);
  checkFunction(Call);
}

void AmpRulesChecker::checkFunction(FunctionDecl &FD) {
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

void AmpRulesChecker::checkSignature(const FunctionDecl &FD) {
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
void AmpRulesChecker::checkCaptures(const LambdaExpr &E) {
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
void AmpRulesChecker::reportRecursion() {
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

} // namespace amp_rules

std::unique_ptr<ASTConsumer> createAmpRulesConsumer(CompilerInstance &CI) {
  if (!isAmpMode() || CI.getLangOpts().CUDAIsDevice)
    return nullptr;
  return std::make_unique<amp_rules::AmpRulesChecker>();
}

} // namespace hcc
