//===- AMDGPUCommands.cpp - The device pass for AMDGPU targets ------------===//
//
// Why HIP mode and not CUDA mode: Clang's CUDA mode only targets NVPTX. HIP
// mode is the same language (the same __global__/__shared__ attributes,
// -cuid externalisation and __builtin_get_device_side_mangled_name), so the
// kernel names the CUDA-mode host pass computes are the symbols of the HSACO
// (checked for every lit program by scripts/check-amdgpu-images.py).
//
// Why three steps (assembly, object, ld.lld) rather than letting clang link:
// -save-temps then keeps the AMDGPU assembly (as readable as the PTX of the
// NVIDIA targets), -### shows the ld.lld line, and the link is ours to
// control (no clang offload bundle, no LTO).
//
//===----------------------------------------------------------------------===//

#include "AMDGPUCommands.h"

#include "PassCommands.h"

namespace hcc {

std::vector<std::string> amdgpuDevicePassMode(llvm::StringRef TargetId) {
  // -nogpulib: no ROCm device libraries behind the user's back; device math
  // is hcc's business (docs/backends.md). -nocudainc, added by the common
  // arguments, is HIP's -nogpuinc. A target id without xnack/sramecc
  // ("gfx90a") is an image for either setting ("any").
  //
  // -fno-builtin: there is no AMDGPU device math library yet, so a libm
  // call in a kernel must stay a call, which the pass plugin reports as
  // "calls 'sinf', which has no definition for the device". As a builtin it
  // would become llvm.sin.*, which the AMDGPU backend either lowers to a
  // low-precision instruction (float) or cannot select at all (double: an
  // LLVM crash). Remove it when the math library provides ocml.
  return {"-x",
          "hip",
          "--cuda-device-only",
          "--offload-arch=" + TargetId.str(),
          "-nogpulib",
          "-fno-builtin",
          "-mcode-object-version=" + std::to_string(AMDGPUCodeObjectVersion)};
}

Job PassCommandBuilder::amdgpuAssemble(const TranslationUnit &TU,
                                       size_t TargetIdx) const {
  const std::string &Target = targets()[TargetIdx];
  // The assembly names its own target (.amdgcn_target); -mcpu must agree,
  // target-id features included, or the assembler rejects it.
  return clangJob({"-x", "assembler", "--target=amdgcn-amd-amdhsa",
                   "-mcpu=" + Target,
                   "-mcode-object-version=" +
                       std::to_string(AMDGPUCodeObjectVersion),
                   "-c", TU.DeviceOutputs[TargetIdx], "-o",
                   TU.DeviceObjects[TargetIdx]});
}

Job PassCommandBuilder::amdgpuLink(const TranslationUnit &TU,
                                   size_t TargetIdx) const {
  // What clang's AMDGPU toolchain does for a non-relocatable device link: a
  // shared object, every symbol resolved (a kernel calling an undefined
  // device function must fail here, not in ROCr's loader).
  return Job{TC.Lld,
             {TC.Lld, "-shared", "-m", "elf64_amdgpu", "--no-undefined",
              TU.DeviceObjects[TargetIdx], "-o",
              TU.DeviceCodeObjects[TargetIdx]}};
}

const std::string &PassCommandBuilder::deviceImage(const TranslationUnit &TU,
                                                   size_t TargetIdx) const {
  return TU.DeviceCodeObjects[TargetIdx].empty()
             ? TU.DeviceOutputs[TargetIdx]
             : TU.DeviceCodeObjects[TargetIdx];
}

} // namespace hcc
