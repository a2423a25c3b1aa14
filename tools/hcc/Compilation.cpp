//===- Compilation.cpp - One run of the driver, step by step --------------===//

#include "Compilation.h"

#include "ImageEmbedder.h"
#include "OffloadTargets.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

using namespace llvm;

namespace hcc {

static void error(const Twine &Message) {
  errs() << "hcc: error: " << Message << "\n";
}

static bool isSource(const InputFile &In) {
  return In.Kind != InputKind::LinkerInput;
}

Compilation::Compilation(const DriverOptions &Opts, const Toolchain &TC)
    : Opts(Opts), TC(TC) {}

bool Compilation::checkInputs() {
  size_t Sources = count_if(Opts.Inputs, isSource);
  // clang's rule and message: one -o cannot name several outputs.
  if (!Opts.Output.empty() && Sources > 1 &&
      (Opts.Mode == DriverMode::Compile || Opts.Mode == DriverMode::Assemble ||
       Opts.Mode == DriverMode::Preprocess)) {
    error("cannot specify -o when generating multiple output files");
    return false;
  }

  bool OK = true;
  for (const InputFile &In : Opts.Inputs) {
    if (In.Path == "-") {
      // Every C++ source is read twice (host and device pass), which a
      // pipe cannot do; preprocessing reads it once.
      if (In.Kind == InputKind::HccSource &&
          Opts.Mode != DriverMode::Preprocess) {
        error("reading a C++ source from standard input is only supported "
              "with -E");
        OK = false;
      }
      continue;
    }
    if (!sys::fs::exists(In.Path)) {
      error("no such file or directory: '" + In.Path + "'");
      OK = false;
    } else if (In.Kind == InputKind::LinkerInput &&
               Opts.Mode != DriverMode::Link) {
      errs() << "hcc: warning: " << In.Path
             << ": 'linker' input unused [-Wunused-command-line-argument]\n";
    }
  }
  return OK;
}

bool Compilation::resolveTargets(std::vector<std::string> &Targets) {
  if (none_of(Opts.Inputs, [](const InputFile &In) {
        return In.Kind == InputKind::HccSource;
      }))
    return true;

  OffloadArchRequest Request;
  if (!Opts.OffloadArchs.empty()) {
    Request = {Opts.OffloadArchs, "--offload-arch"};
  } else if (std::optional<std::string> Env =
                 sys::Process::GetEnv("HCC_OFFLOAD_ARCH");
             Env && !StringRef(*Env).trim().empty()) {
    Request = {{*Env}, "HCC_OFFLOAD_ARCH"};
  } else {
    Request = {{DefaultOffloadArch}, "the default target"};
  }
  std::string Error;
  std::optional<std::vector<std::string>> Resolved =
      resolveOffloadTargets(Request, Error);
  if (!Resolved) {
    error(Error);
    return false;
  }
  Targets = std::move(*Resolved);

  // The original hcc's HCC_AMDGPU_TARGET adds AMDGPU images beside the
  // targets above; a CPU-only request ('none') stays CPU-only.
  std::optional<std::string> AMDGPUEnv =
      sys::Process::GetEnv("HCC_AMDGPU_TARGET");
  if (AMDGPUEnv && !StringRef(*AMDGPUEnv).trim().empty() && !Targets.empty()) {
    std::optional<std::vector<std::string>> AMDGPU =
        resolveAMDGPUTargetVariable(*AMDGPUEnv, Error);
    if (!AMDGPU) {
      error(Error);
      return false;
    }
    for (std::string &T : *AMDGPU)
      if (!is_contained(Targets, T))
        Targets.push_back(std::move(T));
  }
  return true;
}

int Compilation::execute(const Job &J) {
  if (Opts.PrintOnly || Opts.Verbose)
    printJob(errs(), J);
  if (Opts.PrintOnly)
    return 0;
  return runJob(J);
}

std::string Compilation::userVisibleOutput(const InputFile &In) const {
  if (!Opts.Output.empty())
    return Opts.Output;
  SmallString<128> Name(sys::path::filename(In.Path));
  switch (Opts.Mode) {
  case DriverMode::Compile:
    sys::path::replace_extension(Name, "o");
    return std::string(Name);
  case DriverMode::Assemble:
    sys::path::replace_extension(Name, "s");
    return std::string(Name);
  case DriverMode::Link:
    return "a.out";
  case DriverMode::Preprocess:
  case DriverMode::SyntaxOnly:
    return "";
  }
  return "";
}

std::string Compilation::intermediate(StringRef Stem, size_t Idx,
                                      StringRef Suffix) {
  if (!Opts.SaveTemps)
    return Temps.file((Stem + "-" + Twine(Idx) + "-" + Suffix).str());
  // -save-temps: readable names next to the output, as the user will look
  // for them there. Not the clang-style <stem>.o, which could overwrite an
  // object of the user's.
  SmallString<256> P(SaveTempsDir);
  sys::path::append(P, Stem + "-hcc-" + Suffix);
  KeptFiles.push_back(std::string(P));
  return std::string(P);
}

int Compilation::embedImages(TranslationUnit &TU) {
  if (TC.Lld.empty()) {
    error("cannot find ld.lld (looked next to '" + TC.Clang +
          "', in the LLVM tools directory and on PATH)");
    return 1;
  }

  if (Opts.PrintOnly) {
    errs() << "# hcc: write \"" << TU.ImagesSource << "\", embedding";
    for (size_t I = 0; I < Builder->targets().size(); ++I)
      errs() << " " << Builder->targets()[I] << "=\""
             << Builder->deviceImage(TU, I) << "\"";
    errs() << "\n";
  } else {
    std::vector<DeviceImage> Images;
    for (size_t I = 0; I < Builder->targets().size(); ++I) {
      const std::string &Image = Builder->deviceImage(TU, I);
      uint64_t Size = 0;
      if (std::error_code EC = sys::fs::file_size(Image, Size)) {
        error("cannot read device image '" + Image + "': " + EC.message());
        return 1;
      }
      // Absolute: the assembler resolves .incbin against its own working
      // directory and include path, not against ours.
      SmallString<256> Path(Image);
      sys::fs::make_absolute(Path);
      Images.push_back({Builder->targets()[I], std::string(Path), Size});
    }
    std::error_code EC;
    raw_fd_ostream OS(TU.ImagesSource, EC, sys::fs::OF_Text);
    if (EC) {
      error("cannot write '" + TU.ImagesSource + "': " + EC.message());
      return 1;
    }
    OS << renderImageRegistration(TU.Input->Path, TU.Cuid, Images);
    OS.close();
    if (OS.has_error()) {
      error("cannot write '" + TU.ImagesSource + "': " +
            OS.error().message());
      OS.clear_error();
      return 1;
    }
    if (Opts.Verbose)
      errs() << "# hcc: wrote \"" << TU.ImagesSource << "\"\n";
  }

  if (int RC = execute(Builder->imagesCompile(TU)))
    return RC;
  return execute(Builder->relocatableLink(TU));
}

/// True if some device pass output defines a kernel (PTX: `.entry`; AMDGPU
/// assembly: `.amdhsa_kernel`) or a device function other images may call
/// (PTX: `.visible .func` / `.weak .func`, docs/driver.md, "Device
/// functions across translation units"). Anything else in an image is
/// unreachable: the device pass prunes everything but these and what they
/// reach, so such images are empty; without the pass plugin they hold
/// unreachable host code.
static bool anyImageIsUsable(ArrayRef<std::string> Paths) {
  for (const std::string &Path : Paths) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> Buffer =
        MemoryBuffer::getFile(Path, /*IsText=*/true);
    // Unreadable: let the embedding step report it.
    if (!Buffer)
      return true;
    StringRef Text = (*Buffer)->getBuffer();
    if (Text.contains(".entry") || Text.contains(".amdhsa_kernel ") ||
        Text.contains(".visible .func") || Text.contains(".weak .func"))
      return true;
  }
  return false;
}

