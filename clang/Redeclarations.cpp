//===- Redeclarations.cpp - hcc's rules for redeclared functions ---------===//
//
// Part of hcc.
//
// The rules (C++ AMP's, with the original hcc's reading of a declaration
// without annotation), for a new declaration against the previous ones of
// the same name, scope and signature:
//
//  - same restriction: the same function;
//  - cpu against none: the same function (C++ AMP: none means cpu);
//  - amp against cpu: two functions, overloaded on restriction;
//  - amp against none: two functions when both have a body (`int f() [[hc]]
//    {...}` next to `int f() {...}`); otherwise a plain declaration of the
//    other, so the same function (a header declares `int f();`, the
//    definition says `int f() [[hc]] {...}`, or the reverse);
//  - amp-and-cpu against anything: the same function.
// One function that gathered several restrictions gets their union (amp
// with none or cpu is amp-and-cpu). A pair of two functions is a twin pair
// (ExecutionSpace.h).
//
// The hook: a plugin attribute that `#pragma clang attribute` applies to
// every function declaration. Clang applies such attributes after the
// declaration's own ones and before it looks for the previous declaration,
// which is exactly the moment needed: the plugin sees what was written,
// finds the previous declarations itself and gives both sides attributes
// that make Clang merge them, or keep them apart, as above. The pragma is
// pushed (in namespace `hcc`) at the start of the predefines and popped
// when the main file's end-of-file token is lexed, before Sema checks for
// unbalanced pushes.
//
//===----------------------------------------------------------------------===//

#include "Redeclarations.h"

#include "AmpMode.h"
#include "AmpRestriction.h"
#include "ExecutionSpace.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/AttrSubjectMatchRules.h"
#include "clang/Basic/ParsedAttrInfo.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Sema/ParsedAttr.h"
#include "clang/Sema/Sema.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"

using namespace clang;

