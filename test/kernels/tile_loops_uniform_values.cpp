// REQUIRES: cpu-backend
// RUN: %hcc --offload-arch=none -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-loops=false %s -o %t.fibers
// RUN: %t.fibers | FileCheck %s
//
// Values that are the same for every work-item of a tile (a loop counter,
// a sum of it, a flag of the loop's end) and that live across a barrier in
// a loop: a tile run as loops over its work-items gives each work-item
// the value of its own iteration, as fibers do, also when the region after
// the barrier runs to the same barrier again (one barrier per iteration)
// and when the barrier sits in a branch that the whole tile takes alike.
// The loop counts are known only at run time.
//
// CHECK: one_barrier_per_iteration: ok
// CHECK-NEXT: one_barrier_per_iteration_divergent_counter: ok
// CHECK-NEXT: uniform_sum: ok
// CHECK-NEXT: barrier_in_uniform_branch: ok
// CHECK-NEXT: failures: 0
#include <hc.hpp>

#include <cstdio>
#include <vector>

static int failures = 0;
static volatile int opaque_steps = 7;

static hc::accelerator_view cpu() {
  return hc::accelerator(L"cpu").get_default_view();
}

static void report(const char *name, const std::vector<int> &got,
                   const std::vector<int> &want) {
  int bad = 0;
  for (size_t k = 0; k < got.size(); ++k)
    if (got[k] != want[k] && bad++ < 5)
      std::printf("%s: at %zu: got %d, want %d\n", name, k, got[k], want[k]);
  std::printf(bad ? "%s: FAILED (%d)\n" : "%s: ok\n", name, bad);
  failures += bad != 0;
}

// The tile's values rotate one place per step through a double-buffered
// tile_static array: one barrier per iteration, the counter s the same for
// every work-item. `zero` (all 0) makes the counter's start, and so the
// counter, per work-item as far as the compiler knows.
template <bool Divergent> static void one_barrier_per_iteration(const char *name) {
  const int tile = 16, n = 64;
  const int steps = opaque_steps;
  std::vector<int> out(n, -1), zeros(tile, 0);
  int *po = out.data();
  const int *zero = zeros.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int ring[2][tile];
    const int l = t.local[0];
    int value = t.global[0];
    for (int s = Divergent ? zero[l] : 0; s < steps; ++s) {
      ring[s & 1][l] = value;
      t.barrier.wait();
      value = ring[s & 1][(l + 1) % tile] + s;
    }
    po[t.global[0]] = value;
  }).wait();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k)
    want[k] = k / tile * tile + (k % tile + steps) % tile +
              steps * (steps - 1) / 2;
  report(name, out, want);
}

// A sum of the counter, kept across the barrier, written out at the end.
static void uniform_sum() {
  const int tile = 8, n = 40;
  const int steps = opaque_steps;
  std::vector<int> out(n, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    const int l = t.local[0];
    int sum = 0, mine = 0;
    for (int s = 0; s < steps; ++s) {
      sm[l] = s * l;
      t.barrier.wait();
      sum += 3 * s + 1;
      mine += sm[(l + 1) % tile];
      t.barrier.wait();
    }
    po[t.global[0]] = sum * 1000 + mine;
  }).wait();
  std::vector<int> want(n);
  for (int k = 0; k < n; ++k) {
    int sum = 0, mine = 0;
    for (int s = 0; s < steps; ++s) {
      sum += 3 * s + 1;
      mine += s * ((k % tile + 1) % tile);
    }
    want[k] = sum * 1000 + mine;
  }
  report("uniform_sum", out, want);
}

// The barriers are in a branch that every work-item of a tile takes alike
// (it depends on the tile and the step only).
static void barrier_in_uniform_branch() {
  const int tile = 4, n = 12;
  const int steps = opaque_steps;
  std::vector<int> out(n, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    const int l = t.local[0];
    int v = t.global[0];
    for (int s = 0; s < steps; ++s) {
      if ((t.tile[0] + s) % 3 == 0) {
        sm[l] = v;
        t.barrier.wait();
        v += sm[(l + 1) % tile];
        t.barrier.wait();
      } else {
        v = v * 2 - l;
      }
    }
    po[t.global[0]] = v;
  }).wait();
  std::vector<int> want(n);
  for (int origin = 0; origin < n; origin += tile) {
    std::vector<int> v(tile), sm(tile);
    for (int l = 0; l < tile; ++l)
      v[l] = origin + l;
    for (int s = 0; s < steps; ++s) {
      if ((origin / tile + s) % 3 == 0) {
        sm = v;
        for (int l = 0; l < tile; ++l)
          v[l] += sm[(l + 1) % tile];
      } else {
        for (int l = 0; l < tile; ++l)
          v[l] = v[l] * 2 - l;
      }
    }
    for (int l = 0; l < tile; ++l)
      want[origin + l] = v[l];
  }
  report("barrier_in_uniform_branch", out, want);
}

int main() {
  one_barrier_per_iteration<false>("one_barrier_per_iteration");
  one_barrier_per_iteration<true>("one_barrier_per_iteration_divergent_counter");
  uniform_sum();
  barrier_in_uniform_branch();
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
