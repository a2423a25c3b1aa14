//===- hcc.cpp - The hcc compiler driver ----------------------------------===//
//
// hcc compiles single-source C++ (hc API, C++ AMP) for the host and for
// accelerators and is used like clang++. This file handles what needs no
// compilation (--help, --version) and hands the rest to Compilation. See
// docs/driver.md for the commands it runs.
//
//===----------------------------------------------------------------------===//

#include "ArgClassifier.h"
#include "Compilation.h"
#include "OffloadTargets.h"
#include "PassCommands.h"
#include "Toolchain.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace hcc;

static void printHelp(raw_ostream &OS) {
  OS << "OVERVIEW: hcc - single-source C++ compiler for accelerators "
        "(hc API, C++ AMP)\n\n"
     << "USAGE: hcc [options] file...\n\n"
     << "hcc accepts clang++'s options and passes them on; in addition:\n"
     << "  --offload-arch=<sm_xx>[,...]  Device targets (default "
     << DefaultOffloadArch
     << "; 'none': CPU only).\n"
     << "                                Repeatable. Env: HCC_OFFLOAD_ARCH.\n"
     << "  -hc                           hc mode (the default).\n"
     << "  -std=c++amp                   C++ AMP mode (C++17 underneath).\n"
     << "  --stdpar                      Run std algorithms with "
        "std::execution::par_unseq\n"
     << "                                or par on the accelerator.\n"
     << "  -save-temps                   Keep intermediate files next to the "
        "output.\n"
     << "  -###                          Print the commands, run nothing.\n"
     << "  -v                            Print the commands as they run.\n"
     << "  --version                     Print version information.\n\n"
     << "Environment: HCC_CLANG (the clang++ to run), HCC_OFFLOAD_ARCH,\n"
     << "HCC_CLANG_PLUGIN / HCC_PASS_PLUGIN (plugin paths, 'none' to "
        "disable).\n"
     << "Compile and link flags for build systems: hcc-config --cxxflags "
        "--ldflags\n";
}

static void printVersionHeader(raw_ostream &OS, const Toolchain &TC) {
  OS << versionLine() << "\n"
     << "InstalledDir: " << TC.Prefix << "/bin\n"
     << "Clang: " << TC.Clang << "\n";
  OS.flush();
}

int main(int Argc, char **Argv) {
  SmallVector<const char *, 64> Args(Argv, Argv + Argc);
  // CMake and other build systems pass long command lines as @file.
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  if (!cl::ExpandResponseFiles(Saver, cl::TokenizeGNUCommandLine, Args)) {
    errs() << "hcc: error: cannot read a response file\n";
    return 1;
  }

  DriverOptions Opts = classifyArguments(ArrayRef(Args).drop_front());
  for (const std::string &W : Opts.Warnings)
    errs() << "hcc: warning: " << W << "\n";
  for (const std::string &E : Opts.Errors)
    errs() << "hcc: error: " << E << "\n";
  if (!Opts.Errors.empty())
    return 1;

  Toolchain TC = locateToolchain(Argv[0], reinterpret_cast<void *>(&main));

  if (Opts.PrintHelp) {
    printHelp(outs());
    return 0;
  }

  // `hcc --version` and `hcc -v` alone: our line first (scripts grep the
  // first line), then the clang we drive, which tells the rest. Like clang,
  // --version prints to stdout and -v to stderr.
  if (Opts.PrintVersion || (Opts.Verbose && Opts.Inputs.empty())) {
    raw_ostream &OS = Opts.PrintVersion ? outs() : errs();
    printVersionHeader(OS, TC);
    Job J = PassCommandBuilder(Opts, TC, {}).clangVersion(Opts.PrintVersion);
    if (Opts.PrintOnly) {
      printJob(errs(), J);
      return 0;
    }
    return runJob(J);
  }

  if (Opts.Inputs.empty()) {
    errs() << "hcc: error: no input files\n";
    return 1;
  }
  if (Opts.Verbose)
    printVersionHeader(errs(), TC);

  Compilation C(Opts, TC);
  return C.run();
}
