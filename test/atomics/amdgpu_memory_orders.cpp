// On AMDGPU, LLVM's backend already lowers std::atomic with its memory order
// at system scope (the AMDGPU memory model), so hcc's PlatformAtomics pass
// leaves it alone (it rewrites NVPTX only). On gfx90a, system scope means
// writing back L2 before a release (buffer_wbl2) and invalidating it after
// an acquire (buffer_invl2), around glc (coherent) atomics; hc's relaxed
// atomic_fetch_add needs neither. docs/platform-atomics.md.
//
// Compile-only: checks what the compiler writes.
// UNSUPPORTED: gpu-lit

// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %hcc -std=c++20 -save-temps=cwd --offload-arch=gfx90a -c %s -o %t/out.o 2>/dev/null
// RUN: FileCheck %s < %t/amdgpu_memory_orders-hcc-gfx90a.s

#include <hc.hpp>

#include <atomic>

int main() {
  std::atomic<int> *ai = nullptr;
  int *out = nullptr;
  hc::parallel_for_each(hc::extent<1>(64), [=](hc::index<1> i) [[hc]] {
    // CHECK: buffer_wbl2
    // CHECK-NEXT: global_atomic_add {{.*}} glc
    // CHECK-NEXT: s_waitcnt vmcnt(0)
    // CHECK-NEXT: buffer_invl2
    int r = ai->fetch_add(1, std::memory_order_acq_rel);
    // CHECK: global_load_dword {{.*}} glc
    // CHECK-NEXT: s_waitcnt vmcnt(0)
    // CHECK-NEXT: buffer_invl2
    r += ai->load(std::memory_order_acquire);
    // CHECK: buffer_wbl2
    // CHECK-NEXT: global_store_dword
    ai->store(r, std::memory_order_release);
    // CHECK-NOT: buffer_wbl2
    // CHECK: global_atomic_add {{v[0-9]+}}, {{v[0-9]+}}, s[{{[0-9:]+}}] offset:4{{$}}
    // CHECK: s_endpgm
    hc::atomic_fetch_add(out + 1, 1);
    out[i[0]] = r;
  });
  return 0;
}
