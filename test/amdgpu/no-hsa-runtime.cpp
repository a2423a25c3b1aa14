// Where ROCr cannot be used, the HSA backend reports zero accelerators and
// the program runs on the other backends: no KFD device node (no amdgpu
// kernel driver), and a node but no libhsa-runtime64 (ROCm not installed).
// HCC_HSA_KFD_PATH and HCC_HSA_LIBRARY point the backend at them.

// RUN: %hcc --offload-arch=sm_90,gfx90a %s -o %t
// RUN: env HCC_VERBOSE=1 HCC_HSA_KFD_PATH=%t.no-such-node %t 2>&1 | FileCheck --check-prefix=NOKFD %s
// NOKFD: hcc: note: hsa: cannot open {{.*}}.no-such-node (no amdgpu kernel driver, or no permission: the user must be in the 'render' group); no HSA devices
// NOKFD: hsa accelerators 0
// NOKFD: result 42

// RUN: touch %t.kfd
// RUN: env HCC_VERBOSE=1 HCC_HSA_KFD_PATH=%t.kfd HCC_HSA_LIBRARY=%t.no-such-lib.so %t 2>&1 | FileCheck --check-prefix=NOLIB %s
// NOLIB: hcc: note: hsa: cannot load {{.*}}.no-such-lib.so: {{.*}}; no HSA devices
// NOLIB: hsa accelerators 0
// NOLIB: result 42

#include <hc.hpp>

#include <cstdio>

int main() {
  int hsa = 0;
  for (const hc::accelerator &acc : hc::accelerator::get_all())
    hsa += acc.get_hsa_agent() != nullptr; // ROCr's accelerators
  std::printf("hsa accelerators %d\n", hsa);
  hc::array_view<int, 1> v(1);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = 42;
  });
  std::printf("result %d\n", v[0]);
  return 0;
}
