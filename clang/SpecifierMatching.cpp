//===- SpecifierMatching.cpp - Recognise hcc attribute specifiers --------===//
//
// Part of hcc.
//
// What the attribute rewriter (SpecifierRewriter.h) takes for a specifier:
// `[[hc]]` and the like, C++ AMP's `restrict(amp, cpu)`, the GNU spelling
// `__attribute__((hc))`, and object-like macros whose whole body is one of
// these (collected from each file's #define lines); and what a specifier
// names (amp, cpu, both), which decides what it is rewritten into.
//
//===----------------------------------------------------------------------===//

#include "SpecifierRewriter.h"

using namespace clang;

namespace hcc {
namespace attribute_spelling {

/// hc, amp (the original hcc's other GNU name of hc) and cpu, also spelled
/// __name__ as Clang allows for any attribute.
bool isHccAttributeWord(llvm::StringRef Name, bool AllowAmp) {
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

} // namespace attribute_spelling
} // namespace hcc
