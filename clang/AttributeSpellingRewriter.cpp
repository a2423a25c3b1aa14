//===- AttributeSpellingRewriter.cpp - [[hc]] to GNU spelling ------------===//
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

#include "AttributeSpellingRewriter.h"

#include "RawTokens.h"
#include "RestrictionContext.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <deque>
#include <utility>

using namespace clang;

namespace hcc {

namespace {

struct Edit {
  unsigned Offset;
  unsigned Length;
  std::string Replacement;
};

/// One `[[name, ...]]` of hcc attributes, one C++ AMP `restrict(amp, cpu)`,
/// or (only in front of a lambda introducer) one GNU `__attribute__((...))`
/// of hcc attributes or a macro naming one, by token index.
struct Specifier {
  enum KindTy { Bracketed, Restrict, Gnu, Macro };
  size_t Open; // The first "[", "restrict", "__attribute__" or the macro.
  size_t End;  // The last "]", the ")" of restrict or __attribute__.
  KindTy Kind;
  bool Amp = false, Cpu = false; // For restrict: what it names.
};

class SpecifierRewriter {
public:
  SpecifierRewriter(llvm::StringRef Text, llvm::ArrayRef<RawToken> Tokens,
                    const RewriteOptions &Options)
      : Text(Text), Tokens(Tokens), Options(Options) {}

  /// Collects the edits for every specifier; returns them sorted.
  llvm::SmallVector<Edit, 8> run();
  /// Only records the attribute macros the text defines.
  void collectMacroDefinitions() {
    markDirectives();
    collectAttributeMacros();
  }

private:
  std::optional<Specifier> matchSpecifier(size_t I) const;
  std::optional<Specifier> matchRestrict(size_t I) const;
  std::optional<Specifier> matchGnuHccAttribute(size_t I) const;
  bool isBareRestrictQualifier(size_t I) const;
  std::string gnuAttributeList(const Specifier &S) const;
  void markDirectives();
  void collectAttributeMacros();
  std::optional<size_t> findParameterListClose(size_t Before) const;
  bool isLambdaParameterList(size_t Open) const;
  bool isFunctionTypeParameterList(size_t Open) const;
  std::optional<size_t> findDeclaratorIdStart(size_t ParamOpen) const;
  std::optional<size_t> lambdaIntroducerEnd(size_t Bracket) const;
  bool startsLambda(size_t I, size_t After) const;
  bool followsDeclarator(const Specifier &S) const;
  bool isRestriction(const Specifier &S) const;
  const AttributeMacro *attributeMacro(const Specifier &S) const;

  void rewriteInPlace(const Specifier &S);
  void moveTo(const Specifier &S, unsigned Offset, bool SpaceAfter);
  void remove(const Specifier &S);
  void insertError(const Specifier &S, llvm::StringRef Message);
  void placeAfterParameterList(const Specifier &S);
  const char *restrictionContextOf(const Specifier &S) const;
  std::pair<bool, bool> namedSides(const Specifier &S) const;
  std::optional<size_t> trailingReturnTypeEnd(size_t Arrow) const;
  std::optional<size_t> exceptionSpecificationEnd(size_t I) const;
  bool followsExceptionSpecification(size_t Open) const;
  void wrapInRestrictionContext(size_t Arrow, const char *Context);

  const RawToken &tok(size_t I) const { return Tokens[I]; }
  bool isKind(size_t I, tok::TokenKind K) const {
    return I < Tokens.size() && Tokens[I].is(K);
  }
  llvm::StringRef spelling(size_t I) const {
    return Text.substr(tok(I).Offset, tok(I).Length);
  }

