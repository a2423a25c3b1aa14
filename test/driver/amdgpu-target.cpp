// AMDGPU targets: from --offload-arch (with NVIDIA ones or alone), the
// original hcc's --amdgpu-target= and HCC_AMDGPU_TARGET. Each gets a HIP-mode
// device pass emitting AMDGPU assembly, clang's assembler and an ld.lld link
// to a code object (HSACO), embedded as an hsaco image. Bad targets are
// errors before anything runs. (test/amdgpu/ checks the images themselves.)

// RUN: %hcc -### --offload-arch=sm_90,gfx90a -c %s -o %t.o 2>&1 | FileCheck --check-prefix=CMDS %s
// CMDS: "-x" "cuda" "--cuda-host-only" "--offload-arch=sm_90" "-nocudainc"
// CMDS-NOT: "--offload-arch=gfx90a" "-nocudainc"
// CMDS: "-x" "cuda" "--cuda-device-only" "--offload-arch=sm_90"
// CMDS: "-x" "hip" "--cuda-device-only" "--offload-arch=gfx90a" "-nogpulib" "-fno-builtin" "-mcode-object-version=5" {{.*}}"-D__KALMAR_ACCELERATOR__=1"{{.*}} "-S" "-o" "[[ASM:[^"]*-gfx90a\.s]]"
// CMDS: "-x" "assembler" "--target=amdgcn-amd-amdhsa" "-mcpu=gfx90a" "-mcode-object-version=5" "-c" "[[ASM]]" "-o" "[[OBJ:[^"]*-gfx90a\.o]]"
// CMDS: ld.lld" "-shared" "-m" "elf64_amdgpu" "--no-undefined" "[[OBJ]]" "-o" "[[HSACO:[^"]*-gfx90a\.hsaco]]"
// CMDS: # hcc: write "{{.*}}", embedding sm_90="{{.*}}.ptx" gfx90a="[[HSACO]]"
// CMDS: ld.lld" "-r"

// Target-id features are canonicalised (sorted, as clang spells them), so
// two spellings of one target make one image; "gfx90a" alone means any
// xnack/sramecc setting.
// RUN: %hcc -### --offload-arch=gfx90a:xnack-:sramecc+,gfx90a:sramecc+:xnack- --offload-arch=gfx90a -c %s -o %t.o 2>&1 | FileCheck --check-prefix=TID %s
// TID-NOT: --cuda-host-only" "--offload-arch
// TID: "-x" "hip" "--cuda-device-only" "--offload-arch=gfx90a:sramecc+:xnack-"
// TID: "-x" "hip" "--cuda-device-only" "--offload-arch=gfx90a" "-nogpulib"
// TID-NOT: "-x" "hip"
// TID: "-mcpu=gfx90a:sramecc+:xnack-"
// TID: "-mcpu=gfx90a" 
// TID: embedding gfx90a:sramecc+:xnack-="{{[^"]*}}" gfx90a="{{[^"]*}}"{{$}}

// The original hcc's spellings: --amdgpu-target= and HCC_AMDGPU_TARGET (added
// beside the NVIDIA targets; a CPU-only build stays CPU-only).
// RUN: %hcc -### --amdgpu-target=gfx906 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=LEGACY %s
// LEGACY: "-x" "hip" "--cuda-device-only" "--offload-arch=gfx906"
// RUN: env HCC_AMDGPU_TARGET="gfx942 gfx90a,gfx942" %hcc -### -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ENV %s
// ENV: embedding sm_90="{{[^"]*}}" gfx942="{{[^"]*}}" gfx90a="{{[^"]*}}"{{$}}
// RUN: env HCC_AMDGPU_TARGET=gfx942 %hcc -### --offload-arch=none -c %s -o %t.o 2>&1 | FileCheck --check-prefix=NONE %s
// NONE-NOT: --cuda-device-only
// NONE-NOT: embedding

// RUN: not %hcc --offload-arch=gfx9999 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=UNKNOWN %s
// UNKNOWN: hcc: error: unknown AMDGPU target 'gfx9999' in --offload-arch (expected an HSA processor such as gfx90a, gfx942 or gfx1100, optionally with :xnack+/- and :sramecc+/-)
// RUN: not %hcc --offload-arch=sm_90,gfx1100:xnack+ -c %s -o %t.o 2>&1 | FileCheck --check-prefix=NOXNACK %s
// NOXNACK: hcc: error: AMDGPU target 'gfx1100:xnack+': gfx1100 has no 'xnack' setting
// RUN: not %hcc --offload-arch=gfx90a:wave64 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=FEATURE %s
// FEATURE: hcc: error: invalid target-id feature 'wave64' in 'gfx90a:wave64' (expected xnack+, xnack-, sramecc+ or sramecc-)
// RUN: not %hcc --offload-arch=gfx90a:xnack+:xnack- -c %s -o %t.o 2>&1 | FileCheck --check-prefix=TWICE %s
// TWICE: hcc: error: AMDGPU target 'gfx90a:xnack+:xnack-' names 'xnack' twice
// RUN: env HCC_AMDGPU_TARGET=sm_80 not %hcc -c %s -o %t.o 2>&1 | FileCheck --check-prefix=ENVBAD %s
// ENVBAD: hcc: error: HCC_AMDGPU_TARGET names 'sm_80', which is not an AMDGPU target (gfx...); NVIDIA targets go in --offload-arch or HCC_OFFLOAD_ARCH
// RUN: env HCC_OFFLOAD_ARCH=gfx9-generic not %hcc -c %s -o %t.o 2>&1 | FileCheck --check-prefix=GENERIC %s
// GENERIC: hcc: error: unknown AMDGPU target 'gfx9-generic' in HCC_OFFLOAD_ARCH

int main() {}
