// REQUIRES: cpu-backend
// RUN: %hcc --offload-arch=none -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-tile-loops=false %s -o %t.fibers
// RUN: %t.fibers | FileCheck %s
// RUN: %hcc --offload-arch=none -O1 %s -o %t.O1
// RUN: %t.O1 | FileCheck %s
//
// Tiled kernels with barriers give the same results on the CPU backend
// whether their tiles run as loops over the work-items, one loop per
// stretch between barriers (the default where the compiler can split the
// kernel), or as a fiber per work-item (-mllvm -hcc-cpu-tile-loops=false):
// values of every kind kept by a work-item across barriers, barriers in
// loops and in functions the kernel calls, 1-, 2- and 3-D tiles with
// partial tiles at the end of the extent, work-items that return while the
// others go on through barriers, tile_static and dynamic group memory,
// atomics on tile_static, the work-item builtins after a barrier, and an
// exception thrown by a work-item between barriers. Every result is checked
// against the same computation on the host. (Values the whole tile shares
// across barriers in loops: tile_loops_uniform_values.cpp.)
//
// CHECK: loop_values: ok
// CHECK-NEXT: helper_barriers: ok
// CHECK-NEXT: tiles_1d: ok
// CHECK-NEXT: tiles_2d: ok
// CHECK-NEXT: tiles_3d: ok
// CHECK-NEXT: early_return: ok
// CHECK-NEXT: early_return_all_but_one: ok
// CHECK-NEXT: builtins: ok
// CHECK-NEXT: tile_static_atomics: ok
// CHECK-NEXT: dynamic_group_memory: ok
// CHECK-NEXT: pointers_across_barriers: ok
// CHECK-NEXT: recursion_fixed_depth: ok
// CHECK-NEXT: exception: ok
// CHECK-NEXT: after_exception: ok
// CHECK-NEXT: failures: 0
#include <hc.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

static int failures = 0;

// Reports one subtest: prints "name: ok", or the first mismatches.
struct report {
  const char *name;
  int bad = 0;
  explicit report(const char *n) : name(n) {}
  void expect(bool ok, const char *what, long at, double got, double want) {
    if (ok)
      return;
    if (bad++ < 5)
      std::printf("%s: %s at %ld: got %.17g, want %.17g\n", name, what, at,
                  got, want);
  }
  void eq(long got, long want, const char *what, long at) {
    expect(got == want, what, at, double(got), double(want));
  }
  void near(double got, double want, const char *what, long at) {
    expect(std::fabs(got - want) <= 1e-9 * std::max(1.0, std::fabs(want)),
           what, at, got, want);
  }
  ~report() {
    std::printf(bad ? "%s: FAILED (%d)\n" : "%s: ok\n", name, bad);
    failures += bad != 0;
  }
};

// Values the compiler cannot see: loop counts known only at run time.
static volatile int opaque_steps = 9;
static int steps() { return opaque_steps; }

static hc::accelerator_view cpu() {
  return hc::accelerator(L"cpu").get_default_view();
}

// --- barriers in a loop, values of every kind kept across them -------------

struct acc_t {
  int i;
  double d;
  short s;
};