  llvm::StringRef Text;
  llvm::ArrayRef<RawToken> Tokens;
  const RewriteOptions &Options;
  llvm::SmallVector<Edit, 8> Edits;
  /// Per token: part of a preprocessor directive line.
  llvm::SmallVector<bool, 0> InDirective;
};

} // namespace

/// hc, amp (the original hcc's other GNU name of hc) and cpu, also spelled
/// __name__ as Clang allows for any attribute.
static bool isHccAttributeWord(llvm::StringRef Name, bool AllowAmp) {
  if (Name.size() > 4 && Name.starts_with("__") && Name.ends_with("__"))
    Name = Name.drop_front(2).drop_back(2);
  return Name == "hc" || Name == "cpu" || (AllowAmp && Name == "amp");
}

static bool isHccAttributeName(const RawToken &Tok) {
  return Tok.is(tok::raw_identifier) &&
         isHccAttributeWord(Tok.Identifier, /*AllowAmp=*/false);
}

std::optional<Specifier> SpecifierRewriter::matchSpecifier(size_t I) const {
  if (!isKind(I, tok::l_square) || !isKind(I + 1, tok::l_square))
    return std::nullopt;
  size_t J = I + 2;
  while (true) {
    if (J >= Tokens.size() || !isHccAttributeName(tok(J)))
      return std::nullopt;
    ++J;
    if (!isKind(J, tok::comma))
      break;
    ++J;
  }
  if (!isKind(J, tok::r_square) || !isKind(J + 1, tok::r_square))
    return std::nullopt;
  return Specifier{I, J + 1, Specifier::Bracketed};
}

/// C++ AMP's restriction specifier: `restrict` `(` amp|cpu {, amp|cpu} `)`.
/// The original hcc also took empty elements (`restrict(amp,)`,
/// `restrict(,)`), so they are skipped; at least one comma or name must be
/// there. Anything else named restrict (the C99 qualifier has no
/// parenthesis, a call has other arguments) is left alone.
std::optional<Specifier> SpecifierRewriter::matchRestrict(size_t I) const {
  if (!tok(I).isWord("restrict") || !isKind(I + 1, tok::l_paren))
    return std::nullopt;
  Specifier S{I, 0, Specifier::Restrict};
  bool Empty = true;
  size_t J = I + 2;
  for (;; ++J) {
    if (isKind(J, tok::r_paren))
      break;
    if (isKind(J, tok::comma)) {
      Empty = false;
      continue;
    }
    if (isKind(J, tok::raw_identifier) && tok(J).isWord("amp"))
      S.Amp = true;
    else if (isKind(J, tok::raw_identifier) && tok(J).isWord("cpu"))
      S.Cpu = true;
    else
      return std::nullopt;
    Empty = false;
  }
  if (Empty)
    return std::nullopt;
  S.End = J;
  return S;
}

/// `__attribute__((hc))`, `__attribute__((amp, cpu))`, ...: only hcc names.
std::optional<Specifier>
SpecifierRewriter::matchGnuHccAttribute(size_t I) const {
  if (!(tok(I).isWord("__attribute__") || tok(I).isWord("__attribute")) ||
      !isKind(I + 1, tok::l_paren) || !isKind(I + 2, tok::l_paren))
    return std::nullopt;
  size_t J = I + 3;
  while (true) {
    if (!isKind(J, tok::raw_identifier) ||
        !isHccAttributeWord(tok(J).Identifier, /*AllowAmp=*/true))
      return std::nullopt;
    ++J;
    if (!isKind(J, tok::comma))
      break;
    ++J;
  }
  if (!isKind(J, tok::r_paren) || !isKind(J + 1, tok::r_paren))
    return std::nullopt;
  return Specifier{I, J + 1, Specifier::Gnu};
}

/// What may stand between a parameter list and its attributes.
static bool isDeclaratorSuffixWord(const RawToken &Tok) {
  return Tok.isWord("const") || Tok.isWord("volatile") ||
         Tok.isWord("mutable") || Tok.isWord("constexpr") ||
         Tok.isWord("consteval") || Tok.isWord("static") ||
         Tok.isWord("noexcept") || Tok.isWord("throw");
}

/// Words that look like a function name in front of "(" but are not.
static bool isStatementKeyword(const RawToken &Tok) {
  return Tok.isWord("if") || Tok.isWord("while") || Tok.isWord("for") ||
         Tok.isWord("switch") || Tok.isWord("return") ||
         Tok.isWord("sizeof") || Tok.isWord("alignof") ||
         Tok.isWord("decltype") || Tok.isWord("catch");
}

std::optional<size_t>
SpecifierRewriter::findParameterListClose(size_t Before) const {
  size_t J = Before;
  while (J > 0) {
    const RawToken &Prev = tok(J - 1);
    if (isDeclaratorSuffixWord(Prev) || Prev.is(tok::amp) ||
        Prev.is(tok::ampamp)) {
      --J;
      continue;
    }
    if (!Prev.is(tok::r_paren))
      return std::nullopt;
    std::optional<size_t> Open = findOpening(Tokens, J - 1);
    if (!Open)
      return std::nullopt;
    // noexcept(...), throw(...) and __attribute__((...)) are suffixes too.
    if (*Open > 0 &&
        (tok(*Open - 1).isWord("noexcept") || tok(*Open - 1).isWord("throw") ||
         tok(*Open - 1).isWord("__attribute__") ||
         tok(*Open - 1).isWord("__attribute"))) {
      J = *Open - 1;
      continue;
    }
    return J - 1;
  }
  return std::nullopt;
}

bool SpecifierRewriter::isLambdaParameterList(size_t Open) const {
  if (Open == 0)
    return false;
  size_t Prev = Open - 1;
  // operator[] and operator new[]/delete[] end in "]" too.
  if (tok(Prev).is(tok::r_square)) {
    std::optional<size_t> Bracket = findOpening(Tokens, Prev);
    if (!Bracket || *Bracket == 0)
      return true;
    const RawToken &BeforeBracket = tok(*Bracket - 1);
    bool IsOperator = BeforeBracket.isWord("operator") ||
                      ((BeforeBracket.isWord("new") ||
                        BeforeBracket.isWord("delete")) &&
                       *Bracket >= 2 && tok(*Bracket - 2).isWord("operator"));
    return !(IsOperator && *Bracket + 1 == Prev);
  }
  // []<class T>(T t): a template parameter list after the introducer.
  if (tok(Prev).is(tok::greater)) {
    if (Prev > 0 && tok(Prev - 1).isWord("operator"))
      return false;
    std::optional<size_t> Less = findOpening(Tokens, Prev);
    return Less && *Less > 0 && tok(*Less - 1).is(tok::r_square);
  }
  // [=] __attribute__((hc)) (int i): the attribute moved (or written)
  // between introducer and parameters.
  if (tok(Prev).is(tok::r_paren)) {
    std::optional<size_t> AttrOpen = findOpening(Tokens, Prev);
    if (AttrOpen && *AttrOpen > 0 &&
        (tok(*AttrOpen - 1).isWord("__attribute__") ||
         tok(*AttrOpen - 1).isWord("__attribute")))
      return isLambdaParameterList(*AttrOpen - 1);
  }
  return false;
}

/// Fundamental type names, which may end the return type of a function
/// type written without a declarator (`int (int)`).
static bool isFundamentalTypeWord(const RawToken &Tok) {
  for (const char *Word : {"void", "bool", "char", "char8_t", "char16_t",
                           "char32_t", "wchar_t", "short", "int", "long",
                           "float", "double", "signed", "unsigned"})
    if (Tok.isWord(Word))
      return true;
  return false;
}

/// Whether the parameter list at \p Open belongs to a function *type*
/// rather than to a function being declared: `int (*)(int)`,
/// `int (*fp)(int)`, `int (S::*pm)(int)`, `const int && (int)`, `int (int)`
/// (template arguments, typedefs, parameters of function pointer type).
bool SpecifierRewriter::isFunctionTypeParameterList(size_t Open) const {
  if (Open == 0)
    return false;
  const RawToken &Prev = tok(Open - 1);
  // A conversion function: operator int(), operator const char *().
  for (size_t I = Open; I > 0; --I) {
    const RawToken &T = tok(I - 1);
    if (T.isWord("operator"))
      return false;
    if (!(isFundamentalTypeWord(T) || T.isWord("const") ||
          T.isWord("volatile") || T.is(tok::star) || T.is(tok::amp) ||
          T.is(tok::ampamp)))
      break;
  }
  if (Prev.is(tok::r_paren)) {
    std::optional<size_t> Inner = findOpening(Tokens, Open - 1);
    if (!Inner || (*Inner > 0 && tok(*Inner - 1).isWord("operator")))
      return false;
    // A parenthesised declarator: (*), (*name), (&name), (S::*name).
    for (size_t I = *Inner + 1; I + 1 < Open; ++I) {
      const RawToken &T = tok(I);
      if (T.is(tok::star) || T.is(tok::amp) || T.is(tok::ampamp))
        return true;
      if (!T.is(tok::raw_identifier) && !T.is(tok::coloncolon))
        return false;
    }
    return false;
  }
  // `operator*(` and the like were ruled out above.
  if (Prev.is(tok::star) || Prev.is(tok::amp) || Prev.is(tok::ampamp))
    return true;
  return isFundamentalTypeWord(Prev);
}

std::optional<size_t>
SpecifierRewriter::findDeclaratorIdStart(size_t ParamOpen) const {
  if (ParamOpen == 0)
    return std::nullopt;
  std::optional<size_t> Start;
  // operator-function-ids: operator+, operator(), operator new[], ...
  for (size_t Back = 1; Back <= 4 && Back <= ParamOpen; ++Back)
    if (tok(ParamOpen - Back).isWord("operator")) {
      Start = ParamOpen - Back;
      break;
    }
  if (!Start) {
    size_t NameEnd = ParamOpen - 1;
    if (tok(NameEnd).is(tok::greater)) { // f<int>(...)
      std::optional<size_t> Less = findOpening(Tokens, NameEnd);
      if (!Less || *Less == 0)
        return std::nullopt;
      NameEnd = *Less - 1;
    }
    if (!tok(NameEnd).is(tok::raw_identifier))
      return std::nullopt;
    Start = NameEnd;
  }
  // Qualifiers: A::B<int>::f
  while (*Start >= 2 && tok(*Start - 1).is(tok::coloncolon)) {
    size_t Qualifier = *Start - 2;
    if (tok(Qualifier).is(tok::greater)) {
      std::optional<size_t> Less = findOpening(Tokens, Qualifier);
      if (!Less || *Less == 0)
        break;
      Qualifier = *Less - 1;
    }
    if (!tok(Qualifier).is(tok::raw_identifier))
      break;
    Start = Qualifier;
  }
  return Start;
}

/// A member function's `restrict` qualifier, which is not C++ AMP's: the
/// original hcc read `int m() restrict;` as the C99-style qualifier of the
/// object pointer, which Clang spells __restrict.
bool SpecifierRewriter::isBareRestrictQualifier(size_t I) const {
  if (!tok(I).isWord("restrict") || isKind(I + 1, tok::l_paren))
    return false;
  const RawToken &Next = tok(I + 1);
  bool EndsDeclarator =
      Next.is(tok::semi) || Next.is(tok::l_brace) || Next.is(tok::equal) ||
      Next.is(tok::amp) || Next.is(tok::ampamp) || Next.is(tok::arrow) ||
      Next.is(tok::colon) || isDeclaratorSuffixWord(Next) ||
      Next.isWord("override") || Next.isWord("final") ||
      Next.isWord("__attribute__");
  if (!EndsDeclarator)
    return false;
  std::optional<size_t> Close = findParameterListClose(I);
  std::optional<size_t> Open =
      Close ? findOpening(Tokens, *Close) : std::nullopt;
  if (!Open || isLambdaParameterList(*Open))
    return false;
  std::optional<size_t> Name = findDeclaratorIdStart(*Open);
  return Name && !isStatementKeyword(tok(*Name));
}

/// What the attribute macro \p S uses stands for; null when \p S is no
/// macro use or names no attribute macro.
const AttributeMacro *
SpecifierRewriter::attributeMacro(const Specifier &S) const {
  if (S.Kind != Specifier::Macro)
    return nullptr;
  auto It = Options.AttributeMacros->find(tok(S.Open).Identifier);
  return It == Options.AttributeMacros->end() ? nullptr : &It->second;
}

/// C++ AMP's restrict(...), written or through a macro.
bool SpecifierRewriter::isRestriction(const Specifier &S) const {
  if (S.Kind == Specifier::Restrict)
    return true;
  const AttributeMacro *M = attributeMacro(S);
  return M && M->IsRestriction;
}

/// Whether \p S may belong to a function or lambda
/// declarator: it follows a parameter list (and its qualifiers, also when
/// macros spell them), a lambda introducer or a macro use, or precedes a
/// lambda introducer (the original hcc's `restrict(amp) [=](...)`). Not, say,
/// an object's declarator: `int *p restrict(cpu);`.
bool SpecifierRewriter::followsDeclarator(const Specifier &S) const {
  if (startsLambda(S.End + 1, S.End))
    return true;
  size_t J = S.Open;
  while (J > 0 && (tok(J - 1).is(tok::raw_identifier) ||
                   tok(J - 1).is(tok::amp) || tok(J - 1).is(tok::ampamp)))
    --J;
  if (J > 0 && tok(J - 1).is(tok::r_square))
    return true;
  return findParameterListClose(J).has_value();
}

/// "hc, cpu": the names of a specifier, without whatever else lies inside.
/// restrict(amp) is hcc's [[hc]], restrict(cpu) its [[cpu]], and both are
/// [[hc, cpu]]; the attributes decide what that means (ExecutionSpace.h).
std::string SpecifierRewriter::gnuAttributeList(const Specifier &S) const {
  if (S.Kind == Specifier::Restrict) {
    if (S.Amp && S.Cpu)
      return "hc, cpu";
    return S.Amp ? "hc" : "cpu";
  }
  size_t First = S.Kind == Specifier::Gnu ? S.Open + 3 : S.Open + 2;
  std::string List;
  for (size_t I = First; I + 1 < S.End; ++I) {
    if (!Tokens[I].is(tok::raw_identifier))
      continue;
    if (!List.empty())
      List += ", ";
    List += Tokens[I].Identifier.str();
  }
  return List;
}

/// The line breaks between the first and the last token of \p S.
static std::string lineBreaksOf(llvm::StringRef Text,
                                llvm::ArrayRef<RawToken> Tokens,
                                const Specifier &S) {
  unsigned Begin = Tokens[S.Open].Offset;
  unsigned End = Tokens[S.End].Offset + Tokens[S.End].Length;
  return std::string(llvm::count(Text.slice(Begin, End), '\n'), '\n');
}

void SpecifierRewriter::markDirectives() {
  InDirective.assign(Tokens.size(), false);
  bool Directive = false;
  for (size_t I = 0; I < Tokens.size(); ++I) {
    if (tok(I).StartOfLine)
      Directive = tok(I).is(tok::hash);
    InDirective[I] = Directive;
  }
}

/// `#define NAME <one hcc specifier>` (object-like) makes NAME an
/// attribute macro for this file and those after it.
void SpecifierRewriter::collectAttributeMacros() {
  if (!Options.AttributeMacros)
    return;
  for (size_t I = 0; I + 3 < Tokens.size(); ++I) {
    if (!tok(I).is(tok::hash) || !tok(I).StartOfLine ||
        !tok(I + 1).isWord("define") || !isKind(I + 2, tok::raw_identifier))
      continue;
    size_t Name = I + 2, Body = I + 3;
    // A "(" right after the name makes it function-like.
    if (tok(Body).is(tok::l_paren) &&
        tok(Body).Offset == tok(Name).Offset + tok(Name).Length)
      continue;
    if (tok(Body).StartOfLine)
      continue;
    std::optional<Specifier> S = matchSpecifier(Body);
    if (!S)
      S = matchRestrict(Body);
    if (!S)
      S = matchGnuHccAttribute(Body);
    if (S && (tok(S->End + 1).StartOfLine || isKind(S->End + 1, tok::eof)))
      (*Options.AttributeMacros)[tok(Name).Identifier] =
          AttributeMacro{namedSides(*S).first,
                         S->Kind == Specifier::Restrict};
  }
}

/// Where a lambda introducer at \p Bracket ends: its "]", or the ">" of a
/// template parameter list right after it.
std::optional<size_t>
SpecifierRewriter::lambdaIntroducerEnd(size_t Bracket) const {
  std::optional<size_t> Close = findClosing(Tokens, Bracket);
  if (!Close)
    return std::nullopt;
  if (isKind(*Close + 1, tok::less))
    return findClosing(Tokens, *Close + 1);
  return Close;
}

/// A lambda introducer at \p I, right after the specifier that ends at
/// \p After: "[" not followed by another "[" (that would be an
/// attribute-specifier), and not on the line after a macro definition that
/// ends with the specifier.
bool SpecifierRewriter::startsLambda(size_t I, size_t After) const {
  if (!isKind(I, tok::l_square) || isKind(I + 1, tok::l_square))
    return false;
  if (InDirective[After])
    return InDirective[I] && !tok(I).StartOfLine;
  return !InDirective[I];
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

/// Whether `throw(...)`, `noexcept` or `noexcept(...)` ends right before
/// the token at \p Open.
bool SpecifierRewriter::followsExceptionSpecification(size_t Open) const {
  if (Open == 0)
    return false;
  const RawToken &Prev = tok(Open - 1);
  if (Prev.isWord("noexcept"))
    return true;
  if (!Prev.is(tok::r_paren))
    return false;
  std::optional<size_t> Paren = findOpening(Tokens, Open - 1);
  return Paren && *Paren > 0 &&
         (tok(*Paren - 1).isWord("throw") || tok(*Paren - 1).isWord("noexcept"));
}

/// The last token of `throw(...)`, `noexcept` or `noexcept(...)` starting at
/// \p I, if one starts there.
std::optional<size_t>
SpecifierRewriter::exceptionSpecificationEnd(size_t I) const {
  if (I >= Tokens.size())
    return std::nullopt;
  bool Throw = tok(I).isWord("throw");
  if (!Throw && !tok(I).isWord("noexcept"))
    return std::nullopt;
  if (!isKind(I + 1, tok::l_paren))
    return Throw ? std::nullopt : std::optional<size_t>(I);
  return findClosing(Tokens, I + 1);
}

/// Whether \p S (a restriction or a bracketed list) names amp (hc) and
/// cpu. Other kinds name neither as far as this file is concerned.
std::pair<bool, bool> SpecifierRewriter::namedSides(const Specifier &S) const {
  bool Amp = S.Amp, Cpu = S.Cpu;
  if (S.Kind == Specifier::Macro) {
    // Only whether it names amp is recorded for a macro.
    const AttributeMacro *M = attributeMacro(S);
    return {M && M->NamesAmp, false};
  }
  if (S.Kind == Specifier::Bracketed || S.Kind == Specifier::Gnu) {
    size_t First = S.Kind == Specifier::Gnu ? S.Open + 3 : S.Open + 2;
    for (size_t I = First; I + 1 < S.End; ++I) {
      if (!Tokens[I].is(tok::raw_identifier))
        continue;
      llvm::StringRef Name = Tokens[I].Identifier;
      if (Name.size() > 4 && Name.starts_with("__") && Name.ends_with("__"))
        Name = Name.drop_front(2).drop_back(2);
      Amp |= Name == "hc" || Name == "amp";
      Cpu |= Name == "cpu";
    }
  }
  return {Amp, Cpu};
}

/// "amp" for an amp-only specifier, "cpu" for a cpu-only one, else null.
const char *SpecifierRewriter::restrictionContextOf(const Specifier &S) const {
  if (S.Kind != Specifier::Restrict && S.Kind != Specifier::Bracketed)
    return nullptr;
  auto [Amp, Cpu] = namedSides(S);
  if (Amp == Cpu)
    return nullptr;
  return Amp ? "amp" : "cpu";
}

/// The trailing return type after the "->" at \p Arrow goes up to the
/// first "{", ";", "=", ",", virt-specifier, "try" or "requires" outside
/// brackets.
std::optional<size_t>
SpecifierRewriter::trailingReturnTypeEnd(size_t Arrow) const {
  unsigned Parens = 0, Angles = 0;
  for (size_t I = Arrow + 1; I < Tokens.size() && I < Arrow + 512; ++I) {
    const RawToken &T = tok(I);
    if (T.is(tok::eof) || InDirective[I] != InDirective[Arrow])
      return std::nullopt;
    if (T.is(tok::l_paren) || T.is(tok::l_square)) {
      ++Parens;
      continue;
    }
    if (T.is(tok::r_paren) || T.is(tok::r_square)) {
      if (Parens == 0)
        return std::nullopt;
      --Parens;
      continue;
    }
    if (Parens > 0)
      continue;
    if (T.is(tok::less)) {
      ++Angles;
      continue;
    }
    if (T.is(tok::greater) && Angles > 0) {
      --Angles;
      continue;
    }
    if (T.is(tok::greatergreater) && Angles > 1) {
      Angles -= 2;
      continue;
    }
    if (Angles > 0)
      continue;
    if (T.is(tok::l_brace) || T.is(tok::semi) || T.is(tok::equal) ||
        T.is(tok::comma) ||
        T.isWord("override") || T.isWord("final") || T.isWord("try") ||
        T.isWord("requires"))
      return I == Arrow + 1 ? std::nullopt : std::optional<size_t>(I);
  }
  return std::nullopt;
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

/// A scan for "[" "[" hc|cpu|__hc__|__cpu__ with only blanks between. Every
/// header of the translation unit passes through here, so this must be
/// cheap; it may say yes wrongly (inside a comment, say), never no: the
/// lexer makes the real decision. A comment between the brackets escapes it,
/// which nobody writes.
static bool mayContainHccSpecifier(llvm::StringRef Source) {
  auto SkipBlanks = [&](size_t Pos) {
    return std::min(Source.find_first_not_of(" \t\r\n\f\v", Pos),
                    Source.size());
  };
  for (size_t Pos = Source.find('['); Pos != llvm::StringRef::npos;
       Pos = Source.find('[', Pos + 1)) {
    size_t Second = SkipBlanks(Pos + 1);
    if (Second == Source.size() || Source[Second] != '[')
      continue;
    size_t Name = SkipBlanks(Second + 1);
    size_t NameEnd = std::min(
        Source.find_first_not_of("abcdefghijklmnopqrstuvwxyz"
                                 "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_",
                                 Name),
        Source.size());
    if (isHccAttributeWord(Source.slice(Name, NameEnd), /*AllowAmp=*/false))
      return true;
  }
  return false;
}

static bool isIdentifierChar(char C) {
  return llvm::isAlnum(C) || C == '_' || C == '$';
}

/// \p Word as a whole identifier.
static bool mayContainWord(llvm::StringRef Source, llvm::StringRef Word) {
  for (size_t Pos = Source.find(Word); Pos != llvm::StringRef::npos;
       Pos = Source.find(Word, Pos + 1)) {
    size_t End = Pos + Word.size();
    if ((Pos == 0 || !isIdentifierChar(Source[Pos - 1])) &&
        (End == Source.size() || !isIdentifierChar(Source[End])))
      return true;
  }
  return false;
}

/// `restrict(` (not part of a longer identifier: glibc's headers are full
/// of __restrict), or a bare `restrict;` qualifier. Same contract as
/// mayContainHccSpecifier.
static bool mayContainRestrict(llvm::StringRef Source) {
  for (size_t Pos = Source.find("restrict"); Pos != llvm::StringRef::npos;
       Pos = Source.find("restrict", Pos + 1)) {
    if (Pos > 0 && isIdentifierChar(Source[Pos - 1]))
      continue;
    if (Pos + 8 < Source.size() && isIdentifierChar(Source[Pos + 8]))
      continue;
    size_t After = Source.find_first_not_of(" \t\r\n\f\v", Pos + 8);
    if (After != llvm::StringRef::npos &&
        llvm::StringRef("(;{=&").contains(Source[After]))
      return true;
  }
  return false;
}

/// `__attribute__((` followed by an hcc attribute name, which needs moving
/// when a lambda introducer follows. Same contract as mayContainHccSpecifier.
static bool mayContainGnuHccAttribute(llvm::StringRef Source) {
  for (size_t Pos = Source.find("__attribute__"); Pos != llvm::StringRef::npos;
       Pos = Source.find("__attribute__", Pos + 1)) {
    size_t Paren = Source.find_first_not_of(" \t\r\n\f\v", Pos + 13);
    if (Paren == llvm::StringRef::npos || Source[Paren] != '(')
      continue;
    size_t Second = Source.find_first_not_of(" \t\r\n\f\v", Paren + 1);
    if (Second == llvm::StringRef::npos || Source[Second] != '(')
      continue;
    size_t Name = Source.find_first_not_of(" \t\r\n\f\v", Second + 1);
    if (Name == llvm::StringRef::npos)
      continue;
    size_t NameEnd = Name;
    while (NameEnd < Source.size() && isIdentifierChar(Source[NameEnd]))
      ++NameEnd;
    if (isHccAttributeWord(Source.slice(Name, NameEnd), /*AllowAmp=*/true))
      return true;
  }
  return false;
}

static bool mayNeedRewriting(llvm::StringRef Source,
                             const RewriteOptions &Options) {
  if (mayContainHccSpecifier(Source) || mayContainRestrict(Source) ||
      mayContainGnuHccAttribute(Source))
    return true;
  if (Options.AttributeMacros)
    for (const auto &Macro : *Options.AttributeMacros)
      if (mayContainWord(Source, Macro.getKey()))
        return true;
  return false;
}

/// \p Tokens with every use of an object-like command-line macro replaced
/// by the tokens of its value (FromMacro, at the use's offset), so that
/// `f() CV_QUALIFIER __GPU -> T` reads as the declarator it is. \p Values
/// keeps the lexed spellings alive (a deque: they never move).
static llvm::SmallVector<RawToken, 0>
expandCommandLineMacros(llvm::ArrayRef<RawToken> Tokens,
                        const llvm::StringMap<std::string> &Macros,
                        const LangOptions &LangOpts,
                        std::deque<std::string> &Values) {
  llvm::SmallVector<RawToken, 0> Expanded;
  Expanded.reserve(Tokens.size());
  // A line that starts with a macro expanding to nothing starts with the
  // next token (directives are told apart by their line's first token).
  bool LineStartPending = false;
  for (const RawToken &Tok : Tokens) {
    auto Macro = Tok.is(tok::raw_identifier) ? Macros.find(Tok.Identifier)
                                             : Macros.end();
    if (Macro == Macros.end()) {
      Expanded.push_back(Tok);
      Expanded.back().StartOfLine |= LineStartPending;
      LineStartPending = false;
      continue;
    }
    Values.push_back(Macro->second);
    llvm::SmallVector<RawToken, 0> Value = lexRaw(Values.back(), LangOpts);
    LineStartPending |= Tok.StartOfLine;
    for (RawToken &T : llvm::make_range(Value.begin(), Value.end() - 1)) {
      T.Offset = Tok.Offset;
      T.Length = Tok.Length;
      T.StartOfLine = LineStartPending;
      T.FromMacro = true;
      LineStartPending = false;
      Expanded.push_back(T);
    }
  }
  return Expanded;
}

void collectAttributeMacroDefinitions(llvm::StringRef Source,
                                      const LangOptions &LangOpts,
                                      const RewriteOptions &Options) {
  if (!Options.AttributeMacros ||
      !(mayContainHccSpecifier(Source) || mayContainRestrict(Source) ||
        mayContainGnuHccAttribute(Source)))
    return;
  std::string Text = Source.str();
  llvm::SmallVector<RawToken, 0> Tokens = lexRaw(Text, LangOpts);
  SpecifierRewriter(Text, Tokens, Options).collectMacroDefinitions();
}

std::optional<std::string>
rewriteHccAttributeSpellings(llvm::StringRef Source,
                             const LangOptions &LangOpts,
                             const RewriteOptions &Options) {
  if (!mayNeedRewriting(Source, Options))
    return std::nullopt;

  // The lexer needs a NUL-terminated buffer.
  std::string Text = Source.str();
  llvm::SmallVector<RawToken, 0> Tokens = lexRaw(Text, LangOpts);
  std::deque<std::string> Values; // Own the expansions' spellings.
  if (Options.CommandLineMacros && !Options.CommandLineMacros->empty())
    Tokens = expandCommandLineMacros(Tokens, *Options.CommandLineMacros,
                                     LangOpts, Values);
  llvm::SmallVector<Edit, 8> Edits =
      SpecifierRewriter(Text, Tokens, Options).run();
  if (Edits.empty())
    return std::nullopt;

  std::string Result;
  Result.reserve(Text.size() + Edits.size() * 16);
  unsigned Pos = 0;
  for (const Edit &E : Edits) {
    Result.append(Text, Pos, E.Offset - Pos);
    Result += E.Replacement;
    Pos = E.Offset + E.Length;
  }
  Result.append(Text, Pos, std::string::npos);
  return Result;
}

} // namespace hcc
