// RUN: %hcc -hc %s -o %t && %t
//
// hcc's __atomic_wrapinc / __atomic_wrapdec on global and on tile_static
// memory: wrapinc stores (old >= val ? 0 : old + 1), wrapdec stores
// ((old == 0 || old > val) ? val : old - 1), both return old; and many
// work-items wrapping one counter together.
#include <hc.hpp>

#include <cstdio>
#include <vector>

static int failures = 0;
static void expect(const char *what, int i, unsigned got, unsigned want) {
  if (got != want && failures++ < 20)
    std::printf("FAIL %s at %d: %u, expected %u\n", what, i, got, want);
}

int main() {
  const int n = 256, limit = 100;
  hc::array_view<unsigned, 1> inc(n), inc_old(n), dec(n), dec_old(n);
  hc::parallel_for_each(hc::extent<1>(n), [=](hc::index<1> i) [[hc]] {
    inc[i] = i[0];
    dec[i] = i[0];
    inc_old[i] = __atomic_wrapinc(&inc[i], limit);
    dec_old[i] = __atomic_wrapdec(&dec[i], limit);
  }).wait();
  for (unsigned i = 0; i < n; ++i) {
    expect("wrapinc old", i, inc_old[i], i);
    expect("wrapinc new", i, inc[i], i >= limit ? 0 : i + 1);
    expect("wrapdec old", i, dec_old[i], i);
    expect("wrapdec new", i, dec[i], (i == 0 || i > limit) ? limit : i - 1);
  }

  // tile_static: every work-item of a 64-wide tile steps its own slot.
  const int tile = 64;
  hc::array_view<unsigned, 1> tinc(n), tdec(n);
  hc::parallel_for_each(hc::extent<1>(n).tile(tile),
                        [=](hc::tiled_index<1> t) [[hc]] {
    tile_static unsigned up[tile], down[tile];
    const int l = t.local[0];
    up[l] = l;
    down[l] = l;
    t.barrier.wait();
    __atomic_wrapinc(&up[l], 31u);
    __atomic_wrapdec(&down[l], 31u);
    t.barrier.wait();
    tinc[t.global] = up[l];
    tdec[t.global] = down[l];
  }).wait();
  for (unsigned i = 0; i < n; ++i) {
    const unsigned l = i % tile;
    expect("tile_static wrapinc", i, tinc[i], l >= 31 ? 0 : l + 1);
    expect("tile_static wrapdec", i, tdec[i], (l == 0 || l > 31) ? 31 : l - 1);
  }

  // 1000 increments of one counter wrapping at 9 (values 0 .. 9) leave
  // 1000 % 10; every old value 0 .. 9 is returned 100 times.
  hc::array_view<unsigned, 1> counter(1), seen(10);
  counter[0] = 0;
  for (int v = 0; v < 10; ++v)
    seen[v] = 0;
  hc::parallel_for_each(hc::extent<1>(1000), [=](hc::index<1>) [[hc]] {
    unsigned old = __atomic_wrapinc(&counter[0], 9u);
    hc::atomic_fetch_add(&seen[old % 10], 1); // the 1 converts to unsigned
  }).wait();
  expect("shared counter", 0, counter[0], 0);
  for (int v = 0; v < 10; ++v)
    expect("old values", v, seen[v], 100);

  std::printf(failures ? "failed\n" : "ok\n");
  return failures != 0;
}
