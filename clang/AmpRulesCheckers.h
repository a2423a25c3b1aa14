//===- AmpRulesCheckers.h - The walkers of the C++ AMP rules ---*- C++ -*-===//
//
// Part of hcc. The checker behind createAmpRulesConsumer (AmpRules.h) is
// two AST walkers. AmpRulesChecker visits every function, lambda and class
// of the translation unit and checks what their declarations say
// (AmpRules.cpp); for each function body it runs a BodyChecker, which
// checks the statements and expressions inside (AmpBodyRules.cpp). Both
// report through one Reporter.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_AMPRULESCHECKERS_H
#define HCC_CLANG_AMPRULESCHECKERS_H

#include "AmpRestriction.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace hcc {
namespace amp_rules {

/// The qualified name of \p D, for messages.
std::string nameOf(const clang::NamedDecl &D);
/// "'f'", or for a lambda "the lambda in 'f'".
std::string describe(const clang::FunctionDecl &FD);
/// \p T as messages spell it.
std::string typeName(clang::QualType T, const clang::ASTContext &Ctx);

/// Reports the errors, once per place and message (a template's
/// instantiations would repeat them).
class Reporter {
public:
  explicit Reporter(clang::ASTContext &Ctx) : Ctx(Ctx) {}

  void error(clang::SourceLocation Loc, const std::string &Message) {
    Loc = Ctx.getSourceManager().getExpansionLoc(Loc);
    if (!Seen.insert({Loc.getRawEncoding(), Message}).second)
      return;
    clang::DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
    Diags.Report(Loc, ID) << Message;
  }

  void note(clang::SourceLocation Loc, const std::string &Message) {
    clang::DiagnosticsEngine &Diags = Ctx.getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(clang::DiagnosticsEngine::Note, "%0");
    Diags.Report(Loc, ID) << Message;
  }

  clang::ASTContext &Ctx;

private:
  std::set<std::pair<unsigned, std::string>> Seen;
};

class AmpRulesChecker;

/// Walks one function's body (and a constructor's initialisers), not
/// the bodies of lambdas and local classes inside it: those are
/// functions of their own, with restrictions of their own.
class BodyChecker : public clang::RecursiveASTVisitor<BodyChecker> {
  using Base = clang::RecursiveASTVisitor<BodyChecker>;

public:
  BodyChecker(AmpRulesChecker &Owner, Reporter &Report,
              const clang::FunctionDecl &Function, AmpSides Sides)
      : Owner(Owner), Report(Report), Ctx(Report.Ctx), Function(Function),
        Sides(Sides) {}

  void run();

  bool TraverseDecl(clang::Decl *D);
  bool TraverseLambdaExpr(clang::LambdaExpr *);
  bool TraverseCXXDefaultArgExpr(clang::CXXDefaultArgExpr *E);
  bool TraverseUnaryExprOrTypeTraitExpr(clang::UnaryExprOrTypeTraitExpr *E);

  bool VisitCallExpr(clang::CallExpr *E);
  bool VisitCXXConstructExpr(clang::CXXConstructExpr *E);
  bool VisitCXXBindTemporaryExpr(clang::CXXBindTemporaryExpr *E);
  bool VisitVarDecl(clang::VarDecl *VD);
  void checkContainerElement(const clang::VarDecl &VD);
  bool VisitDeclRefExpr(clang::DeclRefExpr *E);
  bool VisitMemberExpr(clang::MemberExpr *E);

  bool VisitGotoStmt(clang::GotoStmt *S);
  bool VisitIndirectGotoStmt(clang::IndirectGotoStmt *S);
  bool VisitLabelStmt(clang::LabelStmt *S);
  bool VisitCXXTryStmt(clang::CXXTryStmt *S);
  bool VisitCXXThrowExpr(clang::CXXThrowExpr *E);
  bool VisitCXXDynamicCastExpr(clang::CXXDynamicCastExpr *E);
  bool VisitCXXTypeidExpr(clang::CXXTypeidExpr *E);
  bool VisitAsmStmt(clang::AsmStmt *S);
  bool VisitStringLiteral(clang::StringLiteral *E);
  bool VisitCXXNewExpr(clang::CXXNewExpr *E);
  bool VisitCXXDeleteExpr(clang::CXXDeleteExpr *E);
  bool VisitIntegerLiteral(clang::IntegerLiteral *E);
  bool VisitFloatingLiteral(clang::FloatingLiteral *E);
  bool VisitCastExpr(clang::CastExpr *E);
  bool VisitUnaryOperator(clang::UnaryOperator *E);
  bool VisitBinaryOperator(clang::BinaryOperator *E);
  bool VisitCompoundAssignOperator(clang::CompoundAssignOperator *E) {
    return VisitBinaryOperator(E);
  }

private:
  void ampError(clang::SourceLocation Loc, const std::string &Message) {
    if (Sides.Amp)
      Report.error(Loc, Message);
  }

  bool fromLibraryMacro(clang::SourceLocation Loc) const {
    return Loc.isMacroID() && Ctx.getSourceManager().isInSystemMacro(Loc);
  }

  void checkCall(const clang::FunctionDecl *Callee, clang::SourceLocation Loc);
  void checkPointerArithmetic(const clang::Expr *Pointer,
                              clang::SourceLocation Loc);

  AmpRulesChecker &Owner;
  Reporter &Report;
  clang::ASTContext &Ctx;
  const clang::FunctionDecl &Function;
  AmpSides Sides;
  /// Inside a default argument used by a call of this body.
  bool InDefaultArgument = false;
  /// Callee expressions of the calls seen so far: a function named there
  /// is called, anywhere else its address is taken.
  llvm::SmallPtrSet<const clang::Expr *, 16> CalleeExprs;
};

/// Visits every function, lambda and class of the translation unit.
class AmpRulesChecker : public clang::ASTConsumer,
                        public clang::RecursiveASTVisitor<AmpRulesChecker> {
public:
  void HandleTranslationUnit(clang::ASTContext &Context) override;

  bool shouldVisitTemplateInstantiations() const { return true; }

  bool VisitFunctionDecl(clang::FunctionDecl *FD);
  bool VisitCXXRecordDecl(clang::CXXRecordDecl *RD);
  bool VisitLambdaExpr(clang::LambdaExpr *E);

  void addAmpCall(const clang::FunctionDecl &Caller,
                  const clang::FunctionDecl &Callee, clang::SourceLocation Loc);

private:
  void checkLambda(const clang::LambdaExpr &E, clang::FunctionDecl &Call);
  void checkFunction(clang::FunctionDecl &FD);
  void checkSignature(const clang::FunctionDecl &FD);
  void checkCaptures(const clang::LambdaExpr &E);
  void reportRecursion();

  Reporter *Report = nullptr;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 32> Visited;
  llvm::SmallPtrSet<const clang::FunctionDecl *, 32> Checked;
  llvm::DenseMap<const clang::FunctionDecl *,
                 std::vector<std::pair<const clang::FunctionDecl *,
                                       clang::SourceLocation>>>
      Calls;
  std::vector<const clang::FunctionDecl *> CallerOrder;
};

} // namespace amp_rules
} // namespace hcc

#endif // HCC_CLANG_AMPRULESCHECKERS_H
