//===- PassCommands.h - The commands hcc runs for each step -----*- C++ -*-===//
//
// Builds, without running anything, the command lines of the host pass, the
// device passes, the registration stub, the relocatable merge and the link.
// Keeping construction apart from execution is what lets -### print exactly
// what a normal run executes.
//
//===----------------------------------------------------------------------===//

#ifndef HCC_DRIVER_PASSCOMMANDS_H
#define HCC_DRIVER_PASSCOMMANDS_H

#include "DriverOptions.h"
#include "Jobs.h"
#include "Toolchain.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>
#include <vector>

namespace hcc {

/// The files of one source input as they flow through the steps.
struct TranslationUnit {
  const InputFile *Input = nullptr;
  std::string Cuid;
  /// Output of the host pass (or of the single compile of a C/other
  /// source); empty means clang's default (stdout for -E).
  std::string HostOutput;
  /// Output of each target's device pass: PTX text, or AMDGPU assembly.
  std::vector<std::string> DeviceOutputs;
  /// AMDGPU targets only (empty strings for NVIDIA ones): the assembled
  /// relocatable object and the linked code object (HSACO).
  std::vector<std::string> DeviceObjects, DeviceCodeObjects;
  std::string ImagesSource;               ///< Generated registration C.
  std::string ImagesObject;
  std::string Object; ///< The finished object (-c output or link input).
  /// Dependency file and target, spelled out because the host pass writes
  /// to a temporary (see DriverOptions::WantDepFile). Empty: not needed.
  std::string DepFile, DepTarget;
};

class PassCommandBuilder {
public:
  PassCommandBuilder(const DriverOptions &Opts, const Toolchain &TC,
                     std::vector<std::string> Targets);

  const std::vector<std::string> &targets() const { return Targets; }

  Job hostPass(const TranslationUnit &TU) const;
  Job devicePass(const TranslationUnit &TU, size_t TargetIdx) const;
  /// AMDGPU targets: assembles the device pass's output into a relocatable
  /// object, then links it into the code object ROCr loads
  /// (AMDGPUCommands.cpp).
  Job amdgpuAssemble(const TranslationUnit &TU, size_t TargetIdx) const;
  Job amdgpuLink(const TranslationUnit &TU, size_t TargetIdx) const;
  /// The file each target contributes to the registration stub: the PTX, or
  /// the HSACO.
  const std::string &deviceImage(const TranslationUnit &TU,
                                 size_t TargetIdx) const;
  /// The one compile of a C or other non-offloaded source.
  Job plainCompile(const TranslationUnit &TU) const;
  Job imagesCompile(const TranslationUnit &TU) const;
  Job relocatableLink(const TranslationUnit &TU) const;
  /// \p ObjectForInput holds, per input, the file the link must see.
  Job link(llvm::ArrayRef<std::string> ObjectForInput) const;
  /// `clang++ --version` (stdout) or `clang++ -v` (stderr).
  Job clangVersion(bool ToStdout) const;

private:
  void addCommonOffloadArgs(std::vector<std::string> &Args,
                            const TranslationUnit &TU) const;
  void addModeAndOutput(std::vector<std::string> &Args,
                        const TranslationUnit &TU) const;
  Job clangJob(std::vector<std::string> Args) const;
  /// Whether the user's device-pass flags set the LLVM option \p Name
  /// (`-mllvm -Name` or `-mllvm -Name=...`).
  bool userSetsLLVMOption(llvm::StringRef Name) const;

  const DriverOptions &Opts;
  const Toolchain &TC;
  std::vector<std::string> Targets;
};

/// Names the dependency file and target clang would have chosen had it
/// compiled \p In with the user's -o (clang's getDependencyFileName and
/// default -MT rules), for a host pass that writes to a temporary.
void computeDependencyNames(const DriverOptions &Opts, const InputFile &In,
                            TranslationUnit &TU);

} // namespace hcc

#endif // HCC_DRIVER_PASSCOMMANDS_H
