// RUN: %hcc -hc %s -o %t && %t
//
// hcc's work-item builtins (hc_get_* and amp_get_*, hc_barrier) give the
// calling work-item's values in plain and tiled kernels of every rank,
// also from a function the kernel calls that is not inlined, and after a
// barrier (where other work-items of the tile ran in between). Dimension 0
// is the fastest varying one (component N-1 of an index<N>); a non-tiled
// launch has groups of one work-item; the group size of a partial tile (at
// the far edge of an extent the tile size does not divide) is its own.
#include <hc.hpp>

#include <cstdio>
#include <vector>

// What a work-item reports, one field per builtin and dimension.
struct report {
  unsigned global[3], local[3], group[3];
  unsigned grid[3], group_size[3], groups[3];
  unsigned amp_global[3], amp_local[3], amp_group[3];
  unsigned amp_grid[3], amp_group_size[3], amp_groups[3];
};

__attribute__((noinline)) void fill(report &r) {
  for (unsigned n = 0; n < 3; ++n) {
    r.global[n] = hc_get_workitem_absolute_id(n);
    r.local[n] = hc_get_workitem_id(n);
    r.group[n] = hc_get_group_id(n);
    r.grid[n] = hc_get_grid_size(n);
    r.group_size[n] = hc_get_group_size(n);
    r.groups[n] = hc_get_num_groups(n);
    r.amp_global[n] = amp_get_global_id(n);
    r.amp_local[n] = amp_get_local_id(n);
    r.amp_group[n] = amp_get_group_id(n);
    r.amp_grid[n] = amp_get_global_size(n);
    r.amp_group_size[n] = amp_get_local_size(n);
    r.amp_groups[n] = amp_get_num_groups(n);
  }
}

static int failures = 0;

static void expect(const char *what, int item, unsigned n, unsigned got,
                   unsigned want) {
  if (got != want && failures++ < 20)
    std::printf("FAIL %s: work-item %d dimension %u: %u, expected %u\n", what,
                item, n, got, want);
}

// `g`, `l`, `t`: the work-item's global, local and group position in hcc's
// order; `e`, `ts`: the extent and tile sizes in hcc's order (1 past rank).
static void check(const char *what, int item, const report &r,
                  const unsigned *g, const unsigned *l, const unsigned *t,
                  const unsigned *e, const unsigned *ts) {
  for (unsigned n = 0; n < 3; ++n) {
    unsigned groups = (e[n] + ts[n] - 1) / ts[n];
    unsigned left = e[n] - t[n] * ts[n];
    unsigned this_group = left < ts[n] ? left : ts[n];
    expect(what, item, n, r.global[n], g[n]);
    expect(what, item, n, r.local[n], l[n]);
    expect(what, item, n, r.group[n], t[n]);
    expect(what, item, n, r.grid[n], e[n]);
    expect(what, item, n, r.group_size[n], this_group);
    expect(what, item, n, r.groups[n], groups);
    expect(what, item, n, r.amp_global[n], g[n]);
    expect(what, item, n, r.amp_local[n], l[n]);
    expect(what, item, n, r.amp_group[n], t[n]);
    expect(what, item, n, r.amp_grid[n], e[n]);
    expect(what, item, n, r.amp_group_size[n], this_group);
    expect(what, item, n, r.amp_groups[n], groups);
  }
}

static void plain_rank1() {
  const int n = 1000;
  hc::array_view<report, 1> out(n);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    fill(out[i]);
  }).wait();
  for (int i = 0; i < n; ++i) {
    unsigned g[3] = {unsigned(i), 0, 0}, z[3] = {0, 0, 0};
    unsigned e[3] = {unsigned(n), 1, 1}, one[3] = {1, 1, 1};
    check("plain rank 1", i, out[i], g, z, g, e, one);
  }
}

static void plain_rank2_inline() {
  // Called in the kernel's own body (inlined): the same values.
  hc::array_view<unsigned, 2> x(5, 7), y(5, 7);
  hc::parallel_for_each(hc::extent<2>(5, 7), [=](hc::index<2> i) [[hc]] {
    x[i] = amp_get_global_id(0);
    y[i] = amp_get_global_id(1) * 100 + amp_get_global_size(1);
  }).wait();
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 7; ++j) {
      expect("plain rank 2 inlined, id 0", i * 7 + j, 0, x(i, j), j);
      expect("plain rank 2 inlined, id 1", i * 7 + j, 1, y(i, j), i * 100 + 5);
    }
}

