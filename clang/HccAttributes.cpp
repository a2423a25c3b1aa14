//===- HccAttributes.cpp - The [[hc]] and [[cpu]] attributes -------------===//
//
// Part of hcc.
//
// Both attributes take no arguments and apply to functions: free functions,
// member functions, constructors, destructors, function templates and the
// call operators of lambdas. Each is spelled __attribute__((hc)) or [[hc]]
// (likewise cpu; hc also __attribute__((amp))); `[[hc, cpu]]` is simply
// both.
//
// A C++11 attribute written after a parameter list (`void f() [[hc]]`)
// appertains to the function type, where Clang rejects attributes that
// plugins define; AttributeSpellingRewriter turns those into the GNU
// spelling before Clang lexes them.
//
//===----------------------------------------------------------------------===//

#include "AmpMode.h"
#include "ExecutionSpace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

using namespace clang;

namespace {

/// What both attributes share; subclasses only name themselves and their
/// execution space.
class ExecutionSpaceAttrInfo : public ParsedAttrInfo {
public:
  ExecutionSpaceAttrInfo(ArrayRef<Spelling> Spellings,
                         hcc::Restriction Restriction)
      : Restriction(Restriction) {
    // NumArgs and OptArgs keep their default of 0: no arguments allowed.
    this->Spellings = Spellings;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (D->getAsFunction())
      return true;
    // C++ AMP 1.2 section 2.3.1: function pointers and references are
    // restrict(cpu), which they may say; restrict(amp) on them is an error.
    if (hcc::isAmpMode() && isFunctionPointerOrReference(D)) {
      if (Restriction == hcc::Restriction::Cpu)
        return false;
      unsigned ID = S.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "restrict(amp) cannot be applied to function pointers, function "
          "references or pointers to member functions");
      S.Diag(Attr.getLoc(), ID);
      return false;
    }
    S.Diag(Attr.getLoc(), diag::warn_attribute_wrong_decl_type_str)
        << Attr << Attr.isRegularKeywordAttribute() << "functions";
    return false;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    // getAsFunction() sees through function templates to their pattern,
    // whose attributes every instantiation inherits.
    FunctionDecl *FD = D->getAsFunction();
    if (!FD)
      return AttributeNotApplied;
    // What this declaration says; Redeclarations.cpp, which Clang calls
    // after all attributes of the declaration, weighs it against the
    // previous declarations.
    hcc::recordWrittenRestriction(*FD, Restriction);
    hcc::applyPlacement(S.getASTContext(), *FD,
                        hcc::Placement{hcc::writtenRestriction(*FD)});
    return AttributeApplied;
  }

private:
  static bool isFunctionPointerOrReference(const Decl *D) {
    QualType T;
    if (const auto *Value = dyn_cast<ValueDecl>(D))
      T = Value->getType();
    else if (const auto *Typedef = dyn_cast<TypedefNameDecl>(D))
      T = Typedef->getUnderlyingType();
    else
      return false;
    if (T->isReferenceType() || T->isPointerType())
      T = T->getPointeeType();
    return T->isFunctionType() || T->isMemberFunctionPointerType();
  }

  hcc::Restriction Restriction;
};

// __attribute__((amp)) is the original hcc's other name of hc.
constexpr ParsedAttrInfo::Spelling HcSpellings[] = {
    {ParsedAttr::AS_GNU, "hc"},
    {ParsedAttr::AS_CXX11, "hc"},
    {ParsedAttr::AS_GNU, "amp"},
};

constexpr ParsedAttrInfo::Spelling CpuSpellings[] = {
    {ParsedAttr::AS_GNU, "cpu"},
    {ParsedAttr::AS_CXX11, "cpu"},
};

struct HcAttrInfo : ExecutionSpaceAttrInfo {
  HcAttrInfo()
      : ExecutionSpaceAttrInfo(HcSpellings, hcc::Restriction::Amp) {
  }
};

struct CpuAttrInfo : ExecutionSpaceAttrInfo {
  CpuAttrInfo()
      : ExecutionSpaceAttrInfo(CpuSpellings, hcc::Restriction::Cpu) {}
};

} // namespace

static ParsedAttrInfoRegistry::Add<HcAttrInfo>
    RegisterHc("hc", "hcc: function usable in kernels ([[hc]])");
static ParsedAttrInfoRegistry::Add<CpuAttrInfo>
    RegisterCpu("cpu", "hcc: host-only function ([[cpu]])");
