//===- Compilation.h - One run of the driver, step by step ------*- C++ -*-===//
//
// Orders the steps for every input (host pass, device passes, embedding,
// relocatable merge), then the link, and decides where each intermediate
// file lives (a private temporary directory, or next to the output with
// -save-temps).
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_COMPILATION_H
#define HCC_DRIVER_COMPILATION_H

#include "DriverOptions.h"
#include "Jobs.h"
#include "PassCommands.h"
#include "Toolchain.h"

#include <memory>
#include <string>
#include <vector>

namespace hcc {

class Compilation {
public:
  Compilation(const DriverOptions &Opts, const Toolchain &TC);

  /// Runs everything. Returns the process exit status.
  int run();

private:
  bool checkInputs();
  bool resolveTargets(std::vector<std::string> &Targets);
  /// Compiles input \p Idx; on success sets \p Object to what the link
  /// should see. Returns an exit status.
  int compileInput(size_t Idx, std::string &Object);
  int compileHccSource(TranslationUnit &TU);
  int embedImages(TranslationUnit &TU);
  /// Shows and/or runs \p J according to -### and -v.
  int execute(const Job &J);
  /// Where intermediate \p Suffix of the source with stem \p Stem goes.
  std::string intermediate(llvm::StringRef Stem, size_t Idx,
                           llvm::StringRef Suffix);
  /// The output the user will see for input \p In in the current mode.
  std::string userVisibleOutput(const InputFile &In) const;

  const DriverOptions &Opts;
  const Toolchain &TC;
  std::unique_ptr<PassCommandBuilder> Builder;
  TempDir Temps;
  std::string SaveTempsDir;
  std::vector<std::string> KeptFiles;
};

} // namespace hcc

#endif // HCC_DRIVER_COMPILATION_H