namespace hcc {

namespace {

/// The attribute the pragma applies; users never write it.
constexpr const char HookAttributeName[] = "hcc_function_declaration";

/// Per function (keyed by its first declaration): how it is compiled.
llvm::DenseMap<const FunctionDecl *, Placement> &placements() {
  static llvm::DenseMap<const FunctionDecl *, Placement> Table;
  return Table;
}

/// Names with at least one annotated declaration so far. A plain
/// declaration of any other name can only meet plain ones, which Clang
/// matches as it is: no lookup (most declarations, those of system headers
/// among them, are such).
llvm::DenseSet<DeclarationName> &annotatedNames() {
  static llvm::DenseSet<DeclarationName> Names;
  return Names;
}

bool isCpuLike(Restriction R) {
  return R == Restriction::None || R == Restriction::Cpu;
}

/// The restriction of one function declared with \p A and with \p B.
Restriction unite(Restriction A, Restriction B) {
  if (A == B)
    return A;
  if (isCpuLike(A) && isCpuLike(B))
    return Restriction::Cpu;
  return Restriction::Both;
}

/// amp on one side, cpu or none on the other.
bool areTwinRestrictions(Restriction A, Restriction B) {
  return (A == Restriction::Amp && isCpuLike(B)) ||
         (B == Restriction::Amp && isCpuLike(A));
}

/// A previous function of the same signature.
struct Previous {
  FunctionDecl *First;
  Placement Place;
  bool HasBody;
};

Placement placementOf(const FunctionDecl &First) {
  auto It = placements().find(&First);
  if (It != placements().end())
    return It->second;
  Restriction R = Restriction::None;
  for (const FunctionDecl *D : First.redecls())
    R = unite(R, writtenRestriction(*D));
  return Placement{R};
}

void placeEverywhere(ASTContext &Ctx, FunctionDecl &First,
                     const Placement &P) {
  placements()[&First] = P;
  for (FunctionDecl *D : First.redecls())
    applyPlacement(Ctx, *D, P);
}

/// Whether the declarator of \p FD, whose parameter list has just been
/// parsed, goes on with a body: after the ")" come qualifiers, attributes,
/// an exception specification, a trailing return type, then "{", "try",
/// ":" (constructor initialisers) or "= default"/"= delete" for a
/// definition, ";", "," or "= 0" for a declaration. Clang has not seen
/// that far yet, so the tokens are read from the source; a declarator made
/// by a macro may not say, and counts as a declaration.
bool declaratorHasBody(const FunctionDecl &FD, const SourceManager &SM,
                       const LangOptions &LangOpts) {
  FunctionTypeLoc FTL = FD.getFunctionTypeLoc();
  if (!FTL)
    return false;
  SourceLocation Loc = FTL.getRParenLoc();
  if (Loc.isInvalid())
    return false;
  if (Loc.isMacroID())
    Loc = SM.getExpansionRange(Loc).getEnd();
  unsigned Depth = 0;
  for (unsigned Count = 0; Count < 256; ++Count) {
    std::optional<Token> Tok = Lexer::findNextToken(Loc, SM, LangOpts);
    if (!Tok || Tok->is(tok::eof))
      return false;
    Loc = Tok->getLocation();
    switch (Tok->getKind()) {
    case tok::l_paren:
    case tok::l_square:
      ++Depth;
      continue;
    case tok::r_paren:
    case tok::r_square:
      if (Depth == 0)
        return false;
      --Depth;
      continue;
    default:
      break;
    }
    if (Depth > 0)
      continue;
    if (Tok->isOneOf(tok::l_brace, tok::colon))
      return true;
    if (Tok->isOneOf(tok::semi, tok::comma, tok::r_brace))
      return false;
    if (Tok->is(tok::raw_identifier) && Tok->getRawIdentifier() == "try")
      return true;
    if (Tok->is(tok::equal)) {
      std::optional<Token> Next = Lexer::findNextToken(Loc, SM, LangOpts);
      return Next && Next->is(tok::raw_identifier) &&
             (Next->getRawIdentifier() == "default" ||
              Next->getRawIdentifier() == "delete");
    }
  }
  return false;
}

/// Declarations the rules do not concern: lambdas (each is its own
/// function), friends and block-scope declarations (found elsewhere),
/// destructors (never overloaded), deduction guides.
bool isOutsideTheRules(const FunctionDecl &FD) {
  if (FD.getFriendObjectKind() != Decl::FOK_None ||
      isa<CXXDestructorDecl>(FD) || isa<CXXDeductionGuideDecl>(FD))
    return true;
  if (const auto *MD = dyn_cast<CXXMethodDecl>(&FD))
    if (MD->getParent()->isLambda())
      return true;
  return FD.getDeclContext()->isFunctionOrMethod();
}

/// The previous functions of \p New's name, scope and signature, one entry
/// per function.
llvm::SmallVector<Previous, 2> findPrevious(Sema &S, FunctionDecl &New) {
  llvm::SmallVector<Previous, 2> Result;
  DeclContext *DC = New.getDeclContext()->getRedeclContext();
  bool NewIsTemplate = New.getDescribedFunctionTemplate() != nullptr;
  for (NamedDecl *ND : DC->lookup(New.getDeclName())) {
    FunctionDecl *Old = nullptr;
    if (auto *Template = dyn_cast<FunctionTemplateDecl>(ND))
      Old = NewIsTemplate ? Template->getTemplatedDecl() : nullptr;
    else if (!NewIsTemplate)
      Old = dyn_cast<FunctionDecl>(ND);
    if (!Old || Old == &New || Old->isImplicit() || Old->isInvalidDecl())
      continue;
    if (S.IsOverload(&New, Old, /*UseMemberUsingDeclRules=*/false,
                     /*ConsiderCudaAttrs=*/false))
      continue;
    FunctionDecl *First = Old->getFirstDecl();
    if (llvm::any_of(Result,
                     [&](const Previous &P) { return P.First == First; }))
      continue;
    bool HasBody = llvm::any_of(First->redecls(), [](const FunctionDecl *D) {
      return D->isThisDeclarationADefinition() || D->willHaveBody();
    });
    Result.push_back({First, placementOf(*First), HasBody});
  }
  return Result;
}

/// Which previous function \p New declares again, if any.
Previous *findSameFunction(llvm::MutableArrayRef<Previous> Candidates,
                           Restriction R, bool NewHasBody) {
  auto Find = [&](auto Pred) -> Previous * {
    for (Previous &P : Candidates)
      if (Pred(P.Place.What, P))
        return &P;
    return nullptr;
  };
  if (Previous *P = Find([&](Restriction Old, const Previous &) {
        return Old == R;
      }))
    return P;
  if (isCpuLike(R))
    if (Previous *P = Find([](Restriction Old, const Previous &) {
          return isCpuLike(Old);
        }))
      return P;
  if (R == Restriction::Both && !Candidates.empty())
    return &Candidates.front();
  if (Previous *P = Find([](Restriction Old, const Previous &) {
        return Old == Restriction::Both;
      }))
    return P;
  // amp against none: the same function unless both have bodies.
  return Find([&](Restriction Old, const Previous &P) {
    bool AmpAndNone = (R == Restriction::Amp && Old == Restriction::None) ||
                      (R == Restriction::None && Old == Restriction::Amp);
    return AmpAndNone && !(NewHasBody && P.HasBody);
  });
}

const char *spellingOf(Restriction R) {
  switch (R) {
  case Restriction::Amp:
    return "restrict(amp)";
  case Restriction::Both:
    return "restrict(amp, cpu)";
  default:
    return "restrict(cpu)";
  }
}

/// C++ AMP: a function's restriction is part of its type, so declaring it
/// restrict(amp, cpu) where an earlier declaration said restrict(amp) or
/// restrict(cpu) (or the reverse) is an error (Visual C++'s C3935). hcc's
/// reading of a declaration without restriction, which the original hcc
/// merged with any other, is kept.
void checkAmpRestrictionMatch(Sema &S, const FunctionDecl &New, Restriction R,
                              const Previous &Same) {
  if (R == Restriction::None || Same.Place.Twin || !isAmpUserCode(New))
    return;
  for (const FunctionDecl *D : Same.First->redecls()) {
    Restriction Old = writtenRestriction(*D);
    if (D == &New || Old == Restriction::None ||
        (R == Restriction::Both) == (Old == Restriction::Both))
      continue;
    DiagnosticsEngine &Diags = S.getDiagnostics();
    Diags.Report(New.getLocation(),
                 Diags.getCustomDiagID(
                     DiagnosticsEngine::Error,
                     "'%0' is declared %1 here and %2 before: a function's "
                     "restriction specifiers are part of its type"))
        << New.getQualifiedNameAsString() << spellingOf(R) << spellingOf(Old);
    Diags.Report(D->getLocation(),
                 Diags.getCustomDiagID(DiagnosticsEngine::Note,
                                       "previous declaration is here"));
    return;
  }
}

void onFunctionDeclaration(Sema &S, FunctionDecl &New) {
  ASTContext &Ctx = S.getASTContext();
  Restriction R = writtenRestriction(New);
  if (New.isInvalidDecl() || isOutsideTheRules(New)) {
    applyPlacement(Ctx, New, Placement{R});
    return;
  }
  if (R == Restriction::None) {
    if (!annotatedNames().contains(New.getDeclName()))
      return;
  } else {
    annotatedNames().insert(New.getDeclName());
  }

  llvm::SmallVector<Previous, 2> Candidates = findPrevious(S, New);
  bool NewHasBody =
      R != Restriction::Both && !Candidates.empty() &&
      declaratorHasBody(New, S.getSourceManager(), S.getLangOpts());
  Previous *Same = findSameFunction(Candidates, R, NewHasBody);

  // A new function, or the union of what the function and New say (the
  // two halves of a twin pair keep their restriction).
  Placement Place{R, /*Twin=*/false, /*AmpTagged=*/R == Restriction::Amp};
  if (Same && isAmpMode())
    checkAmpRestrictionMatch(S, New, R, *Same);
  if (Same) {
    Place = Same->Place;
    if (!Place.Twin)
      Place.What = unite(Place.What, R);
  }

  // The other functions of this signature are its twins.
  for (Previous &Other : Candidates) {
    if (&Other == Same || !areTwinRestrictions(Place.What, Other.Place.What))
      continue;
    Place.Twin = true;
    if (!Other.Place.Twin) {
      Other.Place.Twin = true;
      placeEverywhere(Ctx, *Other.First, Other.Place);
    }
  }

  if (Same && (Place.What != Same->Place.What ||
               Place.Twin != Same->Place.Twin))
    placeEverywhere(Ctx, *Same->First, Place);
  else if (!Same)
    placements()[&New] = Place;
  applyPlacement(Ctx, New, Place);
}

class DeclarationHookInfo : public ParsedAttrInfo {
public:
  DeclarationHookInfo() {
    static constexpr Spelling Spellings[] = {
        {ParsedAttr::AS_GNU, HookAttributeName}};
    this->Spellings = Spellings;
    IsSupportedByPragmaAttribute = 1;
  }

