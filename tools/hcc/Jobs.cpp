//===- Jobs.cpp - Running (or showing) the commands hcc builds ------------===//

#include "Jobs.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Signals.h"

#include <cstring>
#include <unistd.h>

using namespace llvm;

namespace hcc {

void printJob(raw_ostream &OS, const Job &J) {
  for (size_t I = 0; I < J.Args.size(); ++I) {
    // Show the resolved program, not the display name, so that the printed
    // command is exactly what runs.
    StringRef Arg = I == 0 ? StringRef(J.Program) : StringRef(J.Args[I]);
    OS << " \"";
    for (char C : Arg) {
      if (C == '"' || C == '\\' || C == '$' || C == '`')
        OS << '\\';
      OS << C;
    }
    OS << '"';
  }
  OS << '\n';
  OS.flush();
}

int runJob(const Job &J) {
  std::vector<StringRef> Argv(J.Args.begin(), J.Args.end());
  std::string ErrMsg;
  bool ExecutionFailed = false;
  // Flush our own output first so that messages stay in order with the
  // child's, which writes to the same descriptors.
  outs().flush();
  errs().flush();
  int Status = sys::ExecuteAndWait(J.Program, Argv, /*Env=*/std::nullopt,
                                   /*Redirects=*/{}, /*SecondsToWait=*/0,
                                   /*MemoryLimit=*/0, &ErrMsg,
                                   &ExecutionFailed);
  if (ExecutionFailed) {
    errs() << "hcc: error: unable to execute '" << J.Program << "'";
    if (!ErrMsg.empty())
      errs() << ": " << ErrMsg;
    errs() << "\n";
    return 1;
  }
  if (Status < 0) {
    // -2: killed by a signal (clang crashed). The tool has usually printed
    // its own crash report; say which command it was.
    errs() << "hcc: error: '" << sys::path::filename(J.Program)
           << "' terminated abnormally";
    if (!ErrMsg.empty())
      errs() << " (" << ErrMsg << ")";
    errs() << "\n";
    return 1;
  }
  return Status;
}

// The directory to remove when a signal arrives. A fixed buffer because the
// interrupt handler must not allocate.
static char InterruptDir[4096];

static void removeDirOnInterrupt() {
  // By the time this runs LLVM's handler has unlinked the registered files.
  if (InterruptDir[0])
    ::rmdir(InterruptDir);
}

bool TempDir::create(std::string &Error) {
  SmallString<256> Dir;
  if (std::error_code EC = sys::fs::createUniqueDirectory("hcc", Dir)) {
    Error = "cannot create a temporary directory: " + EC.message();
    return false;
  }
  Path = std::string(Dir);
  if (Path.size() < sizeof(InterruptDir)) {
    std::memcpy(InterruptDir, Path.c_str(), Path.size() + 1);
    sys::SetInterruptFunction(removeDirOnInterrupt);
  }
  return true;
}

std::string TempDir::file(StringRef Name) const {
  SmallString<256> P(Path);
  sys::path::append(P, Name);
  sys::RemoveFileOnSignal(P);
  return std::string(P);
}

TempDir::~TempDir() {
  if (Path.empty())
    return;
  InterruptDir[0] = '\0';
  sys::fs::remove_directories(Path, /*IgnoreErrors=*/true);
}

} // namespace hcc
