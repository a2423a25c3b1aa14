// REQUIRES: cpu-backend
// RUN: %hcc --offload-arch=none -O2 %s -o %t
// RUN: %t | FileCheck %s
// RUN: %hcc --offload-arch=none -O2 -mllvm -hcc-cpu-position-splitting=false %s -o %t.whole
// RUN: %t.whole | FileCheck %s
//
// Kernels that branch on comparisons of their position with values known
// at run time: the CPU loops over their work-items are cut where the
// answers change and each piece answers them once. Every work-item must
// take the branch it takes when every test is made for it: for limits
// before, inside, at the ends of and beyond the domain, for ==, <, <=, >,
// >= and switches, signed and unsigned, with the position on either side
// and plus an offset; in a 2-D domain whose border the kernel places away
// from the domain's; for a loop inside the kernel that carries a sum from
// one iteration to the next; and in a tile after a barrier.
//
// CHECK: equal_or_below: ok
// CHECK-NEXT: at_most_or_above: ok
// CHECK-NEXT: limit_on_left_with_offset: ok
// CHECK-NEXT: unsigned_below: ok
// CHECK-NEXT: switch_on_position: ok
// CHECK-NEXT: border_2d: ok
// CHECK-NEXT: carried_sum: ok
// CHECK-NEXT: tile_if_else: ok
// CHECK-NEXT: failures: 0
#include <hc.hpp>

#include <climits>
#include <cstdio>
#include <vector>

static int failures = 0;
constexpr int n = 1000; // not a multiple of what a thread's chunk is
static const int limits[] = {INT_MIN, -1, 0, 1, 7, 499, 998, 999, 1000,
                             1001, INT_MAX};

static hc::accelerator_view cpu() {
  return hc::accelerator(L"cpu").get_default_view();
}

static void report(const char *name, int bad) {
  std::printf(bad ? "%s: FAILED (%d)\n" : "%s: ok\n", name, bad);
  failures += bad != 0;
}

static void compare(const char *name, int a, int b, const std::vector<int> &got,
                    const std::vector<int> &want, int &bad) {
  for (size_t i = 0; i < got.size(); ++i)
    if (got[i] != want[i] && bad++ < 5)
      std::printf("%s: limits %d, %d: at %zu: got %d, want %d\n", name, a, b,
                  i, got[i], want[i]);
}