/// Moves \p From to \p To, copying where a rename cannot (another file
/// system for -c -o /elsewhere/x.o).
static int renameOrCopy(StringRef From, StringRef To) {
  if (From == To || !sys::fs::rename(From, To))
    return 0;
  if (std::error_code EC = sys::fs::copy_file(From, To)) {
    error("cannot write '" + To + "': " + EC.message());
    return 1;
  }
  return 0;
}

int Compilation::compileHccSource(TranslationUnit &TU) {
  // The host pass runs first so that ordinary errors are reported once,
  // by it; a device pass only adds what is specific to device code.
  if (int RC = execute(Builder->hostPass(TU)))
    return RC;
  if (Opts.Mode == DriverMode::Preprocess || Opts.Mode == DriverMode::Assemble)
    return 0;

  for (size_t I = 0; I < Builder->targets().size(); ++I)
    if (int RC = execute(Builder->devicePass(TU, I)))
      return RC;
  if (Opts.Mode == DriverMode::SyntaxOnly || Builder->targets().empty())
    return 0;
  // AMDGPU assembly becomes a code object (AMDGPUCommands.cpp).
  for (size_t I = 0; I < Builder->targets().size(); ++I) {
    if (TU.DeviceCodeObjects[I].empty())
      continue;
    if (int RC = execute(Builder->amdgpuAssemble(TU, I)))
      return RC;
    if (int RC = execute(Builder->amdgpuLink(TU, I)))
      return RC;
  }
  if (!Opts.PrintOnly && !anyImageIsUsable(TU.DeviceOutputs)) {
    // Most sources of a large program launch nothing: no image, no stub,
    // no merge. The host object is the result.
    if (Opts.Verbose)
      errs() << "# hcc: no kernels or exported device functions in \""
             << TU.Input->Path << "\": nothing to embed\n";
    return renameOrCopy(TU.HostOutput, TU.Object);
  }
  return embedImages(TU);
}

