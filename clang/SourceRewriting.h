//===- SourceRewriting.h - Feed Clang the rewritten spellings -*- C++ -*-===//
//
// Part of hcc. Puts the output of AttributeSpellingRewriter in front of
// Clang's lexer: for the main file, and for every header as it gets
// included.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_CLANG_SOURCEREWRITING_H
#define HCC_CLANG_SOURCEREWRITING_H

namespace clang {
class CompilerInstance;
} // namespace clang

namespace hcc {

/// Must run after the main file has been registered with the SourceManager
/// and before the preprocessor enters it (PluginASTAction::CreateASTConsumer
/// is such a point).
void installAttributeSpellingRewriter(clang::CompilerInstance &CI);

} // namespace hcc

#endif // HCC_CLANG_SOURCEREWRITING_H