static void plain_rank4() {
  // Past rank 3, dimensions 0..2 are the three fastest varying ones.
  int dims[4] = {2, 3, 4, 5};
  hc::extent<4> ext(dims);
  hc::array_view<report, 1> out(ext.size());
  hc::parallel_for_each(ext, [=](hc::index<4> i) [[hc]] {
    fill(out[((i[0] * 3 + i[1]) * 4 + i[2]) * 5 + i[3]]);
  }).wait();
  int k = 0;
  for (int a = 0; a < 2; ++a)
    for (int b = 0; b < 3; ++b)
      for (int c = 0; c < 4; ++c)
        for (int d = 0; d < 5; ++d, ++k) {
          unsigned g[3] = {unsigned(d), unsigned(c), unsigned(b)};
          unsigned z[3] = {0, 0, 0}, e[3] = {5, 4, 3}, one[3] = {1, 1, 1};
          check("plain rank 4", k, out[k], g, z, g, e, one);
        }
}

static void tiled_rank1() {
  // 100 work-items in tiles of 16: the last tile is partial.
  hc::array_view<report, 1> out(100);
  hc::parallel_for_each(hc::extent<1>(100).tile(16),
                        [=](hc::tiled_index<1> t) [[hc]] {
    fill(out[t.global]);
  }).wait();
  for (int i = 0; i < 100; ++i) {
    unsigned g[3] = {unsigned(i), 0, 0}, l[3] = {unsigned(i % 16), 0, 0};
    unsigned t[3] = {unsigned(i / 16), 0, 0}, e[3] = {100, 1, 1};
    unsigned ts[3] = {16, 1, 1};
    check("tiled rank 1", i, out[i], g, l, t, e, ts);
  }
}

static void tiled_rank3_with_barrier() {
  // Every work-item reads its values again after hc_barrier and after
  // tile_barrier::wait, while the tile's other work-items ran meanwhile;
  // the barrier itself is checked through tile_static data.
  const int E0 = 4, E1 = 6, E2 = 8, T0 = 2, T1 = 3, T2 = 4;
  hc::array_view<report, 3> before(E0, E1, E2), after(E0, E1, E2);
  hc::array_view<int, 3> neighbour(E0, E1, E2);
  hc::parallel_for_each(hc::extent<3>(E0, E1, E2).tile(T0, T1, T2),
                        [=](hc::tiled_index<3> t) [[hc]] {
    tile_static int seen[T0][T1][T2];
    fill(before[t.global]);
    seen[t.local[0]][t.local[1]][t.local[2]] = t.global[2];
    hc_barrier(CLK_LOCAL_MEM_FENCE);
    neighbour[t.global] = seen[t.local[0]][t.local[1]][(t.local[2] + 1) % T2];
    t.barrier.wait();
    fill(after[t.global]);
  }).wait();
  int k = 0;
  for (int i = 0; i < E0; ++i)
    for (int j = 0; j < E1; ++j)
      for (int m = 0; m < E2; ++m, ++k) {
        unsigned g[3] = {unsigned(m), unsigned(j), unsigned(i)};
        unsigned l[3] = {unsigned(m % T2), unsigned(j % T1), unsigned(i % T0)};
        unsigned t[3] = {unsigned(m / T2), unsigned(j / T1), unsigned(i / T0)};
        unsigned e[3] = {E2, E1, E0}, ts[3] = {T2, T1, T0};
        check("tiled rank 3 before the barriers", k, before(i, j, m), g, l, t,
              e, ts);
        check("tiled rank 3 after the barriers", k, after(i, j, m), g, l, t, e,
              ts);
        int want = m / T2 * T2 + (m % T2 + 1) % T2;
        expect("hc_barrier orders tile_static data", k, 0, neighbour(i, j, m),
               want);
      }
}

static void outside_kernels() {
  // Host code is no work-item: ids 0, sizes 1.
  for (unsigned n = 0; n < 3; ++n) {
    expect("host id", -1, n, hc_get_workitem_absolute_id(n), 0);
    expect("host size", -1, n, hc_get_grid_size(n), 1);
    expect("host group size", -1, n, amp_get_local_size(n), 1);
  }
}

int main() {
  plain_rank1();
  plain_rank2_inline();
  plain_rank4();
  tiled_rank1();
  tiled_rank3_with_barrier();
  outside_kernels();
  if (failures) {
    std::printf("%d failures\n", failures);
    return 1;
  }
  std::printf("ok\n");
  return 0;
}
