//===- SpecifierPlacement.cpp - Where a rewritten specifier goes ---------===//
//
// Part of hcc.
//
// Where Clang 22 accepts the GNU spelling, and so where the rewritten
// attribute is put:
//
//  - after a function's parameter list and its qualifiers
//      int &operator[](int i) const [[hc]];  -> ... const __attribute__((hc));
//    in place;
//  - after a lambda's parameter list: only directly after the ")", before
//    mutable/constexpr/static/noexcept, so
//      [=](int i) mutable [[hc]] { }  -> [=](int i) __attribute__((hc)) mutable { }
//    (directly after the ")" it stays in place, also before "-> T");
//  - after a function's exception specification, when C++ AMP wrote the
//    restriction in front of it (GNU attributes cannot precede it):
//      void f() restrict(cpu) throw() { }  -> void f() throw() __attribute__((cpu)) { }
//  - a function with a trailing return type takes GNU attributes neither
//    after its parameter list nor after the return type (that one would
//    appertain to the type), so the attribute moves in front of the name:
//      auto S::f() const [[hc]] -> int  -> auto __attribute__((hc)) S::f() const -> int
//  - in front of a lambda introducer (the original hcc accepted
//    `__attribute__((amp)) [=](index<1> i) {...}`, also through a macro)
//    Clang expects an expression; the attribute, or the macro, moves behind
//    the introducer (and its template parameters, if any):
//      __attribute__((amp)) [=](int i) { }  -> [=] __attribute__((amp)) (int i) { }
//  - after the parameter list of a function *type* (`int (*)(int)
//    restrict(cpu)` as a template argument, a typedef, a parameter), where
//    a GNU attribute would appertain to the type: nowhere, the specifier is
//    dropped (function pointer types carry no restriction here);
//  - anywhere else (declaration positions: `[[hc]] void f();`, after a
//    lambda introducer, macro bodies) in place.
//
// Rewriting in place replaces only the brackets, so whatever lies between
// them stays. A moved attribute is rebuilt from its names, and the place it
// leaves keeps any line break it held; either way no line changes number.
//
//===----------------------------------------------------------------------===//

#include "SpecifierRewriter.h"

#include "RestrictionContext.h"

#include "llvm/ADT/STLExtras.h"

using namespace clang;

