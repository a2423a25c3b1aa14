//===- hcc-config.cpp - Flags for building with hcc -----------------------===//
//
// Prints the flags a build needs to compile and link hc / C++ AMP programs:
//
//   hcc `hcc-config --cxxflags --ldflags` foo.cpp -o foo
//
// Same options as the original hcc-config. The prefix is found from this
// executable (<prefix>/bin/hcc-config), so an installed tree can be moved
// and the build tree works the same way.
//
// Plain C++ without LLVM: build scripts call it often and it should start
// instantly.
//
//===----------------------------------------------------------------------===//

#include "HccConfig.h"

#include <cstring>
#include <filesystem>
#include <iostream>
#include <string>
#include <system_error>
#include <unistd.h>
#include <vector>

namespace fs = std::filesystem;

static void printUsage(std::ostream &OS) {
  OS << "Usage: hcc-config [config-options] [options]\n"
        "Print the flags needed to build hc / C++ AMP programs with hcc.\n"
        "\n"
        "Example:\n"
        "  hcc `hcc-config --cxxflags --ldflags` foo.cpp -o foo\n"
        "\n"
        "Options:\n"
        "  -h, --help  Print this help\n"
        "  --cxxflags  C++ compilation flags\n"
        "  --ldflags   Linker flags\n"
        "  --shared    Flags to build a shared library\n"
        "  --prefix    The installation prefix\n"
        "  --version   The hcc version\n"
        "\n"
        "Config-Options:\n"
        "  --amp       C++ AMP flags instead of hc flags\n"
        "  --install   Accepted for compatibility: the prefix is always "
        "found\n"
        "  --build     from the location of hcc-config itself\n";
}

/// <prefix> of <prefix>/bin/hcc-config, symlinks resolved.
static fs::path findPrefix(const char *Argv0) {
  std::error_code EC;
  fs::path Exe = fs::read_symlink("/proc/self/exe", EC);
  if (EC) {
    // No procfs: fall back to argv[0], which is right when it holds a path.
    Exe = fs::weakly_canonical(fs::absolute(Argv0, EC), EC);
  }
  return Exe.parent_path().parent_path();
}

int main(int Argc, char **Argv) {
  enum class Request { CxxFlags, LdFlags, Shared, Prefix, Version };
  std::vector<Request> Requests;
  bool AmpMode = false;

  for (int I = 1; I < Argc; ++I) {
    const char *A = Argv[I];
    if (!std::strcmp(A, "--cxxflags"))
      Requests.push_back(Request::CxxFlags);
    else if (!std::strcmp(A, "--ldflags"))
      Requests.push_back(Request::LdFlags);
    else if (!std::strcmp(A, "--shared"))
      Requests.push_back(Request::Shared);
    else if (!std::strcmp(A, "--prefix"))
      Requests.push_back(Request::Prefix);
    else if (!std::strcmp(A, "--version"))
      Requests.push_back(Request::Version);
    else if (!std::strcmp(A, "--amp"))
      AmpMode = true;
    else if (!std::strcmp(A, "--install") || !std::strcmp(A, "--build"))
      continue;
    else if (!std::strcmp(A, "--help") || !std::strcmp(A, "-h")) {
      printUsage(std::cout);
      return 0;
    } else {
      std::cerr << "hcc-config: unknown option '" << A << "'\n";
      printUsage(std::cerr);
      return 1;
    }
  }
  if (Requests.empty()) {
    printUsage(std::cerr);
    return 1;
  }

  fs::path Prefix = findPrefix(Argv[0]);
  std::string Include = (Prefix / "include").string();
  std::string Lib = (Prefix / "lib").string();

  // One line, whatever the order of the options, so that
  // `hcc-config --cxxflags --ldflags` can be spliced into a command line.
  std::vector<std::string> Words;
  for (Request R : Requests) {
    switch (R) {
    case Request::CxxFlags:
      // -std=c++amp selects C++ AMP in hcc; -hc with C++17 is hc mode.
      if (AmpMode)
        Words.insert(Words.end(), {"-std=c++amp", "-I" + Include});
      else
        Words.insert(Words.end(), {"-hc", "-std=c++17", "-I" + Include});
      break;
    case Request::LdFlags:
      Words.insert(Words.end(),
                   {"-L" + Lib, "-Wl,-rpath," + Lib, "-lhc_runtime"});
      break;
    case Request::Shared:
      Words.insert(Words.end(), {"-shared", "-fPIC"});
      break;
    case Request::Prefix:
      Words.push_back(Prefix.string());
      break;
    case Request::Version:
      Words.push_back(HCC_FULL_VERSION);
      break;
    }
  }
  // As the original printed them: a space before every flag and no line
  // break. Build files splice the output between other flags without
  // trimming it (`"${HCC_LDFLAGS} -lm"` in CMake), and a line break there
  // ends the command line (Ninja joins the next line to it without its
  // leading space). The prefix and the version alone have no space. A
  // terminal gets the line break.
  bool Bare = Requests.size() == 1 && (Requests[0] == Request::Prefix ||
                                       Requests[0] == Request::Version);
  for (const std::string &Word : Words)
    std::cout << (Bare ? "" : " ") << Word;
  if (isatty(STDOUT_FILENO))
    std::cout << "\n";
  return 0;
}
