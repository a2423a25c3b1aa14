//===- OffloadTargets.cpp - Which device images to build ------------------===//
//
// We validate targets ourselves instead of letting clang do it: we need our
// own tables anyway (the PTX version per NVIDIA target, see ptxFeatureFor;
// the target-id features each AMDGPU processor has), and a clear message up
// front beats one error per TU and per device pass.
//
//===----------------------------------------------------------------------===//

#include "OffloadTargets.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace llvm;

namespace hcc {

namespace {
struct NVPTXArch {
  const char *Name;
  /// The oldest PTX ISA version (times ten) that has the target.
  unsigned MinPTX;
};
} // namespace

// NVIDIA targets that Clang 22's NVPTX backend compiles, with the oldest PTX
// ISA that has each of them (found by compiling a kernel for each target
// with decreasing --cuda-feature=+ptxNN).
static constexpr NVPTXArch NVPTXArchs[] = {
    {"sm_20", 32},   {"sm_21", 32},   {"sm_30", 32},   {"sm_32", 40},
    {"sm_35", 32},   {"sm_37", 41},   {"sm_50", 40},   {"sm_52", 41},
    {"sm_53", 42},   {"sm_60", 50},   {"sm_61", 50},   {"sm_62", 50},
    {"sm_70", 60},   {"sm_72", 61},   {"sm_75", 63},   {"sm_80", 70},
    {"sm_86", 71},   {"sm_87", 74},   {"sm_88", 90},   {"sm_89", 78},
    {"sm_90", 78},   {"sm_90a", 80},  {"sm_100", 86},  {"sm_100a", 86},
    {"sm_101", 86},  {"sm_101a", 86}, {"sm_103", 88},  {"sm_103a", 88},
    {"sm_110", 90},  {"sm_110a", 90}, {"sm_120", 87},  {"sm_120a", 87},
    {"sm_121", 88},  {"sm_121a", 88},
};

/// PTX 7.8 (CUDA 11.8) is the floor: it is what sm_90 needs, every driver
/// that runs an H100 reads it, and it keeps the instruction set the backend
/// may use the same for all older targets.
static constexpr unsigned PTXFloor = 78;

static const NVPTXArch *findNVPTXArch(StringRef Arch) {
  for (const NVPTXArch &A : NVPTXArchs)
    if (Arch == A.Name)
      return &A;
  return nullptr;
}

bool isNVPTXTarget(StringRef Arch) { return findNVPTXArch(Arch) != nullptr; }

std::string ptxFeatureFor(StringRef Arch) {
  const NVPTXArch *A = findNVPTXArch(Arch);
  unsigned Version = A ? std::max(A->MinPTX, PTXFloor) : PTXFloor;
  return "+ptx" + std::to_string(Version);
}

namespace {
/// An AMDGPU processor that ROCr runs (HSA: gfx7 and newer) and Clang 22's
/// AMDGPU backend compiles, with the target-id features it has.
struct AMDGPUArch {
  const char *Name;
  bool Xnack;
  bool Sramecc;
};
} // namespace

// From `llc -mtriple=amdgcn-amd-amdhsa -mcpu=help` (LLVM 22) and LLVM's
// AMDGPUUsage table of target features. Not here: gfx6 (no HSA), and the
// "generic" processors (gfx9-generic, ...), which need code object version
// 6 while hcc emits version 5 (see PassCommands.cpp).
static constexpr AMDGPUArch AMDGPUArchs[] = {
    {"gfx700", false, false},  {"gfx701", false, false},
    {"gfx702", false, false},  {"gfx703", false, false},
    {"gfx704", false, false},  {"gfx705", false, false},
    {"gfx801", true, false},   {"gfx802", false, false},
    {"gfx803", false, false},  {"gfx805", false, false},
    {"gfx810", true, false},   {"gfx900", true, false},
    {"gfx902", true, false},   {"gfx904", true, false},
    {"gfx906", true, true},    {"gfx908", true, true},
    {"gfx909", true, false},   {"gfx90a", true, true},
    {"gfx90c", true, false},   {"gfx942", true, true},
    {"gfx950", true, true},    {"gfx1010", true, false},
    {"gfx1011", true, false},  {"gfx1012", true, false},
    {"gfx1013", true, false},  {"gfx1030", false, false},
    {"gfx1031", false, false}, {"gfx1032", false, false},
    {"gfx1033", false, false}, {"gfx1034", false, false},
    {"gfx1035", false, false}, {"gfx1036", false, false},
    {"gfx1100", false, false}, {"gfx1101", false, false},
    {"gfx1102", false, false}, {"gfx1103", false, false},
    {"gfx1150", false, false}, {"gfx1151", false, false},
    {"gfx1152", false, false}, {"gfx1153", false, false},
    {"gfx1200", false, false}, {"gfx1201", false, false},
    {"gfx1250", false, false}, {"gfx1251", false, false},
};

static const AMDGPUArch *findAMDGPUArch(StringRef Processor) {
  for (const AMDGPUArch &A : AMDGPUArchs)
    if (Processor == A.Name)
      return &A;
  return nullptr;
}

bool isAMDGPUTarget(StringRef Arch) { return Arch.starts_with("gfx"); }

StringRef amdgpuProcessor(StringRef TargetId) {
  return TargetId.split(':').first;
}

/// Checks an AMDGPU target id ("gfx90a", "gfx90a:xnack+", ...) and returns
/// it in Clang's canonical spelling (features sorted by name), so that
/// "gfx90a:xnack-:sramecc+" and "gfx90a:sramecc+:xnack-" are one target.
/// A feature left out means "any": the image runs with either setting.
static std::optional<std::string>
canonicalAMDGPUTarget(StringRef Word, StringRef Origin, std::string &Error) {
  SmallVector<StringRef, 4> Parts;
  Word.split(Parts, ':');
  const AMDGPUArch *A = findAMDGPUArch(Parts.front());
  if (!A) {
    Error = ("unknown AMDGPU target '" + Word + "' in " + Origin +
             " (expected an HSA processor such as gfx90a, gfx942 or gfx1100, "
             "optionally with :xnack+/- and :sramecc+/-)")
                .str();
    return std::nullopt;
  }
  std::string Sramecc, Xnack;
  for (StringRef Feature : ArrayRef(Parts).drop_front()) {
    bool Signed = Feature.ends_with("+") || Feature.ends_with("-");
    StringRef Name = Signed ? Feature.drop_back() : Feature;
    std::string *Slot = Name == "xnack"     ? &Xnack
                        : Name == "sramecc" ? &Sramecc
                                            : nullptr;
    bool Supported = Name == "xnack" ? A->Xnack : A->Sramecc;
    if (!Signed || !Slot) {
      Error = ("invalid target-id feature '" + Feature + "' in '" + Word +
               "' (expected xnack+, xnack-, sramecc+ or sramecc-)")
                  .str();
      return std::nullopt;
    }
    if (!Supported) {
      Error = ("AMDGPU target '" + Word + "': " + Parts.front() +
               " has no '" + Name + "' setting")
                  .str();
      return std::nullopt;
    }
    if (!Slot->empty()) {
      Error = ("AMDGPU target '" + Word + "' names '" + Name + "' twice").str();
      return std::nullopt;
    }
    *Slot = Feature.str();
  }
  std::string Canonical = Parts.front().str();
  if (!Sramecc.empty())
    Canonical += ":" + Sramecc;
  if (!Xnack.empty())
    Canonical += ":" + Xnack;
  return Canonical;
}

/// Splits "a,b c" lists (clang's commas and the spaces people write in
/// environment variables) into words.
static SmallVector<StringRef, 8> splitTargetList(ArrayRef<std::string> Values) {
  SmallVector<StringRef, 8> Words;
  for (const std::string &Value : Values) {
    SmallVector<StringRef, 8> Pieces;
    SplitString(Value, Pieces, ", \t");
    append_range(Words, Pieces);
  }
  return Words;
}

std::optional<std::vector<std::string>>
resolveAMDGPUTargetVariable(StringRef Value, std::string &Error) {
  std::vector<std::string> Values = {Value.str()}; // Words point into it.
  std::vector<std::string> Targets;
  for (StringRef Word : splitTargetList(Values)) {
    if (!isAMDGPUTarget(Word)) {
      Error = ("HCC_AMDGPU_TARGET names '" + Word +
               "', which is not an AMDGPU target (gfx...); NVIDIA targets "
               "go in --offload-arch or HCC_OFFLOAD_ARCH")
                  .str();
      return std::nullopt;
    }
    std::optional<std::string> Canonical =
        canonicalAMDGPUTarget(Word, "HCC_AMDGPU_TARGET", Error);
    if (!Canonical)
      return std::nullopt;
    if (!is_contained(Targets, *Canonical))
      Targets.push_back(std::move(*Canonical));
  }
  return Targets;
}

std::optional<std::vector<std::string>>
resolveOffloadTargets(const OffloadArchRequest &Request, std::string &Error) {
  SmallVector<StringRef, 8> Words = splitTargetList(Request.Values);

  std::vector<std::string> Targets;
  bool SawNone = false;
  for (StringRef Word : Words) {
    if (Word == "none") {
      SawNone = true;
      continue;
    }
    std::string Target;
    if (isAMDGPUTarget(Word)) {
      std::optional<std::string> Canonical =
          canonicalAMDGPUTarget(Word, Request.Origin, Error);
      if (!Canonical)
        return std::nullopt;
      Target = std::move(*Canonical);
    } else if (isNVPTXTarget(Word)) {
      Target = Word.str();
    } else {
      Error = ("unknown offload target '" + Word + "' in " + Request.Origin +
               " (expected an NVIDIA target such as sm_80 or sm_90, an "
               "AMDGPU target such as gfx90a or gfx1100, or 'none' for a "
               "CPU-only build)")
                  .str();
      return std::nullopt;
    }
    if (!is_contained(Targets, Target))
      Targets.push_back(std::move(Target));
  }

  if (SawNone && !Targets.empty()) {
    Error = "offload target 'none' cannot be combined with other targets "
            "in " + Request.Origin;
    return std::nullopt;
  }
  if (!SawNone && Targets.empty()) {
    Error = "no offload target given in " + Request.Origin +
            " (use 'none' for a CPU-only build)";
    return std::nullopt;
  }
  return Targets;
}

} // namespace hcc
