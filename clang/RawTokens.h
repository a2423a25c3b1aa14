//===- RawTokens.h - A raw-lexed view of a source buffer --------*- C++ -*-===//
//
// Part of hcc. The attribute rewriter works on tokens, not characters, so
// that comments and literals are never touched, and needs to look both ways
// from a token; this is the token array it works on.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_RAWTOKENS_H
#define HCC_CLANG_RAWTOKENS_H

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace clang {
class LangOptions;
} // namespace clang

namespace hcc {

/// The part of a raw token the rewriter needs. Raw lexing does not look up
/// keywords: `const`, `operator`, ... are raw identifiers too.
struct RawToken {
  clang::tok::TokenKind Kind;
  unsigned Offset;
  unsigned Length;
  llvm::StringRef Identifier; // Set for raw identifiers only.
  bool StartOfLine = false;   // First token of its line (directives).
  /// A token of a command-line macro's expansion, standing where the macro
  /// is used: Offset and Length are those of the macro's name.
  bool FromMacro = false;

  bool is(clang::tok::TokenKind K) const { return Kind == K; }
  bool isWord(llvm::StringRef Word) const {
    return Kind == clang::tok::raw_identifier && Identifier == Word;
  }
};

/// Lexes \p Text (which must stay alive and NUL-terminated, as std::string
/// is) without a preprocessor: directives and macro bodies are lexed as
/// ordinary tokens. The last token is tok::eof.
llvm::SmallVector<RawToken, 0> lexRaw(const std::string &Text,
                                      const clang::LangOptions &LangOpts);

/// Given the closing token at \p Close (")", "]" or ">"), the index of the
/// token that opens it, found by counting nesting backwards. Gives up at
/// statement boundaries (";", "{", "}") and after a bounded number of tokens,
/// since raw text with #if branches need not be balanced.
std::optional<size_t> findOpening(llvm::ArrayRef<RawToken> Tokens,
                                  size_t Close);

/// Given the opening token at \p Open ("(", "[" or "<"), the index of the
/// token that closes it, found by counting nesting forwards; the same
/// limits as findOpening.
std::optional<size_t> findClosing(llvm::ArrayRef<RawToken> Tokens,
                                  size_t Open);

} // namespace hcc

#endif // HCC_CLANG_RAWTOKENS_H
