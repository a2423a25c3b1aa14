// AMDGPU targets are recognised but not implemented yet: a clear error, from
// the flag, the environment and the original hcc's spelling.

// RUN: not %hcc --offload-arch=gfx90a -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %hcc --offload-arch=sm_90,gfx90a -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: env HCC_OFFLOAD_ARCH=gfx90a not %hcc -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %hcc -### --offload-arch=gfx90a -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: not %hcc --amdgpu-target=gfx906 -c %s -o %t.o 2>&1 | FileCheck --check-prefix=LEGACY %s

// CHECK: hcc: error: AMDGPU target 'gfx90a' is not supported yet (AMD backend not implemented)
// CHECK-NOT: clang
// LEGACY: hcc: error: AMDGPU target 'gfx906' is not supported yet (AMD backend not implemented)

int main() {}
