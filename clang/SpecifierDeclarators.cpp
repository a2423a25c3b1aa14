//===- SpecifierDeclarators.cpp - The declarator around a specifier ------===//
//
// Part of hcc.
//
// Where a specifier stands, read from the raw tokens around it (the
// attribute rewriter, SpecifierRewriter.h): the parameter list it follows
// and whose it is (a function's, a lambda's, a function type's), the name
// being declared, a lambda introducer after it, an exception specification,
// a trailing return type, and the bare `restrict` qualifier of a member
// function. The scans are bounded and give up where the tokens do not read
// as expected (raw text with #if branches need not be balanced,
// RawTokens.h).
//
//===----------------------------------------------------------------------===//

#include "SpecifierRewriter.h"

using namespace clang;

namespace hcc {
namespace attribute_spelling {

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

} // namespace attribute_spelling
} // namespace hcc