static void loop_values() {
  report r("loop_values");
  const int tile = 32, n = 32 * 5 + 11; // a partial tile of 11
  const int S = steps();
  std::vector<int> oi(n, -1), oa(n, -1), os(n, -1), op(n, -1);
  std::vector<double> od(n, -1), oad(n, -1);
  int *pi = oi.data(), *pa = oa.data(), *ps = os.data(), *pp = op.data();
  double *pd = od.data(), *pad = oad.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int ti[tile];
    tile_static double td[tile];
    const int l = t.local[0], g = t.global[0];
    const int size = n - t.tile_origin[0] < tile ? n - t.tile_origin[0] : tile;
    int vi = g;
    double vd = 0.5 * g;
    acc_t a{g, 1.0, static_cast<short>(l)};
    int priv[5] = {l, 2 * l, 3 * l, 4 * l, 5 * l};
    for (int s = 0; s < S; ++s) {
      ti[l] = vi + priv[(l + s) % 5];
      td[l] = vd;
      t.barrier.wait();
      const int p = (l + 1 + s) % size;
      vi = ti[p] ^ s;
      vd = td[p] * 0.5 + a.d;
      a.i += vi;
      a.d = a.d * 1.5 - vd * 0.25;
      a.s = static_cast<short>(a.s * 3 + s);
      priv[(l * s) % 5] += vi & 255;
      t.barrier.wait();
    }
    pi[g] = vi;
    pd[g] = vd;
    pa[g] = a.i;
    pad[g] = a.d;
    ps[g] = a.s;
    pp[g] = priv[0] + 3 * priv[1] + 5 * priv[2] + 7 * priv[3] + 11 * priv[4];
  }).wait();

  for (int origin = 0; origin < n; origin += tile) {
    const int size = std::min(tile, n - origin);
    std::vector<int> vi(size), ti(size);
    std::vector<double> vd(size), td(size);
    std::vector<acc_t> a(size);
    std::vector<std::vector<int>> priv(size, std::vector<int>(5));
    for (int l = 0; l < size; ++l) {
      vi[l] = origin + l;
      vd[l] = 0.5 * (origin + l);
      a[l] = {origin + l, 1.0, static_cast<short>(l)};
      for (int k = 0; k < 5; ++k)
        priv[l][k] = (k + 1) * l;
    }
    for (int s = 0; s < S; ++s) {
      for (int l = 0; l < size; ++l) {
        ti[l] = vi[l] + priv[l][(l + s) % 5];
        td[l] = vd[l];
      }
      for (int l = 0; l < size; ++l) {
        const int p = (l + 1 + s) % size;
        vi[l] = ti[p] ^ s;
        vd[l] = td[p] * 0.5 + a[l].d;
        a[l].i += vi[l];
        a[l].d = a[l].d * 1.5 - vd[l] * 0.25;
        a[l].s = static_cast<short>(a[l].s * 3 + s);
        priv[l][(l * s) % 5] += vi[l] & 255;
      }
    }
    for (int l = 0; l < size; ++l) {
      const int g = origin + l;
      r.eq(oi[g], vi[l], "int", g);
      r.near(od[g], vd[l], "double", g);
      r.eq(oa[g], a[l].i, "struct int", g);
      r.near(oad[g], a[l].d, "struct double", g);
      r.eq(os[g], a[l].s, "struct short", g);
      const std::vector<int> &q = priv[l];
      r.eq(op[g], q[0] + 3 * q[1] + 5 * q[2] + 7 * q[3] + 11 * q[4],
           "private array", g);
    }
  }
}

// --- barriers in functions the kernel calls --------------------------------

// Rotates v one place to the left through tile_static memory: two barriers.
static int rotate(const hc::tiled_index<1> &t, int *sm, int v, int size)
    [[hc]] {
  const int l = t.local[0];
  sm[l] = v;
  t.barrier.wait();
  const int r = sm[(l + 1) % size];
  t.barrier.wait();
  return r;
}

// The same with the builtin barrier, hcc's hc_barrier.
static int rotate_back(const hc::tiled_index<1> &t, int *sm, int v, int size)
    [[hc]] {
  const int l = t.local[0];
  sm[l] = v;
  hc_barrier(CLK_LOCAL_MEM_FENCE);
  const int r = sm[(l + size - 1) % size];
  hc_barrier(CLK_LOCAL_MEM_FENCE);
  return r;
}

static void helper_barriers() {
  report r("helper_barriers");
  const int tile = 16, n = 16 * 3 + 5;
  const int S = steps();
  std::vector<int> out(n, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    const int size = n - t.tile_origin[0] < tile ? n - t.tile_origin[0] : tile;
    int v = t.global[0];
    for (int s = 0; s < S; ++s) {
      v = rotate(t, sm, v, size) * 3 + s;
      if (s % 3 == 1)
        v = rotate_back(t, sm, v, size) - 1;
    }
    po[t.global[0]] = v;
  }).wait();
  for (int origin = 0; origin < n; origin += tile) {
    const int size = std::min(tile, n - origin);
    std::vector<int> v(size), w(size);
    for (int l = 0; l < size; ++l)
      v[l] = origin + l;
    for (int s = 0; s < S; ++s) {
      for (int l = 0; l < size; ++l)
        w[l] = v[(l + 1) % size] * 3 + s;
      v = w;
      if (s % 3 == 1) {
        for (int l = 0; l < size; ++l)
          w[l] = v[(l + size - 1) % size] - 1;
        v = w;
      }
    }
    for (int l = 0; l < size; ++l)
      r.eq(out[origin + l], v[l], "value", origin + l);
  }
}

