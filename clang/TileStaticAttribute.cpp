//===- TileStaticAttribute.cpp - Storage of tile_static variables --------===//
//
// Part of hcc. C++ AMP 1.2 (section 2.4.3.5.1) and hcc: a tile_static
// variable has no initializer, and the compiler does not run its default
// constructor or its destructor; its value is undefined until a work-item
// writes it. Clang would construct it: a static local (the host pass's
// `static thread_local`) is default-initialised, which needs a default
// constructor, and a CUDA __shared__ variable (the device pass) accepts only
// constructors CUDA calls empty, so `tile_static float_4 s[256]` (whose
// constructor zeroes the vector) or an array of a class without a default
// constructor did not compile.
//
// The `tile_static` macro (hc/detail/config.hpp) adds this attribute, which
// gives the variable Clang's loader_uninitialized attribute: Sema then skips
// default-initialisation altogether (no constructor, no destructor, no
// CUDA initializer check), and code generation leaves the storage undefined.
// Clang accepts that for arrays of any element type and for types whose
// default constructor is trivial; a single object of a class whose default
// constructor is not trivial gets an error that says so and how to declare
// it instead.
//
//===----------------------------------------------------------------------===//

#include "hc/detail/abi_names.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"

#include <optional>

using namespace clang;

namespace {

/// A single object (not an array) of a class whose default constructor is
/// not trivial: Clang cannot leave it unconstructed. Dependent and incomplete
/// types are decided when they are known (Clang checks instantiations).
bool needsConstruction(Sema &S, const VarDecl &VD) {
  QualType Type = VD.getType();
  if (Type->isDependentType() || Type->isArrayType())
    return false;
  // Instantiates a class template specialisation (float_4 is one) so that
  // its constructors are known.
  if (!S.isCompleteType(VD.getLocation(), Type))
    return false;
  const CXXRecordDecl *RD = Type->getAsCXXRecordDecl();
  return RD && !RD->hasTrivialDefaultConstructor();
}

/// Whether the declarator of \p VD goes on with an initializer (`= ...`,
/// `(...)`, `{...}`) after its name and array bounds. The attribute is
/// handled before Sema sees the initializer; a variable that has one keeps
/// Clang's ordinary rules, so that the C++ AMP rule "a tile_static variable
/// cannot have an initializer" (AmpBodyRules.cpp) reports it, not Clang's
/// loader_uninitialized check. Names written by macros are taken as
/// uninitialised.
bool hasWrittenInitializer(Sema &S, const VarDecl &VD) {
  SourceLocation Loc = VD.getLocation();
  if (Loc.isMacroID())
    return false;
  const SourceManager &SM = S.getSourceManager();
  const LangOptions &LangOpts = S.getLangOpts();
  auto Next = [&](SourceLocation After) {
    return Lexer::findNextToken(After, SM, LangOpts);
  };
  std::optional<Token> Tok = Next(Loc);
  // Array bounds, each `[ ... ]` with any nesting inside.
  while (Tok && Tok->is(tok::l_square)) {
    unsigned Depth = 1;
    while (Depth && (Tok = Next(Tok->getLocation())) && !Tok->is(tok::eof)) {
      if (Tok->is(tok::l_square))
        ++Depth;
      else if (Tok->is(tok::r_square))
        --Depth;
    }
    if (!Tok || Depth)
      return false;
    Tok = Next(Tok->getLocation());
  }
  return Tok && Tok->isOneOf(tok::equal, tok::l_paren, tok::l_brace);
}

class TileStaticAttrInfo : public ParsedAttrInfo {
public:
  TileStaticAttrInfo() {
    static constexpr Spelling Spellings[] = {
        {ParsedAttr::AS_GNU, hc::abi::tile_static_attribute}};
    this->Spellings = Spellings;
  }

  bool diagAppertainsToDecl(Sema &, const ParsedAttr &,
                            const Decl *D) const override {
    return isa<VarDecl>(D);
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &Attr) const override {
    auto *VD = cast<VarDecl>(D);
    if (needsConstruction(S, *VD)) {
      unsigned ID = S.getDiagnostics().getCustomDiagID(
          DiagnosticsEngine::Error,
          "tile_static variable '%0' of type %1 cannot be declared: "
          "tile_static variables are not constructed, and a single object "
          "of a class whose default constructor is not trivial must be; "
          "declare an array of one, `tile_static %2 %0[1];`, and use `%0[0]`");
      S.Diag(VD->getLocation(), ID)
          << VD->getName() << VD->getType()
          << VD->getType().getAsString(S.getPrintingPolicy());
      VD->setInvalidDecl();
      return AttributeApplied;
    }
    if (hasWrittenInitializer(S, *VD))
      return AttributeApplied;
    D->addAttr(LoaderUninitializedAttr::CreateImplicit(S.getASTContext(),
                                                       Attr.getRange()));
    return AttributeApplied;
  }
};

} // namespace

static ParsedAttrInfoRegistry::Add<TileStaticAttrInfo>
    RegisterTileStatic(hc::abi::tile_static_attribute,
                       "hcc: tile_static variables are not constructed");
