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
#include "RawTokens.h"

#include "clang/Basic/FileManager.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/PPCallbacks.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <memory>

using namespace clang;

namespace hcc {

namespace {
/// Shared by the main file and the headers of one translation unit: the
/// attribute macros of the files rewritten so far (the main file first).
struct RewriteState {
  llvm::StringMap<AttributeMacro> AttributeMacros;
  llvm::StringMap<std::string> CommandLineMacros;
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

/// The object-like macros of the command line (-D, -U, in order) with
/// their values.
static void collectCommandLineMacros(const PreprocessorOptions &Opts,
                                     llvm::StringMap<std::string> &Macros) {
  for (const auto &[Definition, IsUndef] : Opts.Macros) {
    StringRef Name = StringRef(Definition).split('=').first;
    if (Name.contains('('))
      continue; // Function-like.
    if (IsUndef) {
      Macros.erase(Name);
      continue;
    }
    size_t Equal = Definition.find('=');
    Macros[Name] =
        Equal == std::string::npos ? "1" : Definition.substr(Equal + 1);
  }
}

/// The files \p Text includes: (name, angled) of each #include directive,
/// in any #if branch.
static llvm::SmallVector<std::pair<std::string, bool>, 8>
includesOf(const std::string &Text, const LangOptions &LangOpts) {
  llvm::SmallVector<std::pair<std::string, bool>, 8> Includes;
  llvm::SmallVector<RawToken, 0> Tokens = lexRaw(Text, LangOpts);
  for (size_t I = 0; I + 2 < Tokens.size(); ++I) {
    if (!Tokens[I].is(tok::hash) || !Tokens[I].StartOfLine ||
        !Tokens[I + 1].isWord("include"))
      continue;
    const RawToken &Name = Tokens[I + 2];
    if (Name.is(tok::string_literal) && Name.Length >= 2) {
      Includes.push_back({Text.substr(Name.Offset + 1, Name.Length - 2), false});
      continue;
    }
    if (!Name.is(tok::less))
      continue;
    for (size_t J = I + 3; J < Tokens.size() && !Tokens[J].StartOfLine; ++J)
      if (Tokens[J].is(tok::greater)) {
        unsigned Begin = Name.Offset + 1;
        Includes.push_back({Text.substr(Begin, Tokens[J].Offset - Begin), true});
        break;
      }
  }
  return Includes;
}

/// Records the attribute macros that \p File and the user headers it
/// includes (transitively) define. The main file is rewritten before the
/// preprocessor enters any header, so without this a restriction macro of
/// a user header (`#define __GPU restrict(amp, cpu)`) would be unknown at
/// its uses in the main file. System headers (hcc's own, the C++ library)
/// are not read: they are many, and theirs are found when they are entered.
static void readIncludedAttributeMacros(CompilerInstance &CI,
                                        FileEntryRef File, RewriteState &State,
                                        llvm::DenseSet<const FileEntry *> &Read) {
  if (!Read.insert(&File.getFileEntry()).second || Read.size() > 256)
    return;
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> Buffer =
      CI.getFileManager().getBufferForFile(File);
  if (!Buffer)
    return;
  std::string Text = (*Buffer)->getBuffer().str();
  collectAttributeMacroDefinitions(Text, CI.getLangOpts(), State.Options);
  HeaderSearch &Search = CI.getPreprocessor().getHeaderSearchInfo();
  for (const auto &[Name, Angled] : includesOf(Text, CI.getLangOpts())) {
    // "name" beside its includer first, a user header like its includer.
    // (HeaderSearch would do that too, but it wants the includer's header
    // information, which exists only once the preprocessor entered it.)
    if (!Angled && !llvm::sys::path::is_absolute(Name)) {
      llvm::SmallString<256> Beside(File.getDir().getName());
      llvm::sys::path::append(Beside, Name);
      if (OptionalFileEntryRef Header =
              CI.getFileManager().getOptionalFileRef(Beside)) {
        readIncludedAttributeMacros(CI, *Header, State, Read);
        continue;
      }
    }
    ConstSearchDirIterator Dir = nullptr;
    OptionalFileEntryRef Header = Search.LookupFile(
        Name, SourceLocation(), Angled, /*FromDir=*/nullptr, &Dir,
        /*Includers=*/{}, nullptr, nullptr, nullptr, nullptr, nullptr,
        nullptr, /*SkipCache=*/true, /*BuildSystemModule=*/false,
        /*OpenFile=*/true, /*CacheFailures=*/false);
    if (Header && Dir && !Dir->isSystemHeaderDirectory())
      readIncludedAttributeMacros(CI, *Header, State, Read);
  }
}

void installAttributeSpellingRewriter(CompilerInstance &CI) {
  if (!CI.hasSourceManager() || !CI.hasPreprocessor())
    return;
  auto State = std::make_shared<RewriteState>();
  State->Options.AttributeMacros = &State->AttributeMacros;
  State->Options.AmpOrderRules = isAmpMode();
  collectCommandLineMacros(CI.getPreprocessorOpts(), State->CommandLineMacros);
  State->Options.CommandLineMacros = &State->CommandLineMacros;
  SourceManager &SM = CI.getSourceManager();
  if (OptionalFileEntryRef Main = SM.getFileEntryRefForID(SM.getMainFileID())) {
    llvm::DenseSet<const FileEntry *> Read;
    readIncludedAttributeMacros(CI, *Main, *State, Read);
  }
  rewriteMainFile(CI.getSourceManager(), CI.getLangOpts(), State->Options);
  CI.getPreprocessor().addPPCallbacks(std::make_unique<HeaderRewriter>(
      CI.getSourceManager(), CI.getLangOpts(), std::move(State)));
}

} // namespace hcc
