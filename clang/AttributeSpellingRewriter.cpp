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
//  - a function with a trailing return type takes GNU attributes neither
//    after its parameter list nor after the return type (that one would
//    appertain to the type), so the attribute moves in front of the name:
//      auto S::f() const [[hc]] -> int  -> auto __attribute__((hc)) S::f() const -> int
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

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace clang;

namespace hcc {

namespace {

struct Edit {
  unsigned Offset;
  unsigned Length;
  std::string Replacement;
};

/// One `[[name, ...]]` of hcc attributes, or in C++ AMP mode one
/// `restrict(amp, cpu)`, by token index.
struct Specifier {
  size_t Open; // The first "[", or "restrict".
  size_t End;  // The last "]", or the ")" of restrict.
  bool Restrict;
  bool Amp = false, Cpu = false; // For restrict: what it names.
};

class SpecifierRewriter {
public:
  SpecifierRewriter(llvm::StringRef Text, llvm::ArrayRef<RawToken> Tokens,
                    const RewriteOptions &Options)
      : Text(Text), Tokens(Tokens), Options(Options) {}

  /// Collects the edits for every specifier; returns them sorted.
  llvm::SmallVector<Edit, 8> run();

private:
  std::optional<Specifier> matchSpecifier(size_t I) const;
  std::optional<Specifier> matchRestrict(size_t I) const;
  std::string gnuAttributeList(const Specifier &S) const;
  std::optional<std::string> declaratorName(const Specifier &S) const;
  void collectRestrictedNames();
  std::optional<size_t> findParameterListClose(size_t Before) const;
  bool isLambdaParameterList(size_t Open) const;
  std::optional<size_t> findDeclaratorIdStart(size_t ParamOpen) const;

  void rewriteInPlace(const Specifier &S);
  void moveTo(const Specifier &S, unsigned Offset, bool SpaceAfter);

  const RawToken &tok(size_t I) const { return Tokens[I]; }
  bool isKind(size_t I, tok::TokenKind K) const {
    return I < Tokens.size() && Tokens[I].is(K);
  }

