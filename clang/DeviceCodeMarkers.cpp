//===- DeviceCodeMarkers.cpp - Constructs device IR cannot show ----------===//
//
// Part of hcc.
//
// Clang's code generator emits a function's annotations with its body, and
// emits some bodies as soon as it sees their top-level declaration. This
// consumer runs before it (the plugin's action comes before the main one),
// so it marks the functions of each top-level declaration as it arrives,
// and at the end of the translation unit the template instantiations and
// anything else, which Clang emits after that.
//
//===----------------------------------------------------------------------===//

#include "DeviceCodeMarkers.h"

#include "hc/detail/abi_names.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <string>

using namespace clang;

namespace hcc {
namespace {

/// Finds the first construct to mark in one function body, not descending
/// into lambdas (their call operators are functions of their own).
class BodyScanner : public RecursiveASTVisitor<BodyScanner> {
public:
  bool TraverseLambdaExpr(LambdaExpr *) { return true; }

  bool VisitCXXTypeidExpr(CXXTypeidExpr *E) {
    // Potentially evaluated: the operand is a glvalue of polymorphic type,
    // the only case that reads RTTI at run time.
    if (E->isPotentiallyEvaluated())
      return found(hc::abi::typeid_marker, E->getBeginLoc());
    return true;
  }

  bool VisitCXXTryStmt(CXXTryStmt *S) {
    return found(hc::abi::try_marker, S->getBeginLoc());
  }

  const char *Kind = nullptr;
  SourceLocation Loc;

private:
  bool found(const char *What, SourceLocation Where) {
    Kind = What;
    Loc = Where;
    return false; // the first one is enough
  }
};

class DeviceCodeMarker : public ASTConsumer,
                         public RecursiveASTVisitor<DeviceCodeMarker> {
public:
  void Initialize(ASTContext &Context) override { Ctx = &Context; }

  // After an error nothing is generated; erroneous declarations are not
  // worth the risk of walking.
  bool HandleTopLevelDecl(DeclGroupRef Group) override {
    if (Ctx->getDiagnostics().hasErrorOccurred())
      return true;
    for (Decl *D : Group)
      TraverseDecl(D);
    return true;
  }

  void HandleTranslationUnit(ASTContext &Context) override {
    if (Context.getDiagnostics().hasErrorOccurred())
      return;
    WithInstantiations = true;
    TraverseDecl(Context.getTranslationUnitDecl());
  }

  bool shouldVisitTemplateInstantiations() const { return WithInstantiations; }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    mark(FD);
    return true;
  }

  bool VisitLambdaExpr(LambdaExpr *E) {
    CXXRecordDecl *Closure = E->getLambdaClass();
    if (FunctionTemplateDecl *Generic =
            Closure->getDependentLambdaCallOperator()) {
      for (FunctionDecl *Spec : Generic->specializations())
        mark(Spec);
    } else {
      mark(E->getCallOperator());
    }
    return true;
  }

private:
  void mark(FunctionDecl *FD) {
    if (!FD || FD->isDependentContext() || !FD->hasBody() ||
        !FD->doesThisDeclarationHaveABody() || !Seen.insert(FD).second)
      return;
    BodyScanner Scanner;
    Scanner.TraverseStmt(FD->getBody());
    if (!Scanner.Kind)
      return;
    const SourceManager &SM = Ctx->getSourceManager();
    SourceLocation Loc = SM.getExpansionLoc(Scanner.Loc);
    std::string Text = std::string(Scanner.Kind) + ":" +
                       std::to_string(SM.getExpansionLineNumber(Loc)) + ":" +
                       std::to_string(SM.getExpansionColumnNumber(Loc));
    FD->addAttr(AnnotateAttr::CreateImplicit(*Ctx, Text, /*Args=*/nullptr,
                                             /*ArgsSize=*/0,
                                             SourceRange(Loc)));
  }

  ASTContext *Ctx = nullptr;
  bool WithInstantiations = false;
  llvm::SmallPtrSet<const FunctionDecl *, 32> Seen;
};

} // namespace

std::unique_ptr<ASTConsumer>
createDeviceCodeMarkersConsumer(CompilerInstance &CI) {
  if (!CI.getLangOpts().CUDAIsDevice)
    return nullptr;
  return std::make_unique<DeviceCodeMarker>();
}

} // namespace hcc
