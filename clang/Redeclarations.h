//===- Redeclarations.h - hcc's rules for redeclared functions -*- C++ -*-===//
//
// Part of hcc. The original hcc matched a function declaration against the
// previous ones by signature *and* restriction: `int f() [[hc]]` and
// `int f()` (or `int f() [[cpu]]`) are two functions (overloading on
// restriction), while a declaration without annotation followed by an
// annotated definition (or the reverse) is one function. Clang's CUDA rules
// differ (a __host__ and a __host__ __device__ function of one signature
// are an error), so the plugin sees every function declaration before Clang
// matches it and adjusts the attributes of both sides (ExecutionSpace.h).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_REDECLARATIONS_H
#define HCC_CLANG_REDECLARATIONS_H

namespace clang {
class CompilerInstance;
} // namespace clang

namespace hcc {

/// Makes Clang call the plugin for every function declaration of the
/// translation unit. Must run before the preprocessor enters the main file
/// (PluginASTAction::CreateASTConsumer is such a point).
void installRedeclarationRules(clang::CompilerInstance &CI);

} // namespace hcc

#endif // HCC_CLANG_REDECLARATIONS_H