// --- 1-, 2- and 3-D tiles, partial tiles ------------------------------------

static void tiles_1d() {
  report r("tiles_1d");
  const int tile = 64, n = 1000; // 15 full tiles and one of 40
  const int S = steps();
  std::vector<int> out(n, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    const int l = t.local[0];
    const int size = n - t.tile_origin[0] < tile ? n - t.tile_origin[0] : tile;
    int v = t.global[0] * 7;
    for (int s = 0; s < S; ++s) {
      sm[l] = v;
      t.barrier.wait();
      v = sm[size - 1 - l] + sm[(l + s) % size];
      t.barrier.wait();
    }
    po[t.global[0]] = v;
  }).wait();
  for (int origin = 0; origin < n; origin += tile) {
    const int size = std::min(tile, n - origin);
    std::vector<int> v(size), sm(size);
    for (int l = 0; l < size; ++l)
      v[l] = (origin + l) * 7;
    for (int s = 0; s < S; ++s) {
      sm = v;
      for (int l = 0; l < size; ++l)
        v[l] = sm[size - 1 - l] + sm[(l + s) % size];
    }
    for (int l = 0; l < size; ++l)
      r.eq(out[origin + l], v[l], "value", origin + l);
  }
}

static void tiles_2d() {
  report r("tiles_2d");
  const int R = 37, C = 45, T0 = 8, T1 = 8; // partial tiles in both dimensions
  const int S = steps();
  std::vector<int> out(R * C, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<2>(R, C).tile(T0, T1),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static int sm[T0][T1];
    const int l0 = t.local[0], l1 = t.local[1];
    const int s0 = R - t.tile_origin[0] < T0 ? R - t.tile_origin[0] : T0;
    const int s1 = C - t.tile_origin[1] < T1 ? C - t.tile_origin[1] : T1;
    int v = t.global[0] * 1000 + t.global[1];
    for (int s = 0; s < S; ++s) {
      sm[l0][l1] = v;
      t.barrier.wait();
      v = sm[s0 - 1 - l0][(l1 + s) % s1] - sm[(l0 + 1) % s0][s1 - 1 - l1] / 2;
      t.barrier.wait();
    }
    po[t.global[0] * C + t.global[1]] = v;
  }).wait();
  for (int o0 = 0; o0 < R; o0 += T0)
    for (int o1 = 0; o1 < C; o1 += T1) {
      const int s0 = std::min(T0, R - o0), s1 = std::min(T1, C - o1);
      std::vector<int> v(s0 * s1), sm(s0 * s1);
      for (int a = 0; a < s0; ++a)
        for (int b = 0; b < s1; ++b)
          v[a * s1 + b] = (o0 + a) * 1000 + o1 + b;
      for (int s = 0; s < S; ++s) {
        sm = v;
        for (int a = 0; a < s0; ++a)
          for (int b = 0; b < s1; ++b)
            v[a * s1 + b] = sm[(s0 - 1 - a) * s1 + (b + s) % s1] -
                            sm[((a + 1) % s0) * s1 + s1 - 1 - b] / 2;
      }
      for (int a = 0; a < s0; ++a)
        for (int b = 0; b < s1; ++b)
          r.eq(out[(o0 + a) * C + o1 + b], v[a * s1 + b], "value",
               (o0 + a) * C + o1 + b);
    }
}

