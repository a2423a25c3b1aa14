//===- SpecifierRewriter.h - One file's specifiers as edits ----*- C++ -*-===//
//
// Part of hcc. The rewriter behind rewriteHccAttributeSpellings
// (AttributeSpellingRewriter.h): it reads one file's raw tokens (RawTokens.h)
// and turns each hcc attribute specifier in them into text edits. Its
// members are defined in three files:
//
//  - SpecifierMatching.cpp: what a specifier is (`[[hc]]`, `restrict(amp)`,
//    the GNU spelling, an attribute macro) and what it names;
//  - SpecifierDeclarators.cpp: the declarator around a specifier (parameter
//    lists, lambda introducers, exception specifications, trailing return
//    types), read from the tokens;
//  - SpecifierPlacement.cpp: where each specifier goes, as edits.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_SPECIFIERREWRITER_H
#define HCC_CLANG_SPECIFIERREWRITER_H

#include "AttributeSpellingRewriter.h"
#include "RawTokens.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <utility>

namespace hcc {
namespace attribute_spelling {

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
  // SpecifierMatching.cpp
  std::optional<Specifier> matchSpecifier(size_t I) const;
  std::optional<Specifier> matchRestrict(size_t I) const;
  std::optional<Specifier> matchGnuHccAttribute(size_t I) const;
  std::string gnuAttributeList(const Specifier &S) const;
  void markDirectives();
  void collectAttributeMacros();
  bool isRestriction(const Specifier &S) const;
  const AttributeMacro *attributeMacro(const Specifier &S) const;
  const char *restrictionContextOf(const Specifier &S) const;
  std::pair<bool, bool> namedSides(const Specifier &S) const;

  // SpecifierDeclarators.cpp
  bool isBareRestrictQualifier(size_t I) const;
  std::optional<size_t> findParameterListClose(size_t Before) const;
  bool isLambdaParameterList(size_t Open) const;
  bool isFunctionTypeParameterList(size_t Open) const;
  std::optional<size_t> findDeclaratorIdStart(size_t ParamOpen) const;
  std::optional<size_t> lambdaIntroducerEnd(size_t Bracket) const;
  bool startsLambda(size_t I, size_t After) const;
  bool followsDeclarator(const Specifier &S) const;
  std::optional<size_t> trailingReturnTypeEnd(size_t Arrow) const;
  std::optional<size_t> exceptionSpecificationEnd(size_t I) const;
  bool followsExceptionSpecification(size_t Open) const;

  // SpecifierPlacement.cpp
  void rewriteInPlace(const Specifier &S);
  void moveTo(const Specifier &S, unsigned Offset, bool SpaceAfter);
  void remove(const Specifier &S);
  void insertError(const Specifier &S, llvm::StringRef Message);
  void placeAfterParameterList(const Specifier &S);
  void wrapInRestrictionContext(size_t Arrow, const char *Context);

  const RawToken &tok(size_t I) const { return Tokens[I]; }
  bool isKind(size_t I, clang::tok::TokenKind K) const {
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

/// Whether \p Name is an hcc attribute: hc, cpu and (with \p AllowAmp) amp,
/// also spelled __name__ (SpecifierMatching.cpp).
bool isHccAttributeWord(llvm::StringRef Name, bool AllowAmp);

} // namespace attribute_spelling
} // namespace hcc

#endif // HCC_CLANG_SPECIFIERREWRITER_H
