// A kernel whose tile_static variables take more than the 48 KiB of static
// group memory a tile of an NVIDIA GPU may declare is a compile-time error
// at a use of its largest variable, with the total, the limit and the way
// out (dynamic group memory), instead of a failure when the program loads
// its PTX. Within the limit it compiles; the CPU-only build has no limit.
// RUN: not %hcc --offload-arch=sm_90 -c %s -o %t.o 2>&1 | FileCheck %s
// RUN: %hcc --offload-arch=sm_90 -DWITHIN_LIMIT -c %s -o %t-ok.o
// RUN: %hcc --offload-arch=none -c %s -o %t-cpu.o
#include <hc.hpp>

#ifdef WITHIN_LIMIT
constexpr int big_ints = 8192; // 32 KiB
#else
constexpr int big_ints = 16384; // 64 KiB
#endif

void run(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(256),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int big[big_ints];
    tile_static float small[512];
    // CHECK: diag-tile-static-limit.cpp:[[@LINE+1]]:5: error: kernel '{{.*}}hc_tiled_kernel<run({{.*}}), 1>' uses {{6[0-9][0-9][0-9][0-9]}} bytes of tile_static memory, more than the 49152 bytes a tile of an NVIDIA GPU may declare statically ('{{.*}}::big' alone has 65536); larger group memory is dynamic (tiled_extent::set_dynamic_group_segment_size)
    big[t.local[0]] = t.local[0];
    small[t.local[0]] = 1.0f;
    t.barrier.wait();
    v[t.global] = big[255 - t.local[0]] + static_cast<int>(small[3]);
  });
}
// CHECK-NOT: error:
