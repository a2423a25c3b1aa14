// REQUIRES: cpu-backend
// RUN: %hcc --offload-arch=none -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-loops=false %s -o %t.fibers
// RUN: %t.fibers | FileCheck %s
//
// Work after a barrier that only some work-items of a tile do, guarded by
// a comparison of the local or global position with a value known at run
// time: a tile run as loops visits only the work-items the guard admits,
// which must be exactly those the guard admits on fibers, for limits below,
// inside and beyond the tile, signed and unsigned, with the position on
// either side of the comparison, plus a constant or the tile's origin, and
// with two guards in a row. Positions the guard turns away keep what they
// had. A tree reduction, whose guard narrows at every step, sums its tiles.
//
// CHECK: lt: ok
// CHECK-NEXT: le: ok
// CHECK-NEXT: gt: ok
// CHECK-NEXT: ge: ok
// CHECK-NEXT: eq: ok
// CHECK-NEXT: limit_on_left: ok
// CHECK-NEXT: ne_returns: ok
// CHECK-NEXT: global_lt: ok
// CHECK-NEXT: unsigned_lt: ok
// CHECK-NEXT: unsigned_global_ge: ok
// CHECK-NEXT: plus_constant_eq: ok
// CHECK-NEXT: two_guards: ok
// CHECK-NEXT: inner_dimension_2d: ok
// CHECK-NEXT: outer_dimension_2d: ok
// CHECK-NEXT: tree_reduction: ok
// CHECK-NEXT: failures: 0
#include <hc.hpp>

#include <climits>
#include <cstdio>
#include <vector>

static int failures = 0;
constexpr int tile = 64;
constexpr int tiles = 4;
constexpr int n = tile * tiles;
static const int limits[] = {INT_MIN, -70, -1, 0, 1, 31, 63, 64,
                             65,      130, 255, 256, 1000, INT_MAX};

static hc::accelerator_view cpu() {
  return hc::accelerator(L"cpu").get_default_view();
}

// What a work-item that passes its guard writes: its tile-mate's input,
// mirrored through tile_static memory so that the guard follows a barrier.
static int written(int g, int k) { return ((g / tile) * tile + tile - 1 - g % tile) ^ k;
}

static void check(const char *name, int k, const std::vector<int> &got,
                  bool (*admits)(int l, int g, int k), int &bad) {
  for (int g = 0; g < n; ++g) {
    const int want = admits(g % tile, g, k) ? written(g, k) : -1;
    if (got[g] != want && bad++ < 5)
      std::printf("%s: limit %d, work-item %d: got %d, want %d\n", name, k, g,
                  got[g], want);
  }
}

static void report(const char *name, int bad) {
  std::printf(bad ? "%s: FAILED (%d)\n" : "%s: ok\n", name, bad);
  failures += bad != 0;
}