// A 1-D kernel that writes `out` on some branches of BODY only (stores
// under branches, which stay branches), checked against the host for every
// pair of limits.
#define POSITION_CASE(NAME, BODY)                                              \
  static void NAME##_write(int i, int a, int b, int &out) [[hc, cpu]] BODY     \
  static void NAME() {                                                         \
    int bad = 0;                                                               \
    for (int a : limits)                                                       \
      for (int b : {INT_MIN, 0, 3, 998, INT_MAX}) {                            \
        std::vector<int> out(n, -1), want(n, -1);                              \
        hc::array_view<int, 1> vout(n, out);                                   \
        hc::parallel_for_each(cpu(), vout.get_extent(),                        \
                              [=](hc::index<1> idx) [[hc]] {                   \
          NAME##_write(idx[0], a, b, vout[idx]);                               \
        });                                                                    \
        vout.synchronize();                                                    \
        for (int i = 0; i < n; ++i)                                            \
          NAME##_write(i, a, b, want[i]);                                      \
        compare(#NAME, a, b, out, want, bad);                                  \
      }                                                                        \
    report(#NAME, bad);                                                        \
  }

POSITION_CASE(equal_or_below, {
  if (i == a || i == b)
    out = 1;
  else if (i < a)
    out = 2 * i;
})
POSITION_CASE(at_most_or_above, {
  if (i <= a)
    out = i * 2;
  else if (i > b)
    out = i * 3;
})
POSITION_CASE(limit_on_left_with_offset, {
  if (a >= i + 5)
    out = 10;
  else if (b < i - 3)
    out = 20;
})
POSITION_CASE(unsigned_below, {
  if (static_cast<unsigned>(i) < static_cast<unsigned>(a))
    out = 1;
  else if (static_cast<unsigned>(i) >= static_cast<unsigned>(b))
    out = 2;
})
POSITION_CASE(switch_on_position, {
  switch (i) {
  case 0:
    out = 5;
    break;
  case 17:
    out = 6;
    break;
  case 999:
    out = 7;
    break;
  default:
    if (i == a)
      out = 8;
  }
})

// The kernel's own border, one column and one row inside the domain's.
static void border_2d() {
  constexpr int rows = 40, cols = 70;
  const int inner_rows = rows - 1, inner_cols = cols - 1;
  std::vector<int> in(rows * cols), out(rows * cols, -1), want(rows * cols);
  for (int k = 0; k < rows * cols; ++k)
    in[k] = (k * 7) % 13;
  hc::array_view<const int, 2> vin(rows, cols, in);
  hc::array_view<int, 2> vout(rows, cols, out);
  hc::parallel_for_each(cpu(), vout.get_extent(), [=](hc::index<2> i) [[hc]] {
    const int y = i[0], x = i[1];
    if (y >= inner_rows || x >= inner_cols) {
      vout[i] = -2;
      return;
    }
    if (y == 0 || y == inner_rows - 1 || x == 0 || x == inner_cols - 1) {
      vout[i] = vin[i];
      return;
    }
    vout[i] = vin(y - 1, x) + vin(y + 1, x) + vin(y, x - 1) + vin(y, x + 1);
  });
  vout.synchronize();
  for (int y = 0; y < rows; ++y)
    for (int x = 0; x < cols; ++x) {
      int &w = want[y * cols + x];
      if (y >= inner_rows || x >= inner_cols)
        w = -2;
      else if (y == 0 || y == inner_rows - 1 || x == 0 || x == inner_cols - 1)
        w = in[y * cols + x];
      else
        w = in[(y - 1) * cols + x] + in[(y + 1) * cols + x] +
            in[y * cols + x - 1] + in[y * cols + x + 1];
    }
  int bad = 0;
  compare("border_2d", inner_rows, inner_cols, out, want, bad);
  report("border_2d", bad);
}

// A loop in the kernel whose branches test its own counter, summing.
static int weighted_sum(const int *v, int m, int k) [[hc, cpu]] {
  int sum = 0;
  for (int j = 0; j < m; ++j) {
    if (j == k)
      sum += 100 * v[j];
    else if (j > m - 4)
      sum -= v[j];
    else
      sum += v[j];
  }
  return sum;
}

static void carried_sum() {
  constexpr int m = 64;
  std::vector<int> v(m), out(n), want(n);
  for (int j = 0; j < m; ++j)
    v[j] = j % 5 + 1;
  hc::array_view<const int, 1> vv(m, v);
  hc::array_view<int, 1> vout(n, out);
  hc::parallel_for_each(cpu(), vout.get_extent(), [=](hc::index<1> i) [[hc]] {
    const int k = i[0] % 70 - 3;
    vout[i] = weighted_sum(vv.data(), m - i[0] % 3, k);
  });
  vout.synchronize();
  for (int i = 0; i < n; ++i)
    want[i] = weighted_sum(v.data(), m - i % 3, i % 70 - 3);
  int bad = 0;
  compare("carried_sum", m, 0, out, want, bad);
  report("carried_sum", bad);
}

static void tile_if_else() {
  constexpr int tile = 64;
  int bad = 0;
  for (int k : {-5, 0, 1, 31, 63, 64, 100}) {
    std::vector<int> out(4 * tile, -1), want(4 * tile);
    hc::array_view<int, 1> vout(4 * tile, out);
    hc::parallel_for_each(cpu(), vout.get_extent().tile(tile),
                          [=](hc::tiled_index<1> t) [[hc]] {
      tile_static int s[tile];
      const int l = t.local[0];
      s[l] = l * 3;
      t.barrier.wait();
      if (l == k || l > k + 10)
        vout[t.global] = s[tile - 1 - l];
      else
        vout[t.global] = -s[l];
    });
    vout.synchronize();
    for (int g = 0; g < 4 * tile; ++g) {
      const int l = g % tile;
      want[g] = (l == k || l > k + 10) ? (tile - 1 - l) * 3 : -l * 3;
    }
    compare("tile_if_else", k, 0, out, want, bad);
  }
  report("tile_if_else", bad);
}

int main() {
  equal_or_below();
  at_most_or_above();
  limit_on_left_with_offset();
  unsigned_below();
  switch_on_position();
  border_2d();
  carried_sum();
  tile_if_else();
  std::printf("failures: %d\n", failures);
  return failures != 0;
}
