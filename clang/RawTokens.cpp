//===- RawTokens.cpp - A raw-lexed view of a source buffer ---------------===//
//
// Part of hcc.
//
//===----------------------------------------------------------------------===//

#include "RawTokens.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Basic/SourceLocation.h"
#include "clang/Lex/Lexer.h"
#include "clang/Lex/Token.h"

#include <algorithm>

using namespace clang;

namespace hcc {

SmallVector<RawToken, 0> lexRaw(const std::string &Text,
                                const LangOptions &LangOpts) {
  // Any valid file location will do: only offsets from it are used.
  SourceLocation Base = SourceLocation::getFromRawEncoding(1);
  const char *Begin = Text.c_str();
  Lexer Lex(Base, LangOpts, Begin, Begin, Begin + Text.size());
  Lex.SetCommentRetentionState(false);

  SmallVector<RawToken, 0> Tokens;
  Token Tok;
  do {
    Lex.LexFromRawLexer(Tok);
    RawToken Raw;
    Raw.Kind = Tok.getKind();
    Raw.Offset = Tok.getLocation().getRawEncoding() - Base.getRawEncoding();
    Raw.Length = Tok.getLength();
    if (Tok.is(tok::raw_identifier))
      Raw.Identifier = Tok.getRawIdentifier();
    Raw.StartOfLine = Tok.isAtStartOfLine();
    Tokens.push_back(Raw);
  } while (Tok.isNot(tok::eof));
  return Tokens;
}

/// Declarators and lambda heads are short; this bounds the work done for a
/// bracket that turns out not to be matched.
static constexpr size_t MaxScan = 4096;

std::optional<size_t> findOpening(ArrayRef<RawToken> Tokens, size_t Close) {
  tok::TokenKind CloseKind = Tokens[Close].Kind;
  tok::TokenKind OpenKind;
  switch (CloseKind) {
  case tok::r_paren:
    OpenKind = tok::l_paren;
    break;
  case tok::r_square:
    OpenKind = tok::l_square;
    break;
  case tok::greater:
    OpenKind = tok::less;
    break;
  default:
    return std::nullopt;
  }

  unsigned Depth = 0;
  size_t Limit = Close > MaxScan ? Close - MaxScan : 0;
  for (size_t I = Close + 1; I-- > Limit;) {
    tok::TokenKind K = Tokens[I].Kind;
    if (K == tok::semi || K == tok::l_brace || K == tok::r_brace)
      return std::nullopt;
    if (K == CloseKind) {
      ++Depth;
    } else if (K == OpenKind && --Depth == 0) {
      return I;
    }
  }
  return std::nullopt;
}

std::optional<size_t> findClosing(ArrayRef<RawToken> Tokens, size_t Open) {
  tok::TokenKind OpenKind = Tokens[Open].Kind;
  tok::TokenKind CloseKind;
  switch (OpenKind) {
  case tok::l_paren:
    CloseKind = tok::r_paren;
    break;
  case tok::l_square:
    CloseKind = tok::r_square;
    break;
  case tok::less:
    CloseKind = tok::greater;
    break;
  default:
    return std::nullopt;
  }

  unsigned Depth = 0;
  size_t Limit = std::min(Tokens.size(), Open + MaxScan);
  for (size_t I = Open; I < Limit; ++I) {
    tok::TokenKind K = Tokens[I].Kind;
    if (K == tok::semi || K == tok::l_brace || K == tok::r_brace ||
        K == tok::eof)
      return std::nullopt;
    if (K == OpenKind) {
      ++Depth;
    } else if (K == CloseKind && --Depth == 0) {
      return I;
    }
  }
  return std::nullopt;
}

} // namespace hcc
