// A program built for NVIDIA and AMD GPUs at once runs wherever it is: on
// the CPU backend in CI and on the CUDA backend on an NVIDIA GPU, with the
// AMDGPU images present but unused (and on an MI200/MI300 through the HSA
// backend). hc's HSA interop handles are real on HSA accelerators and
// nullptr everywhere else.

// RUN: %hcc --offload-arch=sm_90,gfx90a,gfx942 %s -o %t
// RUN: %t | FileCheck %s
// (test/amdgpu/images-static.cpp checks such images; this test also runs
// where scripts/gpu-lit.sh replays the suite, without LLVM tools.)

// CHECK: tiled sum 130816
// CHECK: squares ok
// CHECK: interop ok
#include <hc.hpp>

#include <cstdio>
#include <vector>

int main() {
  const int n = 512;
  std::vector<int> data(n);
  hc::array_view<int, 1> v(n, data);
  hc::parallel_for_each(v.get_extent(), [=](hc::index<1> i) [[hc]] {
    v[i] = i[0] * i[0];
  });
  v.synchronize();
  bool squares = true;
  for (int i = 0; i < n; ++i)
    squares = squares && data[i] == i * i;

  // Tiled, with tile_static memory and a barrier.
  std::vector<int> partial(n / 64);
  hc::array_view<int, 1> p(n / 64, partial);
  hc::parallel_for_each(hc::extent<1>(n).tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[64];
    s[t.local[0]] = t.global[0];
    t.barrier.wait();
    if (t.local[0] == 0) {
      int sum = 0;
      for (int k = 0; k < 64; ++k)
        sum += s[k];
      p[t.tile[0]] = sum;
    }
  });
  p.synchronize();
  long total = 0;
  for (int x : partial)
    total += x;
  std::printf("tiled sum %ld\n", total);
  std::printf("squares %s\n", squares ? "ok" : "WRONG");

  bool interop = true;
  for (hc::accelerator &acc : hc::accelerator::get_all()) {
    hc::accelerator_view view = acc.get_default_view();
    // Every accelerator counts as HSA; only ROCr's have HSA handles.
    bool hsa = acc.get_device_path().compare(0, 3, L"hsa") == 0;
    interop = interop && acc.is_hsa_accelerator() && view.is_hsa_accelerator();
    interop = interop && (acc.get_hsa_agent() != nullptr) == hsa;
    interop = interop && (view.get_hsa_agent() != nullptr) == hsa;
    interop = interop && (view.get_hsa_queue() != nullptr) == hsa;
    interop = interop && (view.get_hsa_am_region() != nullptr) == hsa;
    interop = interop && (view.get_hsa_am_system_region() != nullptr) == hsa;
    interop = interop && (view.get_hsa_kernarg_region() != nullptr) == hsa;
    hc::completion_future marker = view.create_marker();
    interop = interop && (marker.get_native_handle() != nullptr) == hsa;
    marker.wait();
  }
  interop = interop && hc::completion_future().get_native_handle() == nullptr;
  std::printf("interop %s\n", interop ? "ok" : "WRONG");
  return squares && interop && total == 130816 ? 0 : 1;
}
