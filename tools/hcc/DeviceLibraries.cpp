//===- DeviceLibraries.cpp - Math libraries of the device passes ---------===//
//
// NVPTX: Clang's CUDA math headers declare the C/C++ math API for device
// code in terms of libdevice (__nv_*); include/hc/detail/math/ implements
// those on libclc, whose nvptx64 bitcode (Debian package libclc-22) is
// linked with -mlink-builtin-bitcode: clang links only the functions the
// module calls, internalises them and gives them the module's target
// attributes, before the optimiser and before hcc's pass plugin, which then
// diagnoses any device function still without a body.
//
// AMDGPU: the same with Clang's HIP math headers, which call ROCm's
// __ocml_* functions; include/hc/detail/math/amdgpu_ocml_shim.h implements
// those on libclc's amdgcn-amd-amdhsa bitcode (docs/math.md says why not
// Debian's rocm-device-libs).
//
//===----------------------------------------------------------------------===//

#include "DeviceLibraries.h"

#include "OffloadTargets.h"
#include "Toolchain.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"

#ifndef HCC_LIBCLC_DIR
#define HCC_LIBCLC_DIR "/usr/lib/clc"
#endif

using namespace llvm;

namespace hcc {

/// Where libclc's bitcode is: HCC_LIBCLC_DIR in the environment, else the
/// directory CMake found (Debian's libclc-22 installs /usr/lib/clc).
static std::string libclcDir() {
  if (std::optional<std::string> Dir = sys::Process::GetEnv("HCC_LIBCLC_DIR"))
    if (!Dir->empty())
      return *Dir;
  return HCC_LIBCLC_DIR;
}

std::vector<std::string> deviceBitcodeLibraries(const Triple &T) {
  // "nvptx64--" is libclc's generic NVPTX build. Not "nvptx64--nvidiacl":
  // that one calls libdevice's __nv_* functions, which nothing provides.
  if (T.isNVPTX() && T.isArch64Bit())
    return {libclcDir() + "/nvptx64--.bc"};
  // libclc's generic AMDHSA build (no target-cpu: -mlink-builtin-bitcode
  // gives the linked functions the module's processor and features). Not
  // the per-processor "gfx90a-amdgcn--" builds: their triple has no OS, and
  // the generic one serves every gfx target hcc accepts.
  if (T.isAMDGCN())
    return {libclcDir() + "/amdgcn-amd-amdhsa.bc"};
  return {};
}

void addDeviceLibraryArgs(StringRef Arch, const Toolchain &TC,
                          std::vector<std::string> &Args) {
  bool AMDGPU = isAMDGPUTarget(Arch);
  if (!isNVPTXTarget(Arch) && !AMDGPU)
    return;
  Args.insert(Args.end(),
              {"-include", TC.IncludeDir + "/hc/detail/math/device_libm.h"});
  for (const std::string &Lib : deviceBitcodeLibraries(
           Triple(AMDGPU ? "amdgcn-amd-amdhsa" : "nvptx64-nvidia-cuda"))) {
    // Clang's own error ("cannot open file") names the file but not where
    // it comes from.
    if (!sys::fs::exists(Lib))
      errs() << "hcc: note: '" << Lib
             << "' not found: " << (AMDGPU ? "AMDGPU" : "NVPTX")
             << " device code needs libclc's bitcode "
                "(Debian package libclc-22, or set HCC_LIBCLC_DIR)\n";
    Args.insert(Args.end(),
                {"-Xclang", "-mlink-builtin-bitcode", "-Xclang", Lib});
  }
}

void addDeviceFPContractArgs(const std::vector<std::string> &UserArgs,
                             std::vector<std::string> &Args) {
  StringRef Chosen;
  for (StringRef Arg : UserArgs)
    if (Arg.consume_front("-ffp-contract="))
      Chosen = Arg;
  if (Chosen == "on" || Chosen == "off" || Chosen == "fast-honor-pragmas")
    return;
  Args.push_back("-ffp-contract=fast-honor-pragmas");
}

} // namespace hcc
