//===- PassCommands.cpp - The commands hcc runs for each step -------------===//
//
// Both passes run clang in CUDA mode, which gives single-source offloading
// without a fork of clang: --cuda-host-only / --cuda-device-only split the
// work, and -Xclang --hipstdpar lets device code call any function whose
// body is visible, which is hcc's "relaxed rules" (see
// docs/architecture.md). Everything the user typed goes to both passes,
// with our fixed flags first so that the user can still -U a macro, and the
// few flags that must win (-w in the device pass) last.
//
//===----------------------------------------------------------------------===//

#include "PassCommands.h"

#include "ImageEmbedder.h"

#include "AMDGPUCommands.h"
#include "DeviceLibraries.h"
#include "HccConfig.h"
#include "OffloadTargets.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace hcc {

#define HCC_STRINGIFY_(X) #X
#define HCC_STRINGIFY(X) HCC_STRINGIFY_(X)

PassCommandBuilder::PassCommandBuilder(const DriverOptions &Opts,
                                       const Toolchain &TC,
                                       std::vector<std::string> Targets)
    : Opts(Opts), TC(TC), Targets(std::move(Targets)) {}

Job PassCommandBuilder::clangJob(std::vector<std::string> Args) const {
  Args.insert(Args.begin(), TC.Clang);
  return Job{TC.Clang, std::move(Args)};
}

/// __hcc_backend__ names the code generator of the device code, as in the
/// original hcc, where it was always HCC_BACKEND_AMDGPU (1). The values are
/// predefined too: code compares them in #if, where an undefined name would
/// be 0 and every comparison of two of them true. Their spelling, "(1)",
/// is the one of hcc's hc_defines.h, so a header that defines them again
/// the same way is no redefinition.
static void addBackendMacro(std::vector<std::string> &Args,
                            StringRef Backend) {
  Args.insert(Args.end(), {"-DHCC_BACKEND_AMDGPU=(1)",
                           "-DHCC_BACKEND_NVPTX=(2)",
                           ("-D__hcc_backend__=" + Backend).str()});
}

/// The host pass has no code generator of its own for kernels: it agrees
/// with the device passes when they all target AMDGPU, and says NVPTX (the
/// default target) otherwise.
static StringRef hostPassBackend(ArrayRef<std::string> Targets) {
  bool AllAMDGPU = !Targets.empty() && all_of(Targets, [](const std::string &T) {
    return isAMDGPUTarget(T);
  });
  return AllAMDGPU ? "HCC_BACKEND_AMDGPU" : "HCC_BACKEND_NVPTX";
}

