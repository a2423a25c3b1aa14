//===- RestrictionContext.h - amp context outside function bodies -*- C++ -*-===//
//
// Part of hcc. A call outside any function body (in a trailing return
// type: `auto g() [[hc]] -> decltype(f())`) has no caller whose restriction
// would choose between f's amp and cpu overloads; Clang then resolves it
// as host-and-device code, which in the host pass means the cpu one. The
// original hcc resolved it in the restriction of the function being
// declared. The attribute rewriter wraps the trailing return type of an
// amp-only function in
//
//   _Pragma("hcc_restriction_context push amp") ... _Pragma("hcc_restriction_context pop")
//
// and this pragma makes Clang's CUDA context for callerless calls the
// device side in between ("push cpu": the host side, for cpu-only ones).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_RESTRICTIONCONTEXT_H
#define HCC_CLANG_RESTRICTIONCONTEXT_H

namespace clang {
class CompilerInstance;
} // namespace clang

namespace hcc {

/// The pragma's name, for the rewriter.
inline constexpr const char RestrictionContextPragma[] =
    "hcc_restriction_context";

/// Registers the pragma with the preprocessor of \p CI.
void installRestrictionContextPragma(clang::CompilerInstance &CI);

} // namespace hcc

#endif // HCC_CLANG_RESTRICTIONCONTEXT_H