// One kernel per guard; the host evaluates the same condition.
#define GUARD_CASE(NAME, COND)                                                 \
  static bool NAME##_admits(int l, int g, int k) {                            \
    (void)l, (void)g, (void)k;                                                 \
    return COND;                                                               \
  }                                                                            \
  static void NAME() {                                                         \
    int bad = 0;                                                               \
    for (int k : limits) {                                                     \
      std::vector<int> in(n), out(n, -1);                                      \
      for (int g = 0; g < n; ++g)                                              \
        in[g] = g;                                                             \
      hc::array_view<const int, 1> vin(n, in);                                 \
      hc::array_view<int, 1> vout(n, out);                                     \
      hc::parallel_for_each(cpu(), vout.get_extent().tile(tile),               \
                            [=](hc::tiled_index<1> t) [[hc]] {                 \
        tile_static int s[tile];                                               \
        const int l = t.local[0], g = t.global[0];                             \
        s[l] = vin[t.global];                                                  \
        t.barrier.wait();                                                      \
        if (COND)                                                              \
          vout[t.global] = s[tile - 1 - l] ^ k;                                \
      });                                                                      \
      vout.synchronize();                                                      \
      check(#NAME, k, out, NAME##_admits, bad);                                \
    }                                                                          \
    report(#NAME, bad);                                                        \
  }

GUARD_CASE(lt, l < k)
GUARD_CASE(le, l <= k)
GUARD_CASE(gt, l > k)
GUARD_CASE(ge, l >= k)
GUARD_CASE(eq, l == k)
GUARD_CASE(limit_on_left, k > l)
GUARD_CASE(global_lt, g < k)
GUARD_CASE(unsigned_lt, static_cast<unsigned>(l) < static_cast<unsigned>(k))
GUARD_CASE(unsigned_global_ge,
           static_cast<unsigned>(g) >= static_cast<unsigned>(k))
GUARD_CASE(plus_constant_eq, l + 3 == k)
GUARD_CASE(two_guards, l >= k && l < k / 2 + 40)

// The work-items that differ from the limit leave the kernel.
static void ne_returns() {
  int bad = 0;
  for (int k : limits) {
    std::vector<int> in(n), out(n, -1);
    for (int g = 0; g < n; ++g)
      in[g] = g;
    hc::array_view<const int, 1> vin(n, in);
    hc::array_view<int, 1> vout(n, out);
    hc::parallel_for_each(cpu(), vout.get_extent().tile(tile),
                          [=](hc::tiled_index<1> t) [[hc]] {
      tile_static int s[tile];
      const int l = t.local[0];
      s[l] = vin[t.global];
      t.barrier.wait();
      if (l != k)
        return;
      vout[t.global] = s[tile - 1 - l] ^ k;
    });
    vout.synchronize();
    check("ne_returns", k, out, eq_admits, bad);
  }
  report("ne_returns", bad);
}

// 8 x 8 tiles guarded on one dimension: the fastest (the loops' innermost)
// or the slowest.
template <int dim> static void guard_2d(const char *name) {
  constexpr int side = 8, sides = 2 * side;
  int bad = 0;
  for (int k : {-3, 0, 3, 8, 100}) {
    std::vector<int> out(sides * sides, -1);
    hc::array_view<int, 2> vout(sides, sides, out);
    hc::parallel_for_each(cpu(), vout.get_extent().tile(side, side),
                          [=](hc::tiled_index<2> t) [[hc]] {
      tile_static int s[side][side];
      const int y = t.local[0], x = t.local[1];
      s[y][x] = y * side + x;
      t.barrier.wait();
      if (t.local[dim] < k)
        vout[t.global] = s[side - 1 - y][side - 1 - x];
    });
    vout.synchronize();
    for (int gy = 0; gy < sides; ++gy)
      for (int gx = 0; gx < sides; ++gx) {
        const int y = gy % side, x = gx % side;
        const int want =
            (dim ? x : y) < k ? (side - 1 - y) * side + side - 1 - x : -1;
        const int got = out[gy * sides + gx];
        if (got != want && bad++ < 5)
          std::printf("%s: limit %d, (%d, %d): got %d, want %d\n", name, k,
                      gy, gx, got, want);
      }
  }
  report(name, bad);
}

static void tree_reduction() {
  constexpr int size = 1 << 14;
  std::vector<int> in(size), sums(size / tile, -1);
  for (int i = 0; i < size; ++i)
    in[i] = (i * 37) % 101 - 50;
  hc::array_view<const int, 1> vin(size, in);
  hc::array_view<int, 1> vsums(size / tile, sums);
  hc::parallel_for_each(cpu(), vin.get_extent().tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int s[tile];
    const int l = t.local[0];
    s[l] = vin[t.global];
    t.barrier.wait();
    for (int active = tile / 2; active > 0; active /= 2) {
      if (l < active)
        s[l] += s[l + active];
      t.barrier.wait();
    }
    if (l == 0)
      vsums[t.tile[0]] = s[0];
  });
  vsums.synchronize();
  int bad = 0;
  for (int b = 0; b < size / tile; ++b) {
    int want = 0;
    for (int i = 0; i < tile; ++i)
      want += in[b * tile + i];
    if (sums[b] != want && bad++ < 5)
      std::printf("tree_reduction: tile %d: got %d, want %d\n", b, sums[b],
                  want);
  }
  report("tree_reduction", bad);
}

int main() {
  lt();
  le();
  gt();
  ge();
  eq();
  limit_on_left();
  ne_returns();
  global_lt();
  unsigned_lt();
  unsigned_global_ge();
  plus_constant_eq();
  two_guards();
  guard_2d<1>("inner_dimension_2d");
  guard_2d<0>("outer_dimension_2d");
  tree_reduction();
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
