//===- AmpRules.h - C++ AMP's restrict(amp) language rules -----*- C++ -*-===//
//
// Part of hcc. In C++ AMP mode (hcc -std=c++amp) the host pass checks what
// the C++ AMP 1.2 specification (chapter 2) forbids: in restrict(amp) code,
// the types of section 2.4.1, static and global variables, goto, exception
// handling, run-time type information, function pointers, recursion,
// string literals, casts between pointers and integers, integer literals
// wider than 32 bits, unsupported captures; in any code, a call to a
// function whose restriction does not cover the caller's (section 2.3).
// Each error is reported at the offending line. hc mode keeps hcc's
// relaxed rules: none of this runs there.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_AMPRULES_H
#define HCC_CLANG_AMPRULES_H

#include <memory>

namespace clang {
class ASTConsumer;
class CompilerInstance;
} // namespace clang

namespace hcc {

/// The checker, in the host pass of a C++ AMP compile; null otherwise (the
/// device pass would only repeat the errors).
std::unique_ptr<clang::ASTConsumer>
createAmpRulesConsumer(clang::CompilerInstance &CI);

} // namespace hcc

#endif // HCC_CLANG_AMPRULES_H
