//===- ArgClassifier.cpp - Sort the user's arguments into passes ----------===//
//
// We parse with clang's own driver option table rather than a hand-written
// list: it is the only way to know, for each of clang's ~3600 options,
// whether it consumes the next argument (-MF file, -Xlinker x, -target t...)
// and which options are linker inputs. Getting that wrong would turn an
// option value into an input file. Options clang does not know come back as
// "unknown"; the historical hcc spellings are among them and are handled
// here, the rest are passed through so that clang diagnoses them.
//
//===----------------------------------------------------------------------===//

#include "ArgClassifier.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace llvm::opt;
namespace options = clang::options;

namespace hcc {

/// cc1 flags of the original hcc (ROCm/hcc's Clang fork), given as
/// -Xclang <flag>. Their features are always on (or meaningless) with our
/// Clang-based pipeline, so build scripts that still pass them keep working.
static const StringSet<> LegacyCC1Flags = {
    "-fauto-compile-for-accelerator", "-fno-auto-compile-for-accelerator",
    "-fhsa-enable",                   "-famp-is-device",
    "-famp-cpu",                      "-fhc-is-device",
};

/// Driver flags of the original hcc whose features are always on here.
static const StringSet<> LegacyDriverFlags = {
    "-hc-function-calls",
    "-amdgpu-function-calls",
};

/// Runtime libraries of the original hcc. Old makefiles and the output of the
/// original hcc-config name them; their job is done by libhc_runtime, which
/// the driver always links.
static const StringSet<> LegacyRuntimeLibs = {
    "mcwamp", "mcwamp_atomic", "mcwamp_cpu", "mcwamp_hsa",
    "mcwamp_opencl", "hc_am",
};

/// Options that only mean something to the linker. clang++ -c warns that
/// they are unused, so the compile passes must not see them.
static bool isLinkOnly(const Option &O) {
  if (O.hasFlag(options::LinkerInput))
    return true;
  static constexpr unsigned LinkOnlyIDs[] = {
      options::OPT_L,           options::OPT_shared,
      options::OPT_static_pie,  options::OPT_rdynamic,
      options::OPT_pie,         options::OPT_no_pie,
      options::OPT_nostartfiles, options::OPT_s,
      options::OPT_t,           options::OPT_rpath,
      options::OPT_static_libstdcxx, options::OPT_static_libgcc,
      options::OPT_shared_libgcc, options::OPT_fuse_ld_EQ,
      options::OPT_ld_path_EQ,  options::OPT_rtlib_EQ,
      options::OPT_unwindlib_EQ, options::OPT_u_Group,
      options::OPT_T_Group,     options::OPT_z,
      options::OPT_e,           options::OPT_r,
      options::OPT_Xlinker,     options::OPT_Wl_COMMA,
      options::OPT_l,
  };
  return any_of(LinkOnlyIDs, [&](unsigned ID) { return O.matches(ID); });
}

/// Options that break or make no sense in a device pass. Hardening flags
/// such as -fcf-protection are rejected for NVPTX ("cannot be specified on
/// this target").
static bool isHostOnly(const Option &O) {
  return O.matches(options::OPT_M_Group) ||
         O.matches(options::OPT_fcf_protection) ||
         O.matches(options::OPT_fcf_protection_EQ);
}

/// Options that decide which host target objects are built for.
static bool selectsHostTarget(const Option &O) {
  return O.matches(options::OPT_target) || O.matches(options::OPT_m32) ||
         O.matches(options::OPT_m64) || O.matches(options::OPT_mx32) ||
         O.matches(options::OPT__sysroot_EQ) ||
         O.matches(options::OPT_gcc_toolchain);
}

static bool isHccSourceExtension(StringRef Ext) {
  // Same spellings clang maps to C++ (case matters: .C is C++, .c is C).
  return is_contained({".cpp", ".cc", ".cxx", ".c++", ".C", ".cp", ".CPP",
                       ".CXX", ".CC"},
                      Ext);
}

static bool isOtherSourceExtension(StringRef Ext) {
  // What clang compiles but hcc does not offload: assembly, preprocessed
  // sources, Objective-C, LLVM IR, headers (precompiled headers).
  return is_contained({".s", ".S", ".sx", ".i", ".ii", ".m", ".mm", ".M",
                       ".ll", ".bc", ".h", ".hh", ".hpp", ".hxx", ".H",
                       ".cu", ".hip", ".cl"},
                      Ext);
}

static InputKind classifyInput(StringRef Path, StringRef Language) {
  if (!Language.empty()) {
    if (Language == "c++" || Language == "cuda" || Language == "hip")
      return InputKind::HccSource;
    if (Language == "c")
      return InputKind::CSource;
    return InputKind::OtherSource;
  }
  StringRef Ext = sys::path::extension(Path);
  if (isHccSourceExtension(Ext))
    return InputKind::HccSource;
  if (Ext == ".c")
    return InputKind::CSource;
  if (isOtherSourceExtension(Ext))
    return InputKind::OtherSource;
  // Like clang: anything unrecognised is handed to the linker.
  return InputKind::LinkerInput;
}

namespace {
/// Where one classified argument goes.
struct Routing {
  bool Host = false, Device = false, Plain = false, Link = false;
};
} // namespace

DriverOptions classifyArguments(ArrayRef<const char *> Argv) {
  DriverOptions Opts;
  const OptTable &Table = clang::getDriverOptTable();
  unsigned MissingIdx = 0, MissingCount = 0;
  InputArgList Args = Table.ParseArgs(Argv, MissingIdx, MissingCount,
                                      Visibility(options::ClangOption));
  if (MissingCount)
    Opts.Errors.push_back(("argument to '" + StringRef(Argv[MissingIdx]) +
                           "' is missing (expected " + Twine(MissingCount) +
                           " value" + (MissingCount == 1 ? "" : "s") + ")")
                              .str());

  // -mllvm reaches the link only when the link runs LTO code generation.
  bool LTO = false;
  if (Arg *Last = Args.getLastArg(options::OPT_flto, options::OPT_flto_EQ,
                                  options::OPT_fno_lto))
    LTO = !Last->getOption().matches(options::OPT_fno_lto);

  bool SawPreprocess = false, SawSyntaxOnly = false, SawAssemble = false,
       SawCompile = false;
  // The language mode: the later of -hc and -std=c++amp (or -famp) wins,
  // except that -hc directly followed by -std=c++amp, with no other -std=
  // between them, is hc mode: the original hcc-config printed that pair for
  // hc programs. So `hcc-config --cxxflags` followed by `hcc-config
  // --cxxflags --amp` (-hc -std=c++17 ... -std=c++amp) is C++ AMP mode.
  enum class ModeFlag { None, Hc, Amp, OtherStd };
  ModeFlag LastModeFlag = ModeFlag::None;
  LanguageMode Mode = Opts.Language;
  auto SawAmpFlag = [&] {
    if (LastModeFlag != ModeFlag::Hc && LastModeFlag != ModeFlag::Amp)
      Mode = LanguageMode::AMP;
    LastModeFlag = ModeFlag::Amp;
  };
  std::string Language; // Current -x value; empty for "by extension".

  std::vector<Arg *> Parsed(Args.begin(), Args.end());
  for (size_t I = 0; I < Parsed.size(); ++I) {
    Arg *A = Parsed[I];
    const Option &O = A->getOption();
    // Forward the user's own spelling (-DX=1 stays one word, --output=f
    // stays as written): the strings the parser consumed for this option
    // run up to where the next option starts. Empty strings are skipped,
    // as clang's parser skips them.
    unsigned End = I + 1 < Parsed.size() ? Parsed[I + 1]->getIndex()
                                         : static_cast<unsigned>(Argv.size());
    std::vector<std::string> Rendered;
    for (unsigned Idx = A->getIndex(); Idx < End; ++Idx)
      if (Argv[Idx] && *Argv[Idx])
        Rendered.push_back(Argv[Idx]);

    // Default: a compile flag that clang++ would also see at link time.
    // clang ignores compile-only flags when linking without a warning, and
    // link-relevant ones (-fsanitize=, -fopenmp, -flto, -m32...) need it.
    Routing R{true, true, true, true};

    if (O.matches(options::OPT_INPUT)) {
      StringRef Path = A->getValue();
      Opts.Inputs.push_back({Path.str(), classifyInput(Path, Language),
                             Language});
      LinkItem Item;
      Item.InputIdx = static_cast<int>(Opts.Inputs.size() - 1);
      Opts.LinkLine.push_back(std::move(Item));
      continue;
    }

    if (O.matches(options::OPT_UNKNOWN)) {
      StringRef Spelling = A->getValue();
      if (Spelling == "-hc") {
        Mode = LanguageMode::HC;
        LastModeFlag = ModeFlag::Hc;
        continue;
      }
      // The original hcc's C++ AMP switch (what -std=c++amp implies).
      if (Spelling == "-famp") {
        SawAmpFlag();
        continue;
      }
      // The original hcc's switches for real function calls in AMDGPU
      // kernels (instead of inlining everything): device code here always
      // has them.
      if (LegacyDriverFlags.contains(Spelling))
        continue;
      // Offloaded standard parallel algorithms. Not clang's --hipstdpar
      // driver flag, which would look for rocThrust's headers.
      if (Spelling == "--stdpar") {
        Opts.Stdpar = true;
        continue;
      }
      // The original hcc's target flag; routed through the same validation
      // as --offload-arch so that gfx* gives the AMDGPU message.
      // "--offload-arch sm_80": clang only has the joined form, but the
      // separate one is an easy slip and the value would become an input.
      if (Spelling == "--offload-arch" && I + 1 < Parsed.size() &&
          Parsed[I + 1]->getOption().matches(options::OPT_INPUT)) {
        Opts.OffloadArchs.push_back(Parsed[++I]->getValue());
        continue;
      }
      if (Spelling.consume_front("--amdgpu-target=") ||
          Spelling.consume_front("-amdgpu-target=")) {
        Opts.OffloadArchs.push_back(Spelling.str());
        continue;
      }
      // Unknown to clang too: pass it on so that clang reports it.
    } else if (O.matches(options::OPT_x)) {
      Language = A->getValue();
      if (Language == "none")
        Language.clear();
      continue;
    } else if (O.matches(options::OPT_o)) {
      Opts.Output = A->getValue();
      continue;
    } else if (O.matches(options::OPT_E)) {
      SawPreprocess = true;
      continue;
    } else if (O.matches(options::OPT_fsyntax_only)) {
      SawSyntaxOnly = true;
      continue;
    } else if (O.matches(options::OPT_S)) {
      SawAssemble = true;
      continue;
    } else if (O.matches(options::OPT_c)) {
      SawCompile = true;
      continue;
    } else if (O.matches(options::OPT__HASH_HASH_HASH)) {
      Opts.PrintOnly = true;
      continue;
    } else if (O.matches(options::OPT_v)) {
      // Our -v: show the commands. Forwarding it would make every clang
      // print its own version and cc1 line, which buries ours.
      Opts.Verbose = true;
      continue;
    } else if (O.matches(options::OPT__version)) {
      Opts.PrintVersion = true;
      continue;
    } else if (O.matches(options::OPT_help)) {
      Opts.PrintHelp = true;
      continue;
    } else if (O.matches(options::OPT_save_temps) ||
               O.matches(options::OPT_save_temps_EQ)) {
      Opts.SaveTemps = true;
      // Plain -save-temps is an alias of -save-temps=cwd in clang; ours
      // keeps the files next to the output unless =cwd is spelled out.
      const Arg *Spelled = A->getAlias() ? A->getAlias() : A;
      Opts.SaveTempsInCwd = Spelled->getOption().matches(
                                options::OPT_save_temps_EQ) &&
                            StringRef(Spelled->getValue()) == "cwd" &&
                            !A->getAlias();
      continue;
    } else if (O.matches(options::OPT_offload_arch_EQ)) {
      for (const char *V : A->getValues())
        Opts.OffloadArchs.push_back(V);
      continue;
    } else if (O.matches(options::OPT_no_offload_arch_EQ)) {
      Opts.Warnings.push_back("'" + A->getAsString(Args) +
                              "' is not supported by hcc and is ignored");
      continue;
    } else if (O.matches(options::OPT_fno_gpu_rdc)) {
      Opts.DeviceLinking = false;
      continue;
    } else if (O.matches(options::OPT_fgpu_rdc)) {
      Opts.DeviceLinking = true;
      continue;
    } else if (O.matches(options::OPT_std_EQ)) {
      StringRef Std = A->getValue();
      if (Std == "c++amp") {
        SawAmpFlag();
        Rendered = {"-std=c++17"};
      } else {
        LastModeFlag = ModeFlag::OtherStd;
      }
      // A C standard only fits C sources and a C++ one only C++ sources;
      // clang++ would reject the other combination outright.
      bool IsCxx = Std.contains("++") || Std == "c++amp";
      R = {IsCxx, IsCxx, !IsCxx, false};
    } else if (O.matches(options::OPT_Xclang)) {
      StringRef Flag = A->getValue();
      if (Flag == "-fhsa-ext" || Flag == "-fno-hsa-ext") {
        Opts.HsaExtensions = Flag == "-fhsa-ext";
        continue;
      }
      if (LegacyCC1Flags.contains(Flag))
        continue;
      R.Link = false;
    } else if (O.matches(options::OPT_mllvm)) {
      R.Link = LTO;
    } else if (O.matches(options::OPT_cuid_EQ)) {
      Opts.UserCuid = true;
      R = {true, true, false, false};
    } else if (O.matches(options::OPT_l) &&
               LegacyRuntimeLibs.contains(A->getValue())) {
      continue;
    } else if (isLinkOnly(O)) {
      if (O.matches(options::OPT_shared))
        Opts.Shared = true;
      R = {false, false, false, true};
    } else if (O.matches(options::OPT_M_Group)) {
      if (O.matches(options::OPT_M) || O.matches(options::OPT_MM))
        SawPreprocess = true;
      if (O.matches(options::OPT_MD) || O.matches(options::OPT_MMD))
        Opts.WantDepFile = true;
      if (O.matches(options::OPT_MF))
        Opts.UserDepFile = true;
      if (O.matches(options::OPT_MT) || O.matches(options::OPT_MQ))
        Opts.UserDepTarget = true;
      R = {true, false, true, false};
    } else if (O.matches(options::OPT_Preprocessor_Group)) {
      R.Link = false;
    } else {
      if (O.matches(options::OPT_fPIC) || O.matches(options::OPT_fpic))
        Opts.UserPIC = true;
      if (O.matches(options::OPT_g_Group))
        Opts.UserDebug = true;
      if (O.matches(options::OPT_O_Group))
        Opts.UserOptLevel = true;
      if (isHostOnly(O))
        R.Device = false;
      if (selectsHostTarget(O))
        Opts.HostTargetArgs.insert(Opts.HostTargetArgs.end(),
                                   Rendered.begin(), Rendered.end());
    }

    auto Append = [&](std::vector<std::string> &To) {
      To.insert(To.end(), Rendered.begin(), Rendered.end());
    };
    if (R.Host)
      Append(Opts.HostArgs);
    if (R.Device)
      Append(Opts.DeviceArgs);
    if (R.Plain)
      Append(Opts.PlainArgs);
    if (R.Link) {
      // Merge consecutive flags into one item to keep the list short.
      if (Opts.LinkLine.empty() || Opts.LinkLine.back().InputIdx >= 0)
        Opts.LinkLine.emplace_back();
      Append(Opts.LinkLine.back().Flags);
    }
  }

  // clang stops at the earliest phase requested, whatever the order.
  if (SawPreprocess)
    Opts.Mode = DriverMode::Preprocess;
  else if (SawSyntaxOnly)
    Opts.Mode = DriverMode::SyntaxOnly;
  else if (SawAssemble)
    Opts.Mode = DriverMode::Assemble;
  else if (SawCompile)
    Opts.Mode = DriverMode::Compile;

  Opts.Language = Mode;
  return Opts;
}

} // namespace hcc