static void tiles_3d() {
  report r("tiles_3d");
  const int E0 = 9, E1 = 10, E2 = 11, T0 = 2, T1 = 4, T2 = 8;
  const int S = steps();
  std::vector<int> out(E0 * E1 * E2, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<3>(E0, E1, E2).tile(T0, T1, T2),
                        [=](hc::tiled_index<3> t) [[hc]] {
    tile_static int sm[T0 * T1 * T2];
    int sz[3], l[3];
    const int e[3] = {E0, E1, E2}, tl[3] = {T0, T1, T2};
    for (int d = 0; d < 3; ++d) {
      l[d] = t.local[d];
      sz[d] = e[d] - t.tile_origin[d] < tl[d] ? e[d] - t.tile_origin[d] : tl[d];
    }
    const int n = sz[0] * sz[1] * sz[2];
    const int me = (l[0] * sz[1] + l[1]) * sz[2] + l[2];
    int v = (t.global[0] * E1 + t.global[1]) * E2 + t.global[2];
    for (int s = 0; s < S; ++s) {
      sm[me] = v;
      t.barrier.wait();
      v = sm[(me + s + 1) % n] * 2 - sm[n - 1 - me];
      t.barrier.wait();
    }
    po[(t.global[0] * E1 + t.global[1]) * E2 + t.global[2]] = v;
  }).wait();
  for (int o0 = 0; o0 < E0; o0 += T0)
    for (int o1 = 0; o1 < E1; o1 += T1)
      for (int o2 = 0; o2 < E2; o2 += T2) {
        const int s0 = std::min(T0, E0 - o0), s1 = std::min(T1, E1 - o1),
                  s2 = std::min(T2, E2 - o2), n = s0 * s1 * s2;
        std::vector<int> v(n), sm(n), at(n);
        for (int a = 0; a < s0; ++a)
          for (int b = 0; b < s1; ++b)
            for (int c = 0; c < s2; ++c) {
              const int me = (a * s1 + b) * s2 + c;
              at[me] = ((o0 + a) * E1 + o1 + b) * E2 + o2 + c;
              v[me] = at[me];
            }
        for (int s = 0; s < S; ++s) {
          sm = v;
          for (int me = 0; me < n; ++me)
            v[me] = sm[(me + s + 1) % n] * 2 - sm[n - 1 - me];
        }
        for (int me = 0; me < n; ++me)
          r.eq(out[at[me]], v[me], "value", at[me]);
      }
}

// --- work-items that return while the others go on ---------------------------

// Work-item l of a tile leaves at the start of step l + 1 (the ones of
// higher id stay longer); each step the work-items still there exchange
// values through tile_static memory. The others wait at the barriers only
// for the work-items that have not returned.
static void early_return() {
  report r("early_return");
  const int tile = 16, n = 16 * 4 + 7;
  const int S = 20; // more steps than work-items: the last one runs alone
  std::vector<int> out(n, -1), left(n, -1);
  int *po = out.data(), *pl = left.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    const int l = t.local[0], g = t.global[0];
    const int size = n - t.tile_origin[0] < tile ? n - t.tile_origin[0] : tile;
    int acc = g;
    for (int s = 0; s < S; ++s) {
      if (l < s) { // returns before this step's barriers
        po[g] = acc;
        pl[g] = s;
        return;
      }
      sm[l] = acc;
      t.barrier.wait();
      // A work-item still there: s .. size-1.
      const int p = s + (l - s + 1) % (size - s > 0 ? size - s : 1);
      acc = (acc * 3 + sm[p]) % 1000003; // stays an int
      t.barrier.wait();
    }
    po[g] = acc;
    pl[g] = S;
  }).wait();
  for (int origin = 0; origin < n; origin += tile) {
    const int size = std::min(tile, n - origin);
    std::vector<int> acc(size), sm(size), gone(size, S);
    for (int l = 0; l < size; ++l)
      acc[l] = origin + l;
    for (int s = 0; s < S; ++s) {
      for (int l = 0; l < size; ++l)
        if (l < s && gone[l] == S)
          gone[l] = s;
      for (int l = s; l < size; ++l)
        sm[l] = acc[l];
      for (int l = s; l < size; ++l) {
        const int p = s + (l - s + 1) % (size - s > 0 ? size - s : 1);
        acc[l] = (acc[l] * 3 + sm[p]) % 1000003;
      }
    }
    for (int l = 0; l < size; ++l) {
      r.eq(out[origin + l], acc[l], "value", origin + l);
      r.eq(left[origin + l], gone[l], "step left", origin + l);
    }
  }
}

