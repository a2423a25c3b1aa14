//===- SourceRewriting.cpp - Feed Clang the rewritten spellings ---------===//
//
// Part of hcc.
//
// SourceManager::overrideFileContents swaps the text of a file while keeping
// its identity (name, FileEntry, include guards, dependency output), so
// diagnostics, __FILE__ and debug info still name the user's file, and since
// the rewriter keeps line breaks, every line number is right.
//
// A file's size is fixed when its FileID is created, and the rewritten text
// is longer. Headers are therefore overridden from InclusionDirective, which
// runs before the preprocessor creates their FileID. The main file already
// has one when plugins get control, but nothing has been lexed from it yet,
// so it gets a fresh FileID over the rewritten text and becomes the main
// file in place of the old one, which is never used.
//
// System headers are rewritten too: hc libraries may be installed on a
// system include path (hcc's own headers may be). The price is reading each
// header once more, a few milliseconds for the whole standard library, and
// a scan that rules out almost every file without lexing it.
//
//===----------------------------------------------------------------------===//

#include "SourceRewriting.h"

#include "AmpMode.h"
#include "AttributeSpellingRewriter.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/MemoryBuffer.h"

#include <memory>

using namespace clang;

namespace hcc {

namespace {
/// Shared by the main file and the headers of one translation unit: the
/// attribute macros of the files rewritten so far (the main file first).
struct RewriteState {
  llvm::StringSet<> AttributeMacros;
  RewriteOptions Options;
};
} // namespace

static void rewriteMainFile(SourceManager &SM, const LangOptions &LangOpts,
                            const RewriteOptions &Options) {
  FileID Main = SM.getMainFileID();
  if (Main.isInvalid())
    return;
  std::optional<llvm::MemoryBufferRef> Buffer = SM.getBufferOrNone(Main);
  if (!Buffer)
    return;
  std::optional<std::string> Rewritten =
      rewriteHccAttributeSpellings(Buffer->getBuffer(), LangOpts, Options);
  if (!Rewritten)
    return;

  SrcMgr::CharacteristicKind Kind =
      SM.getFileCharacteristic(SM.getLocForStartOfFile(Main));
  std::unique_ptr<llvm::MemoryBuffer> NewBuffer =
      llvm::MemoryBuffer::getMemBufferCopy(*Rewritten,
                                           Buffer->getBufferIdentifier());
  FileID NewMain;
  if (OptionalFileEntryRef File = SM.getFileEntryRefForID(Main)) {
    SM.overrideFileContents(*File, std::move(NewBuffer));
    NewMain = SM.createFileID(*File, SourceLocation(), Kind);
  } else {
    // Input without a file entry (a memory buffer): same thing, by buffer.
    NewMain = SM.createFileID(std::move(NewBuffer), Kind);
  }
  SM.setMainFileID(NewMain);
}

namespace {

/// Overrides each header that needs it with its rewritten text just before
/// the preprocessor enters it for the first time.
class HeaderRewriter : public PPCallbacks {
public:
  HeaderRewriter(SourceManager &SM, const LangOptions &LangOpts,
                 std::shared_ptr<RewriteState> State)
      : SM(SM), LangOpts(LangOpts), State(std::move(State)) {}

  void InclusionDirective(SourceLocation, const Token &, StringRef, bool,
                          CharSourceRange, OptionalFileEntryRef File,
                          StringRef, StringRef, const Module *,
                          bool ModuleImported,
                          SrcMgr::CharacteristicKind) override {
    if (!File || ModuleImported)
      return;
    if (!Seen.insert(&File->getFileEntry()).second)
      return;
    // Once the SourceManager holds the file (entered before, or overridden
    // by someone else), its size is fixed: leave it.
    if (SM.hasFileInfo(&File->getFileEntry()))
      return;

    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
        SM.getFileManager().getBufferForFile(*File);
    if (!Buffer)
      return; // Clang reports the unreadable file itself.
    std::optional<std::string> Rewritten =
        rewriteHccAttributeSpellings((*Buffer)->getBuffer(), LangOpts,
                                     State->Options);
    if (!Rewritten)
      return;
    SM.overrideFileContents(*File, llvm::MemoryBuffer::getMemBufferCopy(
                                       *Rewritten, File->getName()));
  }

private:
  SourceManager &SM;
  const LangOptions &LangOpts;
  std::shared_ptr<RewriteState> State;
  llvm::DenseSet<const FileEntry *> Seen;
};

} // namespace

void installAttributeSpellingRewriter(CompilerInstance &CI) {
  if (!CI.hasSourceManager() || !CI.hasPreprocessor())
    return;
  auto State = std::make_shared<RewriteState>();
  State->Options.AttributeMacros = &State->AttributeMacros;
  State->Options.AmpOrderRules = isAmpMode();
  rewriteMainFile(CI.getSourceManager(), CI.getLangOpts(), State->Options);
  CI.getPreprocessor().addPPCallbacks(std::make_unique<HeaderRewriter>(
      CI.getSourceManager(), CI.getLangOpts(), std::move(State)));
}

} // namespace hcc