int Compilation::compileInput(size_t Idx, std::string &Object) {
  const InputFile &In = Opts.Inputs[Idx];
  if (In.Kind == InputKind::LinkerInput) {
    Object = In.Path;
    return 0;
  }

  TranslationUnit TU;
  TU.Input = &In;
  std::string Stem = std::string(sys::path::stem(In.Path));
  if (In.Path == "-")
    Stem = "stdin";
  std::string Visible = userVisibleOutput(In);

  // Hash of where the source is and where its output goes: stable from
  // build to build (reproducible objects), distinct between TUs.
  SmallString<256> AbsInput(In.Path);
  sys::fs::make_absolute(AbsInput);
  TU.Cuid = utohexstr(xxh3_64bits((AbsInput + Twine('\0') + Visible).str()),
                      /*LowerCase=*/true);

  bool Offloaded = In.Kind == InputKind::HccSource;
  bool Embeds = Offloaded && !Builder->targets().empty() &&
                (Opts.Mode == DriverMode::Compile ||
                 Opts.Mode == DriverMode::Link);

  switch (Opts.Mode) {
  case DriverMode::Preprocess:
  case DriverMode::Assemble:
    TU.HostOutput = Visible;
    break;
  case DriverMode::SyntaxOnly:
    break;
  case DriverMode::Compile:
  case DriverMode::Link:
    TU.Object = Opts.Mode == DriverMode::Compile
                    ? Visible
                    : intermediate(Stem, Idx, "object.o");
    TU.HostOutput = Embeds ? intermediate(Stem, Idx, "host.o") : TU.Object;
    break;
  }
  if (Offloaded && Opts.Mode != DriverMode::SyntaxOnly) {
    for (const std::string &Target : Builder->targets()) {
      bool AMDGPU = isAMDGPUTarget(Target);
      TU.DeviceOutputs.push_back(
          intermediate(Stem, Idx, Target + (AMDGPU ? ".s" : ".ptx")));
      TU.DeviceObjects.push_back(
          AMDGPU ? intermediate(Stem, Idx, Target + ".o") : "");
      TU.DeviceCodeObjects.push_back(
          AMDGPU ? intermediate(Stem, Idx, Target + ".hsaco") : "");
    }
  }
  if (Embeds) {
    TU.ImagesSource = intermediate(Stem, Idx, "images.c");
    TU.ImagesObject = intermediate(Stem, Idx, "images.o");
  }
  computeDependencyNames(Opts, In, TU);

  int RC = Offloaded ? compileHccSource(TU)
                     : execute(Builder->plainCompile(TU));
  Object = TU.Object;
  return RC;
}

int Compilation::run() {
  if (!checkInputs())
    return 1;
  std::vector<std::string> Targets;
  if (!resolveTargets(Targets))
    return 1;
  Builder = std::make_unique<PassCommandBuilder>(Opts, TC, Targets);

  if (Opts.SaveTemps) {
    SmallString<256> Dir(".");
    if (!Opts.SaveTempsInCwd && !Opts.Output.empty() &&
        sys::path::has_parent_path(Opts.Output))
      Dir = sys::path::parent_path(Opts.Output);
    SaveTempsDir = std::string(Dir);
  } else {
    std::string Error;
    if (!Temps.create(Error)) {
      error(Error);
      return 1;
    }
  }

  if (any_of(Opts.Inputs, [](const InputFile &In) {
        return In.Kind == InputKind::HccSource;
      }) &&
      !sys::fs::exists(TC.Prelude)) {
    error("cannot find '" + TC.Prelude +
          "': is hcc installed correctly (prefix '" + TC.Prefix + "')?");
    return 1;
  }

  // Like clang, keep compiling the other sources after a failure so that
  // all errors are seen in one run, but do not link.
  int FirstFailure = 0;
  std::vector<std::string> Objects(Opts.Inputs.size());
  for (size_t I = 0; I < Opts.Inputs.size(); ++I) {
    int RC = compileInput(I, Objects[I]);
    if (RC && !FirstFailure)
      FirstFailure = RC;
  }

  if (!FirstFailure && Opts.Mode == DriverMode::Link)
    FirstFailure = execute(Builder->link(Objects));

  if (Opts.SaveTemps && !KeptFiles.empty() && !Opts.PrintOnly) {
    errs() << "hcc: -save-temps: intermediate files kept in '" << SaveTempsDir
           << "':";
    for (const std::string &F : KeptFiles)
      if (sys::fs::exists(F))
        errs() << " " << sys::path::filename(F);
    errs() << "\n";
  }
  return FirstFailure;
}

} // namespace hcc