// Every work-item of a tile but the last returns at once; the last goes
// through a loop of barriers alone.
static void early_return_all_but_one() {
  report r("early_return_all_but_one");
  const int tile = 32, n = 32 * 3 + 3;
  const int S = steps();
  std::vector<int> out(n, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[2];
    const int l = t.local[0], g = t.global[0];
    const int size = n - t.tile_origin[0] < tile ? n - t.tile_origin[0] : tile;
    if (l != size - 1) {
      po[g] = -l;
      return;
    }
    int v = g;
    for (int s = 0; s < S; ++s) {
      sm[s & 1] = v + s;
      t.barrier.wait();
      v = sm[s & 1] * 2;
      t.barrier.wait();
    }
    po[g] = v;
  }).wait();
  for (int origin = 0; origin < n; origin += tile) {
    const int size = std::min(tile, n - origin);
    for (int l = 0; l < size - 1; ++l)
      r.eq(out[origin + l], -l, "returned", origin + l);
    int v = origin + size - 1;
    for (int s = 0; s < S; ++s)
      v = (v + s) * 2;
    r.eq(out[origin + size - 1], v, "last", origin + size - 1);
  }
}

// --- the work-item builtins after barriers ------------------------------------

// Each of them, read after barriers, in the kernel and in a function it
// calls, gives the reading work-item's own position.
static unsigned position_code() [[hc]] {
  return hc_get_workitem_id(0) | hc_get_workitem_id(1) << 5 |
         hc_get_group_id(0) << 10 | hc_get_group_id(1) << 15 |
         hc_get_group_size(0) << 20 | hc_get_group_size(1) << 25;
}

static void builtins() {
  report r("builtins");
  const int R = 20, C = 30, T0 = 8, T1 = 16;
  const int S = 3;
  std::vector<unsigned> out(R * C, 0), amp(R * C, 0), glob(R * C, 0);
  unsigned *po = out.data(), *pa = amp.data(), *pg = glob.data();
  hc::parallel_for_each(cpu(), hc::extent<2>(R, C).tile(T0, T1),
                        [=](hc::tiled_index<2> t) [[hc]] {
    tile_static unsigned sm[T0][T1];
    unsigned code = 0, a = 0, g = 0;
    for (int s = 0; s < S; ++s) {
      sm[t.local[0]][t.local[1]] = position_code();
      t.barrier.wait();
      // Another work-item's code through memory, our own from the builtins.
      code ^= sm[t.local[0]][t.local[1]] ^ position_code();
      code += position_code() >> s;
      a += amp_get_local_id(0) + amp_get_local_id(1) * 100 +
           amp_get_group_id(0) * 10000;
      t.barrier.wait();
      g = hc_get_workitem_absolute_id(0) | hc_get_workitem_absolute_id(1) << 16;
    }
    const int k = t.global[0] * C + t.global[1];
    po[k] = code;
    pa[k] = a;
    pg[k] = g;
  }).wait();
  for (int i = 0; i < R; ++i)
    for (int j = 0; j < C; ++j) {
      const unsigned l0 = i % T0, l1 = j % T1, g0 = i / T0, g1 = j / T1;
      const unsigned z0 = std::min<unsigned>(T0, R - g0 * T0),
                     z1 = std::min<unsigned>(T1, C - g1 * T1);
      // hcc's order: dimension 0 is the last component.
      const unsigned me = l1 | l0 << 5 | g1 << 10 | g0 << 15 | z1 << 20 |
                          z0 << 25;
      unsigned code = 0, a = 0;
      for (int s = 0; s < S; ++s) {
        code += me >> s;
        a += l1 + l0 * 100 + g1 * 10000;
      }
      const int k = i * C + j;
      r.eq(out[k], code, "hc builtins", k);
      r.eq(amp[k], a, "amp builtins", k);
      r.eq(glob[k], unsigned(j) | unsigned(i) << 16, "absolute id", k);
    }
}

// --- atomics on tile_static between barriers ----------------------------------

