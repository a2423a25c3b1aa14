//===- OffloadTargets.cpp - Which device images to build ------------------===//
//
// We validate targets ourselves instead of letting clang do it: AMDGPU
// targets are valid for clang but our driver has no AMD image path yet, and
// we need our own table anyway to pick the PTX version per target (see
// ptxFeatureFor). A clear message up front beats one error per TU.
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

std::optional<std::vector<std::string>>
resolveOffloadTargets(const OffloadArchRequest &Request, std::string &Error) {
  SmallVector<StringRef, 8> Words;
  for (const std::string &Value : Request.Values) {
    // Accept "sm_80,sm_90" (clang's syntax) and "sm_80 sm_90" (what people
    // write in environment variables).
    SmallVector<StringRef, 8> Pieces;
    SplitString(Value, Pieces, ", \t");
    append_range(Words, Pieces);
  }

  std::vector<std::string> Targets;
  bool SawNone = false;
  for (StringRef Word : Words) {
    if (Word == "none") {
      SawNone = true;
      continue;
    }
    if (Word.starts_with("gfx")) {
      Error = ("AMDGPU target '" + Word +
               "' is not supported yet (AMD backend not implemented)")
                  .str();
      return std::nullopt;
    }
    if (!isNVPTXTarget(Word)) {
      Error = ("unknown offload target '" + Word + "' in " + Request.Origin +
               " (expected an NVIDIA target such as sm_80 or sm_90, or "
               "'none' for a CPU-only build)")
                  .str();
      return std::nullopt;
    }
    if (!is_contained(Targets, Word))
      Targets.push_back(Word.str());
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
