//===- Toolchain.h - Where hcc finds its pieces -----------------*- C++ -*-===//
//
// The build tree and the install tree share one layout:
//   <prefix>/bin/hcc, <prefix>/include, <prefix>/lib/libhc_runtime.so,
//   <prefix>/lib/hcc/libhcc-clang-plugin.so, .../libhcc-llvm-passes.so
// so everything is found relative to the hcc executable and a prefix can be
// moved as a whole.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_TOOLCHAIN_H
#define HCC_DRIVER_TOOLCHAIN_H

#include <string>

namespace hcc {

struct Toolchain {
  std::string Prefix;
  std::string IncludeDir;  ///< <prefix>/include
  std::string Prelude;     ///< include/hc/detail/device_prelude.h
  std::string LibDir;      ///< <prefix>/lib: libhc_runtime
  std::string Clang;       ///< The clang++ to run.
  std::string Lld;         ///< ld.lld, empty if none was found.
  std::string ClangPlugin; ///< Frontend plugin, empty if absent.
  std::string PassPlugin;  ///< LLVM pass plugin, empty if absent.
};

/// Locates everything from the path of the running executable. \p Argv0 and
/// \p MainAddr are used only where /proc/self/exe is not available.
Toolchain locateToolchain(const char *Argv0, void *MainAddr);

/// "hcc version 4.0.2647-<rev> (based on LLVM <ver>)": the first line of
/// --version output.
std::string versionLine();

} // namespace hcc

#endif // HCC_DRIVER_TOOLCHAIN_H