static void tile_static_atomics() {
  report r("tile_static_atomics");
  const int tile = 64, n = 64 * 5 + 20;
  const int S = steps();
  std::vector<int> out(n, -1), ranks(n, -1);
  int *po = out.data(), *pr = ranks.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int count, high, seen[tile];
    const int l = t.local[0], g = t.global[0];
    int total = 0;
    for (int s = 0; s < S; ++s) {
      if (l == 0) {
        count = 0;
        high = -1;
      }
      t.barrier.wait();
      const int rank = hc::atomic_fetch_add(&count, l + s);
      hc::atomic_fetch_max(&high, (g * 7 + s) % 61);
      seen[l] = rank;
      t.barrier.wait();
      total += count * 100 + high;
      if (s == S - 1)
        pr[g] = seen[l] >= 0;
      t.barrier.wait();
    }
    po[g] = total;
  }).wait();
  for (int origin = 0; origin < n; origin += tile) {
    const int size = std::min(tile, n - origin);
    int total = 0;
    for (int s = 0; s < S; ++s) {
      int count = 0, high = -1;
      for (int l = 0; l < size; ++l) {
        count += l + s;
        high = std::max(high, ((origin + l) * 7 + s) % 61);
      }
      total += count * 100 + high;
    }
    for (int l = 0; l < size; ++l) {
      r.eq(out[origin + l], total, "total", origin + l);
      r.eq(ranks[origin + l], 1, "rank", origin + l);
    }
  }
}

// --- dynamic group memory -------------------------------------------------------

static void dynamic_group_memory() {
  report r("dynamic_group_memory");
  const int T0 = 4, T1 = 16, R = 13, C = 40;
  const int S = steps();
  std::vector<double> out(R * C, -1);
  double *po = out.data();
  hc::tiled_extent<2> domain = hc::extent<2>(R, C).tile_with_dynamic(
      T0, T1, T0 * T1 * sizeof(double));
  hc::parallel_for_each(cpu(), domain, [=](hc::tiled_index<2> t) [[hc]] {
    double *sm =
        static_cast<double *>(hc::get_dynamic_group_segment_base_pointer());
    const int s0 = R - t.tile_origin[0] < T0 ? R - t.tile_origin[0] : T0;
    const int s1 = C - t.tile_origin[1] < T1 ? C - t.tile_origin[1] : T1;
    const int me = t.local[0] * s1 + t.local[1], n = s0 * s1;
    double v = t.global[0] + t.global[1] * 0.25;
    for (int s = 0; s < S; ++s) {
      sm[me] = v;
      t.barrier.wait();
      v = sm[(me + 3) % n] * 0.5 + sm[n - 1 - me];
      t.barrier.wait();
    }
    po[t.global[0] * C + t.global[1]] = v;
  }).wait();
  for (int o0 = 0; o0 < R; o0 += T0)
    for (int o1 = 0; o1 < C; o1 += T1) {
      const int s0 = std::min(T0, R - o0), s1 = std::min(T1, C - o1),
                n = s0 * s1;
      std::vector<double> v(n), sm(n);
      for (int me = 0; me < n; ++me)
        v[me] = (o0 + me / s1) + (o1 + me % s1) * 0.25;
      for (int s = 0; s < S; ++s) {
        sm = v;
        for (int me = 0; me < n; ++me)
          v[me] = sm[(me + 3) % n] * 0.5 + sm[n - 1 - me];
      }
      for (int me = 0; me < n; ++me) {
        const int k = (o0 + me / s1) * C + o1 + me % s1;
        r.near(out[k], v[me], "value", k);
      }
    }
}

// --- pointers kept across barriers -----------------------------------------------

// A pointer into tile_static memory and one into the work-item's own array,
// chosen by the work-item before a barrier and used after it.
static void bump(int *p, int by) [[hc]] { *p += by; }

static void pointers_across_barriers() {
  report r("pointers_across_barriers");
  const int tile = 32, n = 32 * 4;
  const int S = steps();
  std::vector<int> out(n, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int a[tile], b[tile];
    const int l = t.local[0];
    int mine[4] = {l, l + 1, l + 2, l + 3};
    int *shared = (t.global[0] & 1) ? a : b;
    int *own = &mine[l % 4];
    for (int s = 0; s < S; ++s) {
      a[l] = l * 2 + s;
      b[l] = l * 3 - s;
      t.barrier.wait();
      bump(own, shared[(l + s) % tile]);
      t.barrier.wait();
      own = &mine[(l + s) % 4];
    }
    po[t.global[0]] = mine[0] + 10 * mine[1] + 100 * mine[2] + 1000 * mine[3];
  }).wait();
  for (int g = 0; g < n; ++g) {
    const int l = g % tile;
    int mine[4] = {l, l + 1, l + 2, l + 3};
    int own = l % 4;
    for (int s = 0; s < S; ++s) {
      const int k = (l + s) % tile;
      mine[own] += (g & 1) ? k * 2 + s : k * 3 - s;
      own = (l + s) % 4;
    }
    r.eq(out[g], mine[0] + 10 * mine[1] + 100 * mine[2] + 1000 * mine[3],
         "value", g);
  }
}