  void getPragmaAttributeMatchRules(
      llvm::SmallVectorImpl<std::pair<attr::SubjectMatchRule, bool>> &Rules,
      const LangOptions &) const override {
    Rules.push_back({attr::SubjectMatchRule_function, /*IsSupported=*/true});
  }

  bool diagAppertainsToDecl(Sema &, const ParsedAttr &,
                            const Decl *D) const override {
    return D->getAsFunction() != nullptr;
  }

  AttrHandling handleDeclAttribute(Sema &S, Decl *D,
                                   const ParsedAttr &) const override {
    if (FunctionDecl *FD = D->getAsFunction())
      if (S.getLangOpts().CUDA)
        onFunctionDeclaration(S, *FD);
    return AttributeApplied;
  }
};

} // namespace

void installRedeclarationRules(CompilerInstance &CI) {
  if (!CI.hasPreprocessor() || !CI.getLangOpts().CUDA)
    return;
  Preprocessor &PP = CI.getPreprocessor();
  PP.setPredefines("#pragma clang attribute hcc.push(__attribute__((" +
                   std::string(HookAttributeName) +
                   ")), apply_to = function)\n" + PP.getPredefines());
  // The main file's end: its eof token, lexed once the last declaration is
  // complete and before Sema looks for unterminated pushes. Parser-cached
  // tokens replayed later are marked as reinjected.
  PP.setTokenWatcher([&CI, Popped = false](const Token &Tok) mutable {
    if (Popped || !Tok.is(tok::eof) || Tok.getFlag(Token::IsReinjected) ||
        !CI.hasSema())
      return;
    Preprocessor &PP = CI.getPreprocessor();
    if (PP.getCurrentFileLexer() || PP.isIncrementalProcessingEnabled())
      return;
    Popped = true;
    CI.getSema().ActOnPragmaAttributePop(Tok.getLocation(),
                                         PP.getIdentifierInfo("hcc"));
  });
}

} // namespace hcc

static ParsedAttrInfoRegistry::Add<hcc::DeclarationHookInfo>
    RegisterDeclarationHook(hcc::HookAttributeName,
                            "hcc: sees every function declaration");