  llvm::StringRef Text;
  llvm::ArrayRef<RawToken> Tokens;
  const RewriteOptions &Options;
  llvm::SmallVector<Edit, 8> Edits;
};

} // namespace

static bool isHccAttributeName(const RawToken &Tok) {
  if (!Tok.is(tok::raw_identifier))
    return false;
  llvm::StringRef Name = Tok.Identifier;
  // Clang accepts __name__ for any attribute name; so do we.
  if (Name.size() > 4 && Name.starts_with("__") && Name.ends_with("__"))
    Name = Name.drop_front(2).drop_back(2);
  return Name == "hc" || Name == "cpu";
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
  return Specifier{I, J + 1, /*Restrict=*/false};
}

/// C++ AMP's restriction specifier: `restrict` `(` amp|cpu {, amp|cpu} `)`.
/// Anything else named restrict (the C99 qualifier has no parenthesis) is
/// left alone.
std::optional<Specifier> SpecifierRewriter::matchRestrict(size_t I) const {
  if (!Options.RestrictSpecifiers || !tok(I).isWord("restrict") ||
      !isKind(I + 1, tok::l_paren))
    return std::nullopt;
  Specifier S{I, 0, /*Restrict=*/true};
  size_t J = I + 2;
  while (true) {
    if (isKind(J, tok::raw_identifier) && tok(J).isWord("amp"))
      S.Amp = true;
    else if (isKind(J, tok::raw_identifier) && tok(J).isWord("cpu"))
      S.Cpu = true;
    else
      return std::nullopt;
    ++J;
    if (!isKind(J, tok::comma))
      break;
    ++J;
  }
  if (!isKind(J, tok::r_paren))
    return std::nullopt;
  S.End = J;
  return S;
}

/// What may stand between a parameter list and its attributes.
static bool isDeclaratorSuffixWord(const RawToken &Tok) {
  return Tok.isWord("const") || Tok.isWord("volatile") ||
         Tok.isWord("mutable") || Tok.isWord("constexpr") ||
         Tok.isWord("consteval") || Tok.isWord("static") ||
         Tok.isWord("noexcept") || Tok.isWord("throw");
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
  return false;
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

/// The unqualified name a restrict specifier's function is declared with
/// (`f` for `int S::f(int) const restrict(cpu)`, `operator+`, `S` for a
/// constructor); none for lambdas and what is not a declarator.
std::optional<std::string>
SpecifierRewriter::declaratorName(const Specifier &S) const {
  std::optional<size_t> Close = findParameterListClose(S.Open);
  std::optional<size_t> Open = Close ? findOpening(Tokens, *Close) : std::nullopt;
  if (!Open || isLambdaParameterList(*Open))
    return std::nullopt;
  std::optional<size_t> Start = findDeclaratorIdStart(*Open);
  if (!Start)
    return std::nullopt;
  std::string Name;
  for (size_t I = *Start; I < *Open; ++I) {
    if (tok(I).is(tok::coloncolon)) {
      Name.clear();
      continue;
    }
    if (tok(I).is(tok::less)) // f<int>: the template's name.
      break;
    Name += Text.substr(tok(I).Offset, tok(I).Length);
  }
  return Name;
}

/// The names of restrict(amp)-only and restrict(cpu)-only functions, for
/// gnuAttributeList.
void SpecifierRewriter::collectRestrictedNames() {
  if (!Options.AmpOnlyNames || !Options.CpuOnlyNames)
    return;
  for (size_t I = 0; I < Tokens.size(); ++I)
    if (std::optional<Specifier> S = matchRestrict(I))
      if (S->Amp != S->Cpu)
        if (std::optional<std::string> Name = declaratorName(*S))
          (S->Amp ? Options.AmpOnlyNames : Options.CpuOnlyNames)->insert(*Name);
}

/// "hc, cpu": the names of a specifier, without whatever else lies inside.
/// For restrict: amp and cpu are hcc's [[hc]] (host and device) and [[cpu]]
/// (host only, no device body), except for a function whose name has both
/// amp-only and cpu-only functions, which may be overloads on restriction:
/// Clang lets a __device__ function overload a __host__ one of the same
/// signature, not a __host__ __device__ one, so amp is device and cpu is
/// host (not [[cpu]]: its annotation would land on the device twin, which
/// has the same symbol name).
std::string SpecifierRewriter::gnuAttributeList(const Specifier &S) const {
  if (S.Restrict) {
    if (S.Amp && S.Cpu)
      return "hc";
    std::optional<std::string> Name = declaratorName(S);
    bool Twin = Name && Options.AmpOnlyNames && Options.CpuOnlyNames &&
                Options.AmpOnlyNames->contains(*Name) &&
                Options.CpuOnlyNames->contains(*Name);
    if (S.Cpu)
      return Twin ? "host" : "cpu";
    return Twin ? "device" : "hc";
  }
  std::string List;
  for (size_t I = S.Open + 2; I + 1 < S.End; ++I) {
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

void SpecifierRewriter::rewriteInPlace(const Specifier &S) {
  if (S.Restrict) {
    unsigned Begin = tok(S.Open).Offset;
    unsigned End = tok(S.End).Offset + tok(S.End).Length;
    Edits.push_back({Begin, End - Begin,
                     "__attribute__((" + gnuAttributeList(S) + "))" +
                         lineBreaksOf(Text, Tokens, S)});
    return;
  }
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
  std::string Attribute = " __attribute__((" + gnuAttributeList(S) + "))";
  if (SpaceAfter)
    Attribute = Attribute.substr(1) + " ";
  Edits.push_back({Offset, 0, std::move(Attribute)});

  unsigned Begin = tok(S.Open).Offset;
  unsigned End = tok(S.End).Offset + tok(S.End).Length;
  Edits.push_back({Begin, End - Begin, lineBreaksOf(Text, Tokens, S)});
}

llvm::SmallVector<Edit, 8> SpecifierRewriter::run() {
  if (Options.RestrictSpecifiers)
    collectRestrictedNames();
  for (size_t I = 0; I < Tokens.size(); ++I) {
    std::optional<Specifier> S = matchSpecifier(I);
    if (!S)
      S = matchRestrict(I);
    if (!S)
      continue;
    I = S->End;

    std::optional<size_t> ParamClose = findParameterListClose(S->Open);
    std::optional<size_t> ParamOpen =
        ParamClose ? findOpening(Tokens, *ParamClose) : std::nullopt;
    if (!ParamOpen) {
      rewriteInPlace(*S);
      continue;
    }
    bool RightAfterParams = *ParamClose + 1 == S->Open;
    if (isLambdaParameterList(*ParamOpen)) {
      if (RightAfterParams)
        rewriteInPlace(*S);
      else
        moveTo(*S, tok(*ParamClose).Offset + 1, /*SpaceAfter=*/false);
      continue;
    }
    if (isKind(S->End + 1, tok::arrow)) {
      if (std::optional<size_t> Name = findDeclaratorIdStart(*ParamOpen)) {
        moveTo(*S, tok(*Name).Offset, /*SpaceAfter=*/true);
        continue;
      }
    }
    rewriteInPlace(*S);
  }
  // Edits never share an offset: an insertion lands on a ")" or a name,
  // never on a bracket of another specifier.
  llvm::sort(Edits, [](const Edit &A, const Edit &B) {
    return A.Offset < B.Offset;
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
    llvm::StringRef Word = Source.slice(Name, NameEnd);
    if (Word == "hc" || Word == "cpu" || Word == "__hc__" || Word == "__cpu__")
      return true;
  }
  return false;
}

/// A scan for "restrict" "(" with only blanks between, not part of a longer
/// identifier (glibc's headers are full of __restrict). Same contract as
/// mayContainHccSpecifier.
static bool mayContainRestrictSpecifier(llvm::StringRef Source) {
  auto IsIdentChar = [](char C) {
    return llvm::isAlnum(C) || C == '_' || C == '$';
  };
  for (size_t Pos = Source.find("restrict"); Pos != llvm::StringRef::npos;
       Pos = Source.find("restrict", Pos + 1)) {
    if (Pos > 0 && IsIdentChar(Source[Pos - 1]))
      continue;
    size_t After = Source.find_first_not_of(" \t\r\n\f\v", Pos + 8);
    if (After != llvm::StringRef::npos && Source[After] == '(')
      return true;
  }
  return false;
}

std::optional<std::string>
rewriteHccAttributeSpellings(llvm::StringRef Source,
                             const LangOptions &LangOpts,
                             const RewriteOptions &Options) {
  if (!mayContainHccSpecifier(Source) &&
      !(Options.RestrictSpecifiers && mayContainRestrictSpecifier(Source)))
    return std::nullopt;

  // The lexer needs a NUL-terminated buffer.
  std::string Text = Source.str();
  llvm::SmallVector<RawToken, 0> Tokens = lexRaw(Text, LangOpts);
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