/// Flags shared by the host and the device pass of a C++ source.
void PassCommandBuilder::addCommonOffloadArgs(std::vector<std::string> &Args,
                                              const TranslationUnit &TU) const {
  // No CUDA SDK: its headers would fight our device_prelude.h and its
  // bitcode libraries are not ours to require.
  Args.insert(Args.end(), {"-nocudainc", "-nocudalib", "-Xclang",
                           "--hipstdpar", "-include", TC.Prelude, "-isystem",
                           TC.IncludeDir});
  // --stdpar: the overloads of the standard algorithms for the parallel
  // execution policies, in both passes so that the kernels they launch are
  // compiled for the device (docs/parallel-stl.md).
  if (Opts.Stdpar)
    Args.insert(Args.end(), {"-include", TC.IncludeDir + "/hc/stdpar.hpp",
                             "-D__HCC_STDPAR__=1"});

  // va_start and the other <stdarg.h> macros, as hcc's Clang (before LLVM
  // 17) defined them wherever <stdarg.h> was included: also from glibc's
  // <stdio.h>, which asks it only for va_list (__need___va_list). hcc code
  // calls va_start with no more than <stdio.h>.
  Args.insert(Args.end(), {"-include", "stdarg.h"});
  // hc::half (__fp16) as a parameter and return type, as hcc's Clang
  // allowed on every target; stock Clang allows it only where the target's
  // ABI defines it. hcc's libraries declare half-precision entry points.
  Args.insert(Args.end(),
              {"-Xclang", "-fnative-half-arguments-and-returns"});

  // The macros of the original hcc (its wiki page "HC mode", "hcc Built-In
  // Macros"), plus those ROCm's hcc also predefined: __KALMAR_CC__,
  // __hcc_workweek__, __hcc_backend__ and the language-mode pair.
  Args.insert(Args.end(),
              {"-D__HCC__=1", "-D__KALMAR_CC__=1",
               "-D__hcc_major__=" HCC_STRINGIFY(HCC_VERSION_MAJOR),
               "-D__hcc_minor__=" HCC_STRINGIFY(HCC_VERSION_MINOR),
               "-D__hcc_patchlevel__=" HCC_STRINGIFY(HCC_VERSION_PATCHLEVEL),
               "-D__hcc_workweek__=" HCC_STRINGIFY(HCC_VERSION_WORKWEEK),
               "-D__hcc_version__=\"" HCC_FULL_VERSION "\""});
  // C++ AMP's properties (accelerator::device_path, array::extent, ...)
  // are Microsoft's __declspec(property): -fdeclspec enables the keyword
  // without the rest of -fms-extensions. C++ AMP code was written for
  // Visual C++, which takes dynamic exception specifications (`throw(int)`)
  // in every language version; ISO C++17 removed them and Clang rejects
  // them by default, so C++ AMP mode accepts them as an extension; the
  // same for the `register` storage class.
  if (Opts.Language == LanguageMode::AMP)
    Args.insert(Args.end(), {"-D__KALMAR_AMP__=1", "-D__HCC_AMP__=1",
                             "-fdeclspec", "-Wno-dynamic-exception-spec",
                             "-Wno-register"});
  else
    Args.insert(Args.end(), {"-D__KALMAR_HC__=1", "-D__HCC_HC__=1"});

  if (!TC.ClangPlugin.empty()) {
    Args.push_back("-fplugin=" + TC.ClangPlugin);
    // C++ AMP's language rules for restrict(amp) code; the HSA extension
    // keeps hc's relaxed ones (DriverOptions::HsaExtensions).
    if (Opts.Language == LanguageMode::AMP && !Opts.HsaExtensions)
      Args.push_back("-fplugin-arg-hcc-amp");
  }
  // The same cuid on both sides: clang derives the externalised names of
  // internal-linkage kernels and device variables from it, and the host
  // launches kernels by those names.
  if (!Opts.UserCuid)
    Args.push_back("-cuid=" + TU.Cuid);
}

void PassCommandBuilder::addModeAndOutput(std::vector<std::string> &Args,
                                          const TranslationUnit &TU) const {
  // hcc -v also makes the host-side clang verbose: users look there for the
  // include search list, and CMake parses it (and the linker line, see
  // link()) to learn the implicit include and link directories. Device
  // passes stay quiet; they would only repeat it.
  if (Opts.Verbose)
    Args.push_back("-v");
  if (!TU.DepFile.empty())
    Args.insert(Args.end(), {"-MF", TU.DepFile});
  if (!TU.DepTarget.empty())
    Args.insert(Args.end(), {"-MT", TU.DepTarget});
  switch (Opts.Mode) {
  case DriverMode::Preprocess:
    Args.push_back("-E");
    break;
  case DriverMode::SyntaxOnly:
    Args.push_back("-fsyntax-only");
    break;
  case DriverMode::Assemble:
    Args.push_back("-S");
    break;
  case DriverMode::Compile:
  case DriverMode::Link:
    Args.push_back("-c");
    break;
  }
  if (!TU.HostOutput.empty())
    Args.insert(Args.end(), {"-o", TU.HostOutput});
}

