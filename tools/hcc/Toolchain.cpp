//===- Toolchain.cpp - Where hcc finds its pieces -------------------------===//

#include "Toolchain.h"

#include "HccConfig.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

using namespace llvm;

namespace hcc {

static std::string joinPath(StringRef Base,
                            std::initializer_list<StringRef> Components) {
  SmallString<256> P(Base);
  for (StringRef C : Components)
    sys::path::append(P, C);
  return std::string(P);
}

/// A plugin path from the environment overrides the one in the prefix:
/// plugin developers test a fresh build against an installed hcc that way.
/// "none" (or an empty value) switches the plugin off.
static std::string locatePlugin(const char *EnvVar, std::string Default) {
  if (std::optional<std::string> Env = sys::Process::GetEnv(EnvVar)) {
    if (Env->empty() || *Env == "none")
      return "";
    return *Env;
  }
  // The plugins are written by other parts of the project and may not be
  // built yet; without them hcc still compiles, just without hcc's
  // attributes and device-code pruning.
  return sys::fs::exists(Default) ? Default : "";
}

static std::string locateLld(StringRef Clang) {
  // The ld.lld next to the clang in use matches its object format version;
  // prefer it, then the configured tools directory, then PATH.
  for (const std::string &Candidate :
       {joinPath(sys::path::parent_path(Clang), {"ld.lld"}),
        joinPath(HCC_LLVM_TOOLS_DIR, {"ld.lld"})}) {
    if (sys::fs::can_execute(Candidate))
      return Candidate;
  }
  for (StringRef Name : {"ld.lld-22", "ld.lld"})
    if (ErrorOr<std::string> Found = sys::findProgramByName(Name))
      return *Found;
  return "";
}

Toolchain locateToolchain(const char *Argv0, void *MainAddr) {
  Toolchain TC;
  // getMainExecutable reads /proc/self/exe, which already has symlinks
  // resolved: a symlink to bin/hcc elsewhere still finds the real prefix.
  std::string Exe = sys::fs::getMainExecutable(Argv0, MainAddr);
  SmallString<256> Real;
  if (!sys::fs::real_path(Exe, Real))
    Exe = std::string(Real);
  TC.Prefix = std::string(sys::path::parent_path(sys::path::parent_path(Exe)));

  TC.IncludeDir = joinPath(TC.Prefix, {"include"});
  TC.Prelude = joinPath(TC.IncludeDir, {"hc", "detail", "device_prelude.h"});
  TC.LibDir = joinPath(TC.Prefix, {"lib"});

  if (std::optional<std::string> Env = sys::Process::GetEnv("HCC_CLANG");
      Env && !Env->empty())
    TC.Clang = *Env;
  else
    TC.Clang = HCC_CLANG_EXECUTABLE;
  // A bare name in HCC_CLANG ("clang++-22") is looked up on PATH.
  if (!sys::path::has_parent_path(TC.Clang))
    if (ErrorOr<std::string> Found = sys::findProgramByName(TC.Clang))
      TC.Clang = *Found;

  TC.Lld = locateLld(TC.Clang);
  TC.ClangPlugin = locatePlugin(
      "HCC_CLANG_PLUGIN",
      joinPath(TC.LibDir, {"hcc", "libhcc-clang-plugin.so"}));
  TC.PassPlugin = locatePlugin(
      "HCC_PASS_PLUGIN", joinPath(TC.LibDir, {"hcc", "libhcc-llvm-passes.so"}));
  return TC;
}

std::string versionLine() {
  return std::string("hcc version " HCC_FULL_VERSION
                     " (based on LLVM " HCC_LLVM_VERSION ")");
}

} // namespace hcc
