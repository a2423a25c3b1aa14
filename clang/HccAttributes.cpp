//===- HccAttributes.cpp - The [[hc]] and [[cpu]] attributes -------------===//
//
// Part of hcc.
//
// Both attributes take no arguments and apply to functions: free functions,
// member functions, constructors, destructors, function templates and the
// call operators of lambdas. Each is spelled __attribute__((hc)) or [[hc]]
// (likewise cpu); `[[hc, cpu]]` is simply both.
//
// A C++11 attribute written after a parameter list (`void f() [[hc]]`)
// appertains to the function type, where Clang rejects attributes that
// plugins define; AttributeSpellingRewriter turns those into the GNU
// spelling before Clang lexes them.
//
//===----------------------------------------------------------------------===//

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
                         hcc::ExecutionSpace Space)
      : Space(Space) {
    // NumArgs and OptArgs keep their default of 0: no arguments allowed.
    this->Spellings = Spellings;
  }

  bool diagAppertainsToDecl(Sema &S, const ParsedAttr &Attr,
                            const Decl *D) const override {
    if (D->getAsFunction())
      return true;
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
    hcc::addExecutionSpace(S.getASTContext(), *FD, Space, Attr.getRange());
    return AttributeApplied;
  }

private:
  hcc::ExecutionSpace Space;
};

constexpr ParsedAttrInfo::Spelling HcSpellings[] = {
    {ParsedAttr::AS_GNU, "hc"},
    {ParsedAttr::AS_CXX11, "hc"},
};

constexpr ParsedAttrInfo::Spelling CpuSpellings[] = {
    {ParsedAttr::AS_GNU, "cpu"},
    {ParsedAttr::AS_CXX11, "cpu"},
};

struct HcAttrInfo : ExecutionSpaceAttrInfo {
  HcAttrInfo()
      : ExecutionSpaceAttrInfo(HcSpellings, hcc::ExecutionSpace::Accelerator) {
  }
};

struct CpuAttrInfo : ExecutionSpaceAttrInfo {
  CpuAttrInfo()
      : ExecutionSpaceAttrInfo(CpuSpellings, hcc::ExecutionSpace::Host) {}
};

} // namespace

static ParsedAttrInfoRegistry::Add<HcAttrInfo>
    RegisterHc("hc", "hcc: function usable in kernels ([[hc]])");
static ParsedAttrInfoRegistry::Add<CpuAttrInfo>
    RegisterCpu("cpu", "hcc: host-only function ([[cpu]])");