namespace hcc {
namespace attribute_spelling {

/// The line breaks between the first and the last token of \p S.
static std::string lineBreaksOf(llvm::StringRef Text,
                                llvm::ArrayRef<RawToken> Tokens,
                                const Specifier &S) {
  unsigned Begin = Tokens[S.Open].Offset;
  unsigned End = Tokens[S.End].Offset + Tokens[S.End].Length;
  return std::string(llvm::count(Text.slice(Begin, End), '\n'), '\n');
}

void SpecifierRewriter::rewriteInPlace(const Specifier &S) {
  if (S.Kind == Specifier::Restrict) {
    unsigned Begin = tok(S.Open).Offset;
    unsigned End = tok(S.End).Offset + tok(S.End).Length;
    std::string Replacement;
    if (S.Amp || S.Cpu)
      Replacement = "__attribute__((" + gnuAttributeList(S) + "))";
    Edits.push_back(
        {Begin, End - Begin, Replacement + lineBreaksOf(Text, Tokens, S)});
    return;
  }
  if (S.Kind != Specifier::Bracketed)
    return; // Already the GNU spelling.
  auto Replace = [&](size_t I, const char *With) {
    Edits.push_back({tok(I).Offset, tok(I).Length, With});
  };
  Replace(S.Open, "__attribute__(");
  Replace(S.Open + 1, "(");
  Replace(S.End - 1, ")");
  Replace(S.End, ")");
}

void SpecifierRewriter::moveTo(const Specifier &S, unsigned Offset,
                               bool SpaceAfter) {
  std::string Moved;
  if (S.Kind == Specifier::Macro)
    Moved = spelling(S.Open).str();
  else if (S.Kind != Specifier::Restrict || S.Amp || S.Cpu)
    Moved = "__attribute__((" + gnuAttributeList(S) + "))";
  if (!Moved.empty())
    Edits.push_back({Offset, 0, SpaceAfter ? Moved + " " : " " + Moved});
  remove(S);
}

/// Makes the compile fail at \p S with \p Message (C++ AMP's grammar
/// rules, which Clang does not know): a `#pragma GCC error` in front of it.
void SpecifierRewriter::insertError(const Specifier &S,
                                    llvm::StringRef Message) {
  Edits.push_back({tok(S.Open).Offset, 0,
                   "_Pragma(\"GCC error \\\"" + Message.str() + "\\\"\") "});
}

/// Deletes \p S, keeping the line breaks it held.
void SpecifierRewriter::remove(const Specifier &S) {
  unsigned Begin = tok(S.Open).Offset;
  unsigned End = tok(S.End).Offset + tok(S.End).Length;
  Edits.push_back({Begin, End - Begin, lineBreaksOf(Text, Tokens, S)});
}

/// A specifier after a parameter list (or anywhere else): see the file
/// comment for where Clang wants it.
void SpecifierRewriter::placeAfterParameterList(const Specifier &S) {
  std::optional<size_t> ParamClose = findParameterListClose(S.Open);
  std::optional<size_t> ParamOpen =
      ParamClose ? findOpening(Tokens, *ParamClose) : std::nullopt;
  if (!ParamOpen) {
    rewriteInPlace(S);
    return;
  }
  bool RightAfterParams = *ParamClose + 1 == S.Open;
  // A function type has no declaration for the attribute to go to, and
  // here it carries no restriction (function pointers are called only from
  // the side they were taken on): the specifier is dropped. C++ AMP 1.2
  // section 2.3.1 makes such types restrict(cpu), which they may say;
  // restrict(amp) on them is an error in C++ AMP mode.
  if (isFunctionTypeParameterList(*ParamOpen)) {
    if (Options.AmpOrderRules && namedSides(S).first)
      insertError(S, "restrict(amp) cannot be applied to function pointers, "
                     "function references or pointers to member functions");
    remove(S);
    return;
  }
  if (isLambdaParameterList(*ParamOpen)) {
    // C++ AMP's lambda declarator: (params) mutable restrict(...) throw()
    // -> T.
    if (Options.AmpOrderRules && S.Kind != Specifier::Gnu &&
        tok(S.End + 1).isWord("mutable"))
      insertError(S, "in C++ AMP a lambda's restriction specifier comes "
                     "after 'mutable'");
    if (RightAfterParams)
      rewriteInPlace(S);
    else
      moveTo(S, tok(*ParamClose).Offset + 1, /*SpaceAfter=*/false);
    return;
  }
  // C++ AMP writes the restriction before the exception specification
  // (`void f() restrict(amp) throw()`); the GNU spelling goes behind it.
  std::optional<size_t> SpecEnd = exceptionSpecificationEnd(S.End + 1);
  size_t AfterSpec = SpecEnd ? *SpecEnd + 1 : S.End + 1;
  if (isKind(AfterSpec, tok::arrow)) {
    if (std::optional<size_t> Name = findDeclaratorIdStart(*ParamOpen)) {
      moveTo(S, tok(*Name).Offset, /*SpaceAfter=*/true);
      if (const char *Context = restrictionContextOf(S))
        wrapInRestrictionContext(AfterSpec, Context);
      return;
    }
  }
  if (SpecEnd) {
    moveTo(S, tok(*SpecEnd).Offset + tok(*SpecEnd).Length,
           /*SpaceAfter=*/false);
    return;
  }
  rewriteInPlace(S);
}

/// Calls in the return type resolve as in code of the function's
/// restriction (RestrictionContext.h).
void SpecifierRewriter::wrapInRestrictionContext(size_t Arrow,
                                                 const char *Context) {
  std::optional<size_t> End = trailingReturnTypeEnd(Arrow);
  if (!End)
    return;
  std::string Pragma = "_Pragma(\"" + std::string(RestrictionContextPragma);
  Edits.push_back({tok(Arrow).Offset + tok(Arrow).Length, 0,
                   " " + Pragma + " push " + Context + "\")"});
  Edits.push_back({tok(*End).Offset, 0, " " + Pragma + " pop\") "});
}

llvm::SmallVector<Edit, 8> SpecifierRewriter::run() {
  markDirectives();
  collectAttributeMacros();
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (tok(I).FromMacro)
      continue; // Read through, never rewritten.
    std::optional<Specifier> S = matchSpecifier(I);
    if (!S)
      S = matchRestrict(I);
    if (!S) {
      if (isBareRestrictQualifier(I)) {
        Edits.push_back({tok(I).Offset, tok(I).Length, "__restrict"});
        continue;
      }
      // GNU spellings and attribute macros only need help in front of a
      // lambda introducer; elsewhere Clang takes them as they are.
      S = matchGnuHccAttribute(I);
      if (!S && isKind(I, tok::raw_identifier) && Options.AttributeMacros &&
          !InDirective[I] && Options.AttributeMacros->contains(tok(I).Identifier))
        S = Specifier{I, I, Specifier::Macro};
      if (!S)
        continue;
    }
    I = S->End;

    if (Options.AmpOrderRules && S->Kind != Specifier::Gnu &&
        !InDirective[S->Open] && followsExceptionSpecification(S->Open))
      insertError(*S, "in C++ AMP a restriction specifier comes before the "
                      "exception specification");

    if (Options.AmpOrderRules && isRestriction(*S) && !InDirective[S->Open] &&
        !followsDeclarator(*S))
      insertError(*S, "a restriction specifier follows the parameter list "
                      "of a function or lambda");

    if (startsLambda(S->End + 1, S->End)) {
      if (std::optional<size_t> End = lambdaIntroducerEnd(S->End + 1)) {
        moveTo(*S, tok(*End).Offset + tok(*End).Length, /*SpaceAfter=*/false);
        continue;
      }
    }
    if (S->Kind == Specifier::Gnu)
      continue;
    // A macro use stays where it is unless the declarator it ends needs
    // the attribute elsewhere (a trailing return type, an exception
    // specification, 'mutable' before it, a function type).
    if (S->Kind == Specifier::Macro && !findParameterListClose(S->Open))
      continue;
    placeAfterParameterList(*S);
  }
  // An insertion lands behind a ")", "]" or ">" or in front of a name,
  // never inside another edit; at one offset it goes first.
  llvm::stable_sort(Edits, [](const Edit &A, const Edit &B) {
    if (A.Offset != B.Offset)
      return A.Offset < B.Offset;
    return A.Length == 0 && B.Length != 0;
  });
  return Edits;
}

} // namespace attribute_spelling
} // namespace hcc
