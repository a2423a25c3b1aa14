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
// the plugin rewrites the source text before Clang lexes it. The same
// rewrite turns C++ AMP's restriction specifiers (`restrict(amp)`) into
// the GNU spelling, and moves hcc attributes that the original hcc accepted
// in front of a lambda introducer to just behind it.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_ATTRIBUTESPELLINGREWRITER_H
#define HCC_CLANG_ATTRIBUTESPELLINGREWRITER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>

namespace clang {
class LangOptions;
} // namespace clang

namespace hcc {

/// What an attribute macro's body is.
struct AttributeMacro {
  bool NamesAmp = false;    // amp (hc) among its names
  bool IsRestriction = false; // C++ AMP's restrict(...), not an attribute
};

/// State shared by the files of one translation unit.
struct RewriteOptions {
  /// Object-like macros whose whole body is one hcc attribute specifier
  /// (`#define __KERNEL__ __attribute__((amp))`), from the files rewritten
  /// so far; each file adds its own first. A use of one in front of a
  /// lambda introducer is moved behind it, like the attribute itself.
  llvm::StringMap<AttributeMacro> *AttributeMacros = nullptr;
  /// Object-like macros of the command line (-D), by name: their values.
  /// The rewriter reads a declarator through them (`f() CV_QUALIFIER
  /// RESTRICTION -> T` with -DCV_QUALIFIER=const), never rewrites them.
  const llvm::StringMap<std::string> *CommandLineMacros = nullptr;
  /// C++ AMP mode: a restriction written after an exception specification
  /// (`void f() throw() restrict(cpu)`) is an error, as in Visual C++'s
  /// grammar; the rewrite puts a `#pragma GCC error` in front of it.
  bool AmpOrderRules = false;
};

/// Rewrites \p Source (SpecifierPlacement.cpp has every case):
///  - every attribute-specifier whose list holds only hcc attributes
///    (`[[hc]]`, `[[cpu]]`, `[[hc, cpu]]`, with `__hc__`/`__cpu__` and any
///    spacing) into the GNU spelling, placed where Clang accepts it;
///  - C++ AMP's `restrict(amp)`, `restrict(cpu)`, `restrict(amp, cpu)` (any
///    order, empty elements allowed) into `__attribute__((hc))`,
///    `__attribute__((cpu))`, `__attribute__((hc, cpu))`, placed the same
///    way; `restrict(,)` (no restriction) into nothing;
///  - a bare `restrict` after a member function's parameter list (not
///    C++ AMP's) into `__restrict`;
///  - an hcc attribute in front of a lambda introducer to behind it.
/// Every line keeps its number; columns after an edit on the same line
/// move. Comments, string and character literals are skipped: the text is
/// lexed, not searched.
///
/// Returns std::nullopt when there is nothing to rewrite.
std::optional<std::string>
rewriteHccAttributeSpellings(llvm::StringRef Source,
                             const clang::LangOptions &LangOpts,
                             const RewriteOptions &Options = {});

/// Adds to \p Options.AttributeMacros the attribute macros that
/// \p Source defines, without rewriting it (headers read ahead of the main
/// file, SourceRewriting.cpp).
void collectAttributeMacroDefinitions(llvm::StringRef Source,
                                      const clang::LangOptions &LangOpts,
                                      const RewriteOptions &Options);

} // namespace hcc

#endif // HCC_CLANG_ATTRIBUTESPELLINGREWRITER_H