// --- a barrier in a recursive function of fixed depth ---------------------------

// Every work-item calls it with the same depth: the same number of barriers.
static int leaves(const hc::tiled_index<1> &t, int *sm, int depth, int v)
    [[hc]] {
  if (depth == 0) {
    const int l = t.local[0];
    sm[l] = v;
    t.barrier.wait();
    const int r = sm[(l + 1) % 16];
    t.barrier.wait();
    return r;
  }
  return leaves(t, sm, depth - 1, v + depth) * 2 -
         leaves(t, sm, depth - 1, v - depth);
}

static void recursion_fixed_depth() {
  report r("recursion_fixed_depth");
  const int tile = 16, n = 16 * 3, depth = 3;
  std::vector<int> out(n, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    po[t.global[0]] = leaves(t, sm, depth, t.global[0]);
  }).wait();
  // On the host: the calls in the same order for every work-item of a
  // tile, each leaf rotating the tile's values by one.
  struct host {
    static std::vector<int> run(const std::vector<int> &v, int d) {
      if (d == 0) {
        std::vector<int> w(v.size());
        for (size_t l = 0; l < v.size(); ++l)
          w[l] = v[(l + 1) % v.size()];
        return w;
      }
      std::vector<int> up(v), down(v);
      for (int &x : up)
        x += d;
      for (int &x : down)
        x -= d;
      std::vector<int> a = run(up, d - 1), b = run(down, d - 1);
      for (size_t l = 0; l < v.size(); ++l)
        a[l] = a[l] * 2 - b[l];
      return a;
    }
  };
  for (int origin = 0; origin < n; origin += tile) {
    std::vector<int> v(tile);
    for (int l = 0; l < tile; ++l)
      v[l] = origin + l;
    std::vector<int> want = host::run(v, depth);
    for (int l = 0; l < tile; ++l)
      r.eq(out[origin + l], want[l], "value", origin + l);
  }
}

// --- an exception between barriers -------------------------------------------------

// hc::__shfl_down across 32 lanes throws on the CPU backend (a wavefront
// is one work-item there): one work-item of one tile throws after a
// barrier; wait() rethrows it.
static void exception() {
  report r("exception");
  const int tile = 16, n = 16 * 8;
  std::vector<int> out(n, -1);
  int *po = out.data();
  std::string what;
  try {
    hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                          [=](hc::tiled_index<1> t) [[hc]] {
      tile_static int sm[tile];
      const int l = t.local[0];
      sm[l] = t.global[0];
      t.barrier.wait();
      int v = sm[tile - 1 - l];
      if (t.global[0] == 3 * tile + 5)
        v = hc::__shfl_down(v, 1u);
      t.barrier.wait();
      po[t.global[0]] = v;
    }).wait();
    what = "(no exception)";
  } catch (const hc::runtime_exception &e) {
    what = e.what();
  }
  r.expect(what.find("hc::__shfl_down across 32 lanes needs a GPU") !=
               std::string::npos,
           ("exception message: " + what).c_str(), 0, 0, 0);
}

// The threads that ran the tile that threw run tiles again.
static void after_exception() {
  report r("after_exception");
  const int tile = 16, n = 16 * 8;
  std::vector<int> out(n, -1);
  int *po = out.data();
  hc::parallel_for_each(cpu(), hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static int sm[tile];
    const int l = t.local[0];
    sm[l] = t.global[0];
    t.barrier.wait();
    po[t.global[0]] = sm[tile - 1 - l];
  }).wait();
  for (int g = 0; g < n; ++g)
    r.eq(out[g], g / tile * tile + tile - 1 - g % tile, "value", g);
}

int main() {
  loop_values();
  helper_barriers();
  tiles_1d();
  tiles_2d();
  tiles_3d();
  early_return();
  early_return_all_but_one();
  builtins();
  tile_static_atomics();
  dynamic_group_memory();
  pointers_across_barriers();
  recursion_fixed_depth();
  exception();
  after_exception();
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
