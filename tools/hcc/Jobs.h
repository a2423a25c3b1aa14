//===- Jobs.h - Running (or showing) the commands hcc builds ----*- C++ -*-===//

#ifndef HCC_DRIVER_JOBS_H
#define HCC_DRIVER_JOBS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace hcc {

/// One process to run. Args[0] is the program as shown to the user.
struct Job {
  std::string Program;
  std::vector<std::string> Args;
};

/// Prints \p J the way clang's -### does: every argument double-quoted, with
/// \, ", $ and ` escaped, so the line can be pasted into a shell.
void printJob(llvm::raw_ostream &OS, const Job &J);

/// Runs \p J with the driver's stdin/stdout/stderr and waits for it. Returns
/// the exit status to propagate: 0 on success, the tool's status if it
/// failed, 1 if it could not be started or died from a signal (with a
/// message on stderr).
int runJob(const Job &J);

/// A per-invocation directory for intermediate files. Removed with its
/// contents on destruction and, best effort, on SIGINT/SIGTERM, unless kept
/// for -save-temps.
class TempDir {
public:
  TempDir() = default;
  TempDir(const TempDir &) = delete;
  TempDir &operator=(const TempDir &) = delete;
  ~TempDir();

  /// Creates the directory. Returns false with \p Error set on failure.
  bool create(std::string &Error);
  const std::string &path() const { return Path; }
  /// A path for a file named \p Name inside the directory. Registered for
  /// removal on signals.
  std::string file(llvm::StringRef Name) const;

private:
  std::string Path;
};

} // namespace hcc

#endif // HCC_DRIVER_JOBS_H