Job PassCommandBuilder::hostPass(const TranslationUnit &TU) const {
  std::vector<std::string> Args = {"-x", "cuda", "--cuda-host-only"};
  // Only __CUDA_ARCH_LIST__ depends on it on the host side; keep it equal
  // to what the NVIDIA device passes use (CUDA mode rejects gfx targets).
  for (const std::string &T : Targets)
    if (!isAMDGPUTarget(T))
      Args.push_back("--offload-arch=" + T);
  addCommonOffloadArgs(Args, TU);
  Args.insert(Args.end(), {"-D__KALMAR_CPU__=1", "-D__HCC_CPU__=1"});
  addBackendMacro(Args, hostPassBackend(Targets));
  // The table of host globals kernels may use (docs/svm.md), under the name
  // the image registration stub refers to.
  if (!TC.PassPlugin.empty())
    Args.insert(Args.end(),
                {"-fpass-plugin=" + TC.PassPlugin, "-mllvm",
                 "-hcc-host-globals-table=" + hostGlobalsSymbol(TU.Cuid)});
  Args.insert(Args.end(), Opts.HostArgs.begin(), Opts.HostArgs.end());
  // After the user's flags so that -Weverything cannot bring it back: the
  // CUDA toolkit clang happens to find is none of our business.
  Args.push_back("-Wno-unknown-cuda-version");
  if (Opts.Shared && !Opts.UserPIC)
    Args.push_back("-fPIC");
  addModeAndOutput(Args, TU);
  Args.push_back(TU.Input->Path);
  return clangJob(std::move(Args));
}

bool PassCommandBuilder::userSetsLLVMOption(StringRef Name) const {
  for (const std::string &Arg : Opts.DeviceArgs) {
    StringRef Rest(Arg);
    if (Rest.consume_front("-") && Rest.consume_front(Name) &&
        (Rest.empty() || Rest.starts_with("=")))
      return true;
  }
  return false;
}

Job PassCommandBuilder::devicePass(const TranslationUnit &TU,
                                   size_t TargetIdx) const {
  const std::string &Target = Targets[TargetIdx];
  std::vector<std::string> Args =
      isAMDGPUTarget(Target)
          ? amdgpuDevicePassMode(Target)
          : std::vector<std::string>{"-x", "cuda", "--cuda-device-only",
                                     "--offload-arch=" + Target,
                                     "--cuda-feature=" + ptxFeatureFor(Target)};
  addCommonOffloadArgs(Args, TU);
  // The target's math library (libm has no device code): docs/math.md.
  addDeviceLibraryArgs(Target, TC, Args);
  // __GPU__: what the original hcc defined in its GPU device pass.
  Args.insert(Args.end(), {"-D__KALMAR_ACCELERATOR__=1",
                           "-D__HCC_ACCELERATOR__=1", "-D__GPU__=1"});
  addBackendMacro(Args, isAMDGPUTarget(Target) ? "HCC_BACKEND_AMDGPU"
                                               : "HCC_BACKEND_NVPTX");
  if (!TC.PassPlugin.empty()) {
    Args.push_back("-fpass-plugin=" + TC.PassPlugin);
    // Device functions across translation units (docs/driver.md).
    if (!Opts.DeviceLinking)
      Args.insert(Args.end(), {"-mllvm", "-hcc-device-linking=false"});
  }
  // Kernels are optimised even in a -O0 build unless the user asks
  // otherwise, as the original hcc and nvcc do: unoptimised PTX spills
  // everything to local memory and is many times slower.
  if (!Opts.UserOptLevel)
    Args.push_back("-O3");
  // Line tables let the runtime and profilers map PTX back to source.
  if (!Opts.UserDebug)
    Args.push_back("-gline-tables-only");
  // NVPTX: LLVM unrolls a loop partially only up to a quarter of its
  // full-unroll threshold (75); nvcc unrolls small loop bodies four to
  // eight times, which a GPU needs to overlap the latency of dependent
  // instructions when few warps run per multiprocessor (docs/driver.md).
  // The user's own value wins (an option given twice is an error).
  if (!isAMDGPUTarget(Target) &&
      !userSetsLLVMOption("unroll-partial-threshold"))
    Args.insert(Args.end(), {"-mllvm", "-unroll-partial-threshold=300"});
  Args.insert(Args.end(), Opts.DeviceArgs.begin(), Opts.DeviceArgs.end());
  // The host pass already showed the user's warnings once.
  Args.insert(Args.end(), {"-w", "-Wno-unknown-cuda-version"});
  if (Opts.Mode == DriverMode::SyntaxOnly) {
    Args.push_back("-fsyntax-only");
  } else {
    Args.insert(Args.end(), {"-S", "-o", TU.DeviceOutputs[TargetIdx]});
  }
  Args.push_back(TU.Input->Path);
  // Last, so that it overrides the user's -ffp-contract=fast or -ffast-math
  // (clang takes the last): docs/math.md.
  addDeviceFPContractArgs(Opts.DeviceArgs, Args);
  return clangJob(std::move(Args));
}

