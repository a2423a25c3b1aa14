//===- AttributeSpellingRewriter.cpp - [[hc]] to GNU spelling ------------===//
//
// Part of hcc.
//
// The entry points. Every file of the translation unit passes through
// here, so a byte scan first rules out the files that hold nothing to
// rewrite; the others are lexed, command-line macros are read through, the
// SpecifierRewriter (SpecifierRewriter.h) collects the edits, and they are
// applied here.
//
//===----------------------------------------------------------------------===//

#include "AttributeSpellingRewriter.h"

#include "RawTokens.h"
#include "SpecifierRewriter.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <deque>

using namespace clang;

namespace hcc {

using attribute_spelling::Edit;
using attribute_spelling::isHccAttributeWord;
using attribute_spelling::SpecifierRewriter;

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
