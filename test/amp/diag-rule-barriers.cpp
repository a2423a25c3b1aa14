// C++ AMP 1.2 section 8: every work-item of a tile reaches the same
// barriers, so a tile_barrier wait under a condition that depends on the
// work-item's position in its tile (its local or global index, directly or
// through variables computed from one) is an error at the wait, in C++ AMP
// mode. Conditions on the tile, captured values and loop counters of
// uniform loops are fine. hc mode compiles the same code.

// RUN: not %hcc -std=c++amp -fsyntax-only -ferror-limit=0 %s 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: %hcc -hc -fsyntax-only %s

#include "Inputs/amp_or_hc.h"

using namespace concurrency;

#ifdef __HCC_AMP__
typedef tiled_index<16> tidx;
#else
typedef tiled_index<1> tidx;
#endif

void divergent_if(tidx t, int *out) restrict(amp) {
  if (t.local[0] % 2 == 0) {
    // CHECK: diag-rule-barriers.cpp:[[@LINE+1]]:15: error: tile barrier in control flow that is not tile-uniform
    t.barrier.wait();
  }
  out[0] = 1;
}

void divergent_variable(tidx t, int *out) restrict(amp) {
  int flat = t.global[0] * 2;
  int half = flat / 2;
  while (half > 4) {
    // CHECK: diag-rule-barriers.cpp:[[@LINE+1]]:15: error: tile barrier in control flow that is not tile-uniform
    t.barrier.wait_with_tile_static_memory_fence();
    --half;
  }
  out[0] = half;
}

void divergent_loop(tidx t, int *out) restrict(amp) {
  for (int i = t.local[0]; i < 16; ++i)
    // CHECK: diag-rule-barriers.cpp:[[@LINE+1]]:15: error: tile barrier in control flow that is not tile-uniform
    t.barrier.wait();
  out[0] = 2;
}

void uniform(tidx t, int n, int *out) restrict(amp) {
  if (t.tile[0] == 0)
    t.barrier.wait();
  for (int i = 0; i < n; ++i)
    t.barrier.wait_with_all_memory_fence();
  if (n > 3 && t.tile_origin[0] >= 0)
    t.barrier.wait();
  int local = t.local[0]; // used after the barrier only
  t.barrier.wait();
  out[local] = n;
}

int main() { return 0; }
