//===- DriverOptions.h - What the user asked hcc to do ----------*- C++ -*-===//
//
// The data model shared by the pieces of the driver: the argument classifier
// fills a DriverOptions from argv, the command builders read it. Nothing in
// here runs a process or touches the file system.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_DRIVEROPTIONS_H
#define HCC_DRIVER_DRIVEROPTIONS_H

#include <string>
#include <vector>

namespace hcc {

/// The last phase the user asked for. Ordered like clang's phases so that the
/// earliest stopping flag wins, as it does in clang (-E beats -c).
enum class DriverMode {
  Preprocess, ///< -E, -M, -MM: host pass only, output to stdout or -o.
  SyntaxOnly, ///< -fsyntax-only: host and device pass, no output.
  Assemble,   ///< -S: host assembly only.
  Compile,    ///< -c: one object per source, images embedded.
  Link,       ///< Default: compile and link with the runtime.
};

/// hc is the default; C++ AMP is chosen with -std=c++amp (unless -hc is also
/// given, which is what the original hcc-config printed for hc programs).
enum class LanguageMode { HC, AMP };

enum class InputKind {
  HccSource,   ///< C++: host pass + one device pass per target.
  CSource,     ///< Plain C: one clang compile, no device pass.
  OtherSource, ///< Assembly, preprocessed files...: one clang compile.
  LinkerInput, ///< Objects, archives, shared libraries: go to the link.
};

struct InputFile {
  std::string Path;
  InputKind Kind;
  /// The -x language in effect for this input, empty when it was inferred
  /// from the extension. Re-applied to OtherSource compiles.
  std::string Language;
};

/// One element of the link line in the user's order: either flags to pass
/// through verbatim, or the object produced for (or given as) input InputIdx.
struct LinkItem {
  std::vector<std::string> Flags;
  int InputIdx = -1;
};

struct DriverOptions {
  DriverMode Mode = DriverMode::Link;
  LanguageMode Language = LanguageMode::HC;

  bool PrintOnly = false;   ///< -###
  bool Verbose = false;     ///< -v
  bool PrintVersion = false;
  bool PrintHelp = false;
  bool SaveTemps = false;
  bool SaveTempsInCwd = false; ///< -save-temps=cwd instead of next to output.

  bool Shared = false;        ///< -shared: the host pass needs PIC.
  bool UserPIC = false;       ///< -fPIC/-fpic given.
  bool UserDebug = false;     ///< Some -g flag given (even -g0).
  bool UserOptLevel = false;  ///< Some -O flag given.
  bool UserCuid = false;      ///< -cuid= given: do not add our own.
  /// Kernels may call [[hc]] functions of other translation units (the
  /// original hcc's default; -fno-gpu-rdc turns it off, -fgpu-rdc on).
  bool DeviceLinking = true;
  /// --stdpar: force-include hc/stdpar.hpp into both passes so that the
  /// standard parallel algorithms run on the accelerator
  /// (docs/parallel-stl.md).
  bool Stdpar = false;
  /// -Xclang -fhsa-ext (the original hcc's HSA extension of C++ AMP): in
  /// C++ AMP mode, kernels follow hc's relaxed language rules (raw pointers
  /// and host objects captured, no restrict(amp) needed) instead of C++ AMP
  /// 1.2's chapter 2. The last of -fhsa-ext / -fno-hsa-ext wins.
  bool HsaExtensions = false;

  /// Dependency files (-MD/-MMD) are written by the host pass only; clang
  /// derives their default name and target from -o, which would be one of
  /// our temporaries, so the driver spells them out unless the user did.
  bool WantDepFile = false;
  bool UserDepFile = false;   ///< -MF given.
  bool UserDepTarget = false; ///< -MT/-MQ given.

  std::string Output; ///< -o, empty if not given.

  /// --offload-arch values, comma lists split. Empty means "not given": the
  /// caller falls back to HCC_OFFLOAD_ARCH, then to the default target.
  std::vector<std::string> OffloadArchs;

  std::vector<InputFile> Inputs;

  /// User flags for the host pass of C++ sources, in the user's order.
  std::vector<std::string> HostArgs;
  /// User flags for device passes: HostArgs minus what only makes sense for
  /// the host (dependency files, host-only hardening flags).
  std::vector<std::string> DeviceArgs;
  /// User flags for C and other plain sources: HostArgs minus the C++
  /// standard selection.
  std::vector<std::string> PlainArgs;
  /// Flags that select the host target (--target=, -m32, --sysroot...):
  /// the generated registration object must be built for the same target.
  std::vector<std::string> HostTargetArgs;
  /// The link line, in the user's order.
  std::vector<LinkItem> LinkLine;

  /// Messages found while classifying; non-empty errors stop the driver.
  std::vector<std::string> Errors;
  std::vector<std::string> Warnings;
};

} // namespace hcc

#endif // HCC_DRIVER_DRIVEROPTIONS_H