Job PassCommandBuilder::plainCompile(const TranslationUnit &TU) const {
  std::vector<std::string> Args;
  const InputFile &In = *TU.Input;
  // A .c file is C even though we run clang++ (which would otherwise
  // compile it as C++ with a deprecation warning).
  if (In.Kind == InputKind::CSource)
    Args.insert(Args.end(), {"-x", "c"});
  else if (!In.Language.empty())
    Args.insert(Args.end(), {"-x", In.Language});
  Args.insert(Args.end(), Opts.PlainArgs.begin(), Opts.PlainArgs.end());
  if (Opts.Shared && !Opts.UserPIC)
    Args.push_back("-fPIC");
  addModeAndOutput(Args, TU);
  Args.push_back(In.Path);
  return clangJob(std::move(Args));
}

Job PassCommandBuilder::imagesCompile(const TranslationUnit &TU) const {
  std::vector<std::string> Args = {"-x", "c"};
  Args.insert(Args.end(), Opts.HostTargetArgs.begin(),
              Opts.HostTargetArgs.end());
  // Always PIC: the same object may end up in a shared library.
  Args.insert(Args.end(), {"-fPIC", "-w", "-isystem", TC.IncludeDir, "-c",
                           TU.ImagesSource, "-o", TU.ImagesObject});
  return clangJob(std::move(Args));
}

Job PassCommandBuilder::relocatableLink(const TranslationUnit &TU) const {
  // One object per source, as the user expects from -c: ld -r merges the
  // host code and the registration stub without resolving anything else.
  std::vector<std::string> Args = {TC.Lld, "-r", TU.HostOutput,
                                   TU.ImagesObject, "-o", TU.Object};
  return Job{TC.Lld, std::move(Args)};
}

Job PassCommandBuilder::link(ArrayRef<std::string> ObjectForInput) const {
  std::vector<std::string> Args;
  for (const LinkItem &Item : Opts.LinkLine) {
    if (Item.InputIdx >= 0)
      Args.push_back(ObjectForInput[Item.InputIdx]);
    else
      Args.insert(Args.end(), Item.Flags.begin(), Item.Flags.end());
  }
  // After the user's libraries: with static archives, what they need from
  // the runtime is only known once they have been seen.
  Args.insert(Args.end(), {"-L" + TC.LibDir, "-Wl,-rpath," + TC.LibDir,
                           "-lhc_runtime", "-lpthread", "-ldl"});
  if (!Opts.Output.empty())
    Args.insert(Args.end(), {"-o", Opts.Output});
  if (Opts.Verbose)
    Args.push_back("-v");
  return clangJob(std::move(Args));
}

Job PassCommandBuilder::clangVersion(bool ToStdout) const {
  return clangJob({ToStdout ? "--version" : "-v"});
}

void computeDependencyNames(const DriverOptions &Opts, const InputFile &In,
                            TranslationUnit &TU) {
  if (!Opts.WantDepFile || Opts.Mode == DriverMode::Preprocess)
    return;
  if (!Opts.UserDepFile) {
    SmallString<256> Name;
    if (!Opts.Output.empty()) {
      Name = Opts.Output;
    } else {
      Name = sys::path::stem(In.Path);
      Name += ".o";
    }
    sys::path::replace_extension(Name, "d");
    TU.DepFile = std::string(Name);
  }
  if (!Opts.UserDepTarget) {
    if (!Opts.Output.empty()) {
      TU.DepTarget = Opts.Output;
    } else {
      SmallString<256> Name(sys::path::filename(In.Path));
      sys::path::replace_extension(Name, "o");
      TU.DepTarget = std::string(Name);
    }
  }
}

} // namespace hcc
