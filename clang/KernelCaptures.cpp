//===- KernelCaptures.cpp - Host function addresses in kernels -----------===//
//
// Part of hcc.
//
// A kernel is a __global__ function; hc's take their functor as a template
// argument and the argument block as raw bytes (hc::detail::raw_args<F, N>),
// so both the parameter types and, for a template specialisation parameter,
// its type arguments are searched. Within a type: array elements, bases and
// fields of classes held by value; not what pointers point to (the device
// never sees that memory as the host wrote it anyway), and not template
// arguments of the user's own classes (std::function<int(int)> names a
// function type without holding one).
//
//===----------------------------------------------------------------------===//

#include "KernelCaptures.h"

#include "hc/detail/abi_names.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/LambdaCapture.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Frontend/CompilerInstance.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>

using namespace clang;

namespace hcc {
namespace {

/// Where a function pointer sits inside a kernel's data.
struct FunctionPointerSite {
  SourceLocation Loc;
  std::string Path; // "fp", "s.callback"
};

class KernelCapturesChecker : public ASTConsumer,
                              public RecursiveASTVisitor<KernelCapturesChecker> {
public:
  void HandleTranslationUnit(ASTContext &Context) override {
    Ctx = &Context;
    // After an error the compile fails anyway; erroneous declarations are
    // not worth the risk of walking.
    if (!Context.getDiagnostics().hasErrorOccurred())
      TraverseDecl(Context.getTranslationUnitDecl());
  }

  bool shouldVisitTemplateInstantiations() const { return true; }

  /// The 32-bit-offset twin of a kernel entry (hc/detail/offset_width.hpp)
  /// has the same parameter: the first entry reports it.
  static bool isOffsets32Entry(const FunctionDecl &FD) {
    for (const auto *A : FD.specific_attrs<AnnotateAttr>())
      if (A->getAnnotation() == hc::abi::offsets_32_entry_annotation)
        return true;
    return false;
  }

  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (!FD->hasAttr<CUDAGlobalAttr>() || FD->isDependentContext() ||
        !FD->doesThisDeclarationHaveABody() || isOffsets32Entry(*FD) ||
        !Checked.insert(FD).second)
      return true;
    for (const ParmVarDecl *Param : FD->parameters()) {
      QualType Type = Param->getType();
      std::optional<FunctionPointerSite> Site = find(Type, "");
      if (!Site)
        if (const auto *Spec = dyn_cast_or_null<ClassTemplateSpecializationDecl>(
                Type->getAsCXXRecordDecl()))
          for (const TemplateArgument &Arg : Spec->getTemplateArgs().asArray())
            if (Arg.getKind() == TemplateArgument::Type && !Site)
              Site = find(Arg.getAsType(), "");
      if (Site) {
        report(*FD, *Site);
        break;
      }
    }
    return true;
  }

private:
  std::optional<FunctionPointerSite> find(QualType Type, std::string Path) {
    Type = Ctx->getBaseElementType(Type.getCanonicalType());
    if (Type->isFunctionPointerType() || Type->isMemberFunctionPointerType() ||
        (Type->isReferenceType() &&
         Type->getPointeeType()->isFunctionType()))
      return FunctionPointerSite{SourceLocation(), Path};
    const auto *RD = Type->getAsCXXRecordDecl();
    if (!RD || !RD->hasDefinition() || !Visiting.insert(RD).second)
      return std::nullopt;
    std::optional<FunctionPointerSite> Found = findInClass(*RD->getDefinition(),
                                                           Path);
    Visiting.erase(RD);
    return Found;
  }

  std::optional<FunctionPointerSite> findInClass(const CXXRecordDecl &RD,
                                                 const std::string &Path) {
    for (const CXXBaseSpecifier &Base : RD.bases())
      if (auto Found = find(Base.getType(), Path))
        return Found;
    // A lambda's fields are its captures, in order; name them by the
    // captured variable and place them where it was captured.
    const LambdaCapture *Capture =
        RD.isLambda() ? RD.captures_begin() : nullptr;
    for (const FieldDecl *Field : RD.fields()) {
      const LambdaCapture *ThisCapture = nullptr;
      if (Capture && Capture != RD.captures_end())
        ThisCapture = Capture++;
      std::string Name = Field->getNameAsString();
      SourceLocation Loc = Field->getLocation();
      if (ThisCapture && ThisCapture->capturesVariable()) {
        Name = ThisCapture->getCapturedVar()->getNameAsString();
        Loc = ThisCapture->getLocation();
      }
      std::string FieldPath = Path.empty() ? Name : Path + "." + Name;
      if (auto Found = find(Field->getType(), FieldPath)) {
        // Outermost wins: the capture, or the kernel functor's own member.
        Found->Loc = Loc;
        return Found;
      }
    }
    return std::nullopt;
  }

  void report(const FunctionDecl &Kernel, const FunctionPointerSite &Site) {
    DiagnosticsEngine &Diags = Ctx->getDiagnostics();
    unsigned ID = Diags.getCustomDiagID(
        DiagnosticsEngine::Error,
        "kernel '%0' captures function pointer '%1'; a host function's "
        "address cannot be called on the device (take the address inside "
        "the kernel instead)");
    std::string Name;
    llvm::raw_string_ostream OS(Name);
    Kernel.getNameForDiagnostic(OS, Ctx->getPrintingPolicy(),
                                /*Qualified=*/true);
    SourceLocation Loc = Site.Loc.isValid() ? Site.Loc : Kernel.getLocation();
    Diags.Report(Loc, ID) << Name << Site.Path;
  }

  ASTContext *Ctx = nullptr;
  llvm::SmallPtrSet<const FunctionDecl *, 8> Checked;
  llvm::SmallPtrSet<const CXXRecordDecl *, 8> Visiting;
};

} // namespace

std::unique_ptr<ASTConsumer>
createKernelCapturesConsumer(CompilerInstance &CI) {
  if (!CI.getLangOpts().CUDAIsDevice)
    return nullptr;
  return std::make_unique<KernelCapturesChecker>();
}

} // namespace hcc
