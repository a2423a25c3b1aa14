// The remarks of hcc-cpu-tile-loops on the host compilation: which tiled
// kernels run their tiles as loops over their work-items and which run
// them as fibers, and why. Compile-only.
// UNSUPPORTED: gpu-lit
// RUN: %hcc --offload-arch=none -O2 -c %s -o /dev/null -Rpass=hcc-cpu-tile-loops -Rpass-missed=hcc-cpu-tile-loops -Rpass-analysis=hcc-cpu-tile-loops 2>&1 | FileCheck %s
// RUN: %hcc --offload-arch=none -O1 -c %s -o /dev/null -Rpass=hcc-cpu-tile-loops -Rpass-missed=hcc-cpu-tile-loops -Rpass-analysis=hcc-cpu-tile-loops 2>&1 | FileCheck %s
// RUN: %hcc --offload-arch=none -O0 -c %s -o /dev/null -Rpass=hcc-cpu-tile-loops -Rpass-missed=hcc-cpu-tile-loops 2>&1 | FileCheck --check-prefix=O0 %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-loops=false -c %s -o /dev/null -Rpass=hcc-cpu-tile-loops -Rpass-missed=hcc-cpu-tile-loops 2>&1 | FileCheck --allow-empty --check-prefix=OFF %s

// Barriers in the kernel, and in a function it calls: loops.
// CHECK-DAG: remark: tiles of {{.*}}split_me{{.*}} run as loops over their work-items [-Rpass=hcc-cpu-tile-loops]
// CHECK-DAG: remark: tiles of {{.*}}barrier_in_helper{{.*}} run as loops over their work-items [-Rpass=hcc-cpu-tile-loops]
// Work for the work-items below a limit only, after a barrier: the loop
// over the tile runs over those work-items.
// CHECK-DAG: remark: tiles of {{.*}}guarded{{.*}} run as loops over their work-items [-Rpass=hcc-cpu-tile-loops]
// CHECK-DAG: remark: 1 of its loops run over the work-items their guards admit only [-Rpass-analysis=hcc-cpu-tile-loops]
// Different work for the first work-item and the upper half: the loop over
// the tile runs in pieces, the tests answered once per piece.
// CHECK-DAG: remark: tiles of {{.*}}first_apart{{.*}} run as loops over their work-items [-Rpass=hcc-cpu-tile-loops]
// CHECK-DAG: remark: 1 of its loops run in pieces where their position tests change [-Rpass-analysis=hcc-cpu-tile-loops]
// A work-item spins until another of its tile has gone: fibers.
// CHECK-DAG: remark: tiles of {{.*}}spin_wait{{.*}} run as fibers: a loop of the kernel may wait for another work-item [-Rpass-missed=hcc-cpu-tile-loops]
// A barrier in a recursive function: fibers.
// CHECK-DAG: remark: tiles of {{.*}}recursive_barrier{{.*}} run as fibers: a barrier is reached through recursive calls [-Rpass-missed=hcc-cpu-tile-loops]
// A work-item's array aligned beyond the runtime's 64-byte blocks: fibers.
// CHECK-DAG: remark: tiles of {{.*}}over_aligned{{.*}} run as fibers: a work-item's variable is aligned to more than 64 bytes [-Rpass-missed=hcc-cpu-tile-loops]

// O0-DAG: remark: tiles of {{.*}}split_me{{.*}} run as fibers: the kernel is not optimised
// O0-DAG: remark: tiles of {{.*}}barrier_in_helper{{.*}} run as fibers: the kernel is not optimised
// O0-DAG: remark: tiles of {{.*}}spin_wait{{.*}} run as fibers: the kernel is not optimised
// O0-DAG: remark: tiles of {{.*}}recursive_barrier{{.*}} run as fibers: the kernel is not optimised
// O0-DAG: remark: tiles of {{.*}}over_aligned{{.*}} run as fibers: the kernel is not optimised

// OFF-NOT: remark
#include <hc.hpp>

#include <atomic>

void split_me(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[64];
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    v[t.global] = s[63 - t.local[0]];
  });
}

static int exchange(const hc::tiled_index<1> &t, int *s, int v) [[hc]] {
  s[t.local[0]] = v;
  t.barrier.wait();
  return s[(t.local[0] + 1) % 64];
}

void barrier_in_helper(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[64];
    v[t.global] = exchange(t, s, v[t.global]);
  });
}

void guarded(hc::array_view<int, 1> v, int limit) {
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[64];
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    if (t.local[0] < limit)
      v[t.global] = s[63 - t.local[0]];
  });
}

void first_apart(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[64];
    s[t.local[0]] = v[t.global];
    t.barrier.wait();
    if (t.local[0] == 0)
      v[t.global] = s[63];
    else if (t.local[0] > 32)
      v[t.global] = s[t.local[0] - 1];
  });
}

void spin_wait(hc::array_view<int, 1> v, std::atomic<int> *turn) {
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    while (turn->load(std::memory_order_acquire) != 63 - t.local[0]) {
    }
    turn->fetch_add(1, std::memory_order_release);
    t.barrier.wait();
    v[t.global] = 1;
  });
}

// The depth comes from memory: the recursion cannot be unrolled.
static int tree(const hc::tiled_index<1> &t, int *s, int depth) [[hc]] {
  if (depth <= 1) {
    s[t.local[0]] += depth;
    t.barrier.wait();
    return s[(t.local[0] + 1) % 64];
  }
  return tree(t, s, depth - 1) + tree(t, s, depth - 2);
}

void recursive_barrier(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[64];
    s[t.local[0]] = 0;
    v[t.global] = tree(t, s, v[t.tile_origin]);
  });
}

static void fill(int *p, int n) [[hc]] {
  for (int i = 0; i < 32; ++i)
    p[i] = i * n;
}

void over_aligned(hc::array_view<int, 1> v) {
  hc::parallel_for_each(v.get_extent().tile(64),
                        [=](hc::tiled_index<1> t) [[hc]] {
    alignas(256) int mine[32];
    fill(mine, t.local[0]);
    t.barrier.wait();
    v[t.global] = mine[v[t.global] & 31];
  });
}
