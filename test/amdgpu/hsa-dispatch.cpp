// The HSA backend on an AMD GPU (HCC_DEFAULT_ACCELERATOR=hsa): kernels with
// their kernarg segments (non-tiled, tiled with tile_static and a dynamic
// group segment, several ranks), copies in both directions through locked
// host memory, markers and a dependency between two views, completion
// signals behind completion_future, and the interop handles.
// Not run here: there is no AMD GPU (docs/testing.md, "Needs an AMD GPU").
// REQUIRES: amdgpu

// RUN: %hcc --offload-arch=gfx90a,gfx942,gfx1100 %s -o %t
// RUN: %t | FileCheck %s
// CHECK: device hsa:0 hsa 1
// CHECK: rank1 ok
// CHECK: rank3 ok
// CHECK: tiled ok
// CHECK: dynamic ok
// CHECK: array round trip ok
// CHECK: two views ok
// CHECK: handles ok

#include <hc.hpp>

#include <cstdio>
#include <vector>

int main() {
  hc::accelerator acc;
  std::printf("device %ls hsa %d\n", acc.get_device_path().c_str(),
              acc.is_hsa_accelerator());
  hc::accelerator_view view = acc.get_default_view();

  std::vector<int> a(1 << 20);
  hc::array_view<int, 1> av(static_cast<int>(a.size()), a);
  hc::parallel_for_each(view, av.get_extent(), [=](hc::index<1> i) [[hc]] {
    av[i] = i[0] * 3;
  });
  av.synchronize();
  bool ok = true;
  for (std::size_t i = 0; i < a.size(); ++i)
    ok = ok && a[i] == static_cast<int>(i) * 3;
  std::printf("rank1 %s\n", ok ? "ok" : "WRONG");

  hc::array_view<int, 3> cube(7, 9, 33);
  hc::parallel_for_each(view, cube.get_extent(), [=](hc::index<3> i) [[hc]] {
    cube[i] = i[0] * 10000 + i[1] * 100 + i[2];
  });
  ok = cube(6, 8, 32) == 60832 && cube(3, 0, 5) == 30005;
  std::printf("rank3 %s\n", ok ? "ok" : "WRONG");

  hc::array_view<float, 2> m(64, 64);
  hc::parallel_for_each(view, m.get_extent().tile(16, 16),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static float s[16][16];
    s[t.local[0]][t.local[1]] = static_cast<float>(t.global[0] + t.global[1]);
    t.barrier.wait();
    m[t.global] = s[t.local[1]][t.local[0]];
  });
  // Element (17, 2) is local (1, 2) of tile (1, 0); it reads local (2, 1),
  // global (18, 1).
  ok = m(17, 2) == 19.0f;
  std::printf("tiled %s\n", ok ? "ok" : "WRONG");

  hc::array_view<int, 1> d(256);
  hc::tiled_extent<1> te = d.get_extent().tile(64);
  te.set_dynamic_group_segment_size(64 * sizeof(int));
  hc::parallel_for_each(view, te, [=](hc::tiled_index<1> t) [[hc]] {
    int *dyn = static_cast<int *>(hc::get_dynamic_group_segment_base_pointer());
    dyn[t.local[0]] = t.local[0];
    t.barrier.wait();
    d[t.global] = dyn[63 - t.local[0]];
  });
  ok = d[0] == 63 && d[64] == 63 && d[255] == 0;
  std::printf("dynamic %s\n", ok ? "ok" : "WRONG");

  std::vector<double> host(4096, 1.5), back(4096);
  hc::array<double, 1> arr(4096, host.begin(), view);
  hc::parallel_for_each(view, arr.get_extent(), [&arr](hc::index<1> i) [[hc]] {
    arr[i] *= 2.0;
  });
  hc::copy(arr, back.begin());
  ok = back[0] == 3.0 && back[4095] == 3.0;
  std::printf("array round trip %s\n", ok ? "ok" : "WRONG");

  hc::accelerator_view other = acc.create_view();
  hc::array_view<int, 1> chain(1024);
  hc::completion_future first = hc::parallel_for_each(
      view, chain.get_extent(), [=](hc::index<1> i) [[hc]] { chain[i] = 1; });
  hc::completion_future marker = other.create_blocking_marker(first);
  marker.wait();
  hc::parallel_for_each(other, chain.get_extent(),
                        [=](hc::index<1> i) [[hc]] { chain[i] += 1; });
  ok = chain[1023] == 2;
  std::printf("two views %s\n", ok ? "ok" : "WRONG");

  hc::completion_future cf = view.create_marker();
  ok = view.get_hsa_queue() && view.get_hsa_agent() &&
       view.get_hsa_kernarg_region() && view.get_hsa_am_region() &&
       view.get_hsa_am_system_region() && cf.get_native_handle();
  cf.wait();
  std::printf("handles %s\n", ok ? "ok" : "WRONG");
  return 0;
}
