//===- AttributeSpellingRewriter.h - [[hc]] to GNU spelling -*- C++ -*-===//
//
// Part of hcc. hc code writes its attributes after the parameter list:
//
//   void foo() [[hc]] { ... }
//   parallel_for_each(e, [=](index<1> i) [[hc]] { ... });
//
// In C++ a [[...]] there appertains to the function *type*. Clang 22 gives
// plugin attributes no way to handle a type position and rejects them
// ("'hc' attribute cannot be applied to types"), while the GNU spelling in
// the same place slides onto the declaration, which is what hcc means. So
// the plugin rewrites the source text before Clang lexes it.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_ATTRIBUTESPELLINGREWRITER_H
#define HCC_CLANG_ATTRIBUTESPELLINGREWRITER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <optional>
#include <string>

namespace clang {
class LangOptions;
} // namespace clang

namespace hcc {

/// What to rewrite besides [[hc]]/[[cpu]].
struct RewriteOptions {
  /// C++ AMP mode (hcc -std=c++amp): also rewrite the restriction
  /// specifiers `restrict(amp)`, `restrict(cpu)` and `restrict(amp, cpu)`
  /// (any order, any spacing) into the GNU spelling of hc, cpu or device.
  bool RestrictSpecifiers = false;
  /// The unqualified names of restrict(amp)-only and restrict(cpu)-only
  /// functions seen so far in the translation unit; each rewritten file
  /// adds its own first. A name in both is overloaded on restriction: its
  /// amp functions become __device__ and its cpu ones plain __host__
  /// (instead of hc's __host__ __device__ and [[cpu]]), the only pair Clang
  /// lets overload each other with the same signature.
  llvm::StringSet<> *AmpOnlyNames = nullptr;
  llvm::StringSet<> *CpuOnlyNames = nullptr;
};

/// Rewrites every attribute-specifier of \p Source whose list holds only hcc
/// attributes (`[[hc]]`, `[[cpu]]`, `[[hc, cpu]]`, `[[cpu, hc]]`, with
/// `__hc__`/`__cpu__` and any spacing) into the GNU spelling, placed where
/// Clang accepts it for the construct it follows (see the .cpp file).
/// Every line keeps its number; on a line with a rewritten specifier,
/// columns after it move right by 13. Comments, string and character
/// literals are skipped: the text is lexed, not searched.
///
/// Returns std::nullopt when there is nothing to rewrite.
std::optional<std::string>
rewriteHccAttributeSpellings(llvm::StringRef Source,
                             const clang::LangOptions &LangOpts,
                             const RewriteOptions &Options = {});

} // namespace hcc

#endif // HCC_CLANG_ATTRIBUTESPELLINGREWRITER_H
